-- +goose Up
-- How a meeting happens: at the agency's office, by phone (the agency calls), or by video.
-- Each service says which of them it offers and which one a booking that names none gets
-- (package catalogue owns them); each appointment holds its mode and, once it has been a
-- video meeting, the link of its room, kept across moves and changes of mode (package
-- booking owns them). A service offers the office alone until staff say otherwise, so an
-- agency that does not use modes sees no change.
ALTER TABLE services
    ADD COLUMN modes text[] NOT NULL DEFAULT '{office}',
    ADD COLUMN default_mode text NOT NULL DEFAULT 'office',
    ADD CONSTRAINT services_modes_check CHECK (
        cardinality(modes) > 0 AND modes <@ ARRAY['office', 'phone', 'video'] AND default_mode = ANY (modes));

ALTER TABLE appointments
    ADD COLUMN mode text NOT NULL DEFAULT 'office' CHECK (mode IN ('office', 'phone', 'video')),
    ADD COLUMN meeting_url text;

-- +goose Down
ALTER TABLE appointments DROP COLUMN meeting_url, DROP COLUMN mode;
ALTER TABLE services DROP CONSTRAINT services_modes_check, DROP COLUMN default_mode, DROP COLUMN modes;
