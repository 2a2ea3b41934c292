-- +goose Up
-- One-time codes that prove a visitor owns an e-mail address before Dota shows or changes
-- their appointments. The code itself is made when its message is sent and kept only as
-- its SHA-256; the row says how long it lasts and how many tries are left.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer', 'code'));

CREATE TABLE verification_codes (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email       text NOT NULL,
    delivery_id uuid REFERENCES deliveries (id) ON DELETE CASCADE,
    code_hash   bytea,
    expires_at  timestamptz NOT NULL,
    tries       integer NOT NULL DEFAULT 0,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_email_idx ON verification_codes (lower(email), created_at DESC);
CREATE INDEX verification_codes_delivery_idx ON verification_codes (delivery_id);

-- +goose Down
DROP TABLE verification_codes;
DELETE FROM deliveries WHERE kind = 'code';
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer'));
