-- +goose Up
-- The name a visitor sees for a staff member who answers them in the chat, chosen by
-- that member on their profile. Unset (NULL), it is made from their e-mail: the first
-- word before the @, capitalized ("karim.benali@…" is Karim).
ALTER TABLE admin_users ADD COLUMN display_name text
    CHECK (display_name IS NULL OR length(btrim(display_name)) BETWEEN 1 AND 40);

-- +goose Down
ALTER TABLE admin_users DROP COLUMN display_name;
