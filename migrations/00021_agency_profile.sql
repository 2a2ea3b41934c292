-- +goose Up
-- The agency's profile (address, phones, WhatsApp, social links, price ranges, office
-- hours, tagline), kept with the settings and edited in the console: the site, Dota, the
-- e-mails and the calendar invitations read it from here. `dota seed` fills it with the
-- demo agency's values while it is empty.
ALTER TABLE settings ADD COLUMN agency jsonb NOT NULL DEFAULT '{}'
    CHECK (jsonb_typeof(agency) = 'object');

-- +goose Down
ALTER TABLE settings DROP COLUMN agency;
