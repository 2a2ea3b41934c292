-- Every number Dota keeps is matched in E.164 ("+213555334455"), however it was typed, as
-- clients' numbers are since 00002: an appointment's, a waitlist entry's and the one Dota
-- collected in a conversation each get a canonical column beside the number as typed
-- (kept for display). The application (booking.CanonicalPhone) writes them from now on;
-- personal-data requests find a person's entries and conversations by them.

-- +goose Up
ALTER TABLE appointments ADD COLUMN phone_e164 text;
ALTER TABLE waitlist ADD COLUMN phone_e164 text;
ALTER TABLE chat_conversations ADD COLUMN phone_e164 text;

-- Backfill, with 00002's reading of the spellings: Algerian numbers (0555 33 44 55,
-- +213 555 33 44 55, 00213 555 33 44 55, +213 (0)555..., 555 33 44 55) and international
-- numbers written with + or 00; anything else stays NULL.
-- +goose StatementBegin
CREATE FUNCTION pg_temp.phone_e164(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
        WHEN d ~ '^(\+|00)2130?[1-9][0-9]{7,8}$' THEN '+213' || regexp_replace(d, '^(\+|00)2130?', '')
        WHEN d ~ '^(\+|00)[1-9][0-9]{7,14}$' THEN '+' || regexp_replace(d, '^(\+|00)', '')
        WHEN d ~ '^0[1-9][0-9]{7,8}$' THEN '+213' || substr(d, 2)
        WHEN d ~ '^[5-7][0-9]{8}$' THEN '+213' || d
    END
    FROM (SELECT regexp_replace(coalesce(p, ''), '[[:space:]().-]', '', 'g') AS d) n
$$;
-- +goose StatementEnd
UPDATE appointments SET phone_e164 = pg_temp.phone_e164(phone) WHERE phone IS NOT NULL;
UPDATE waitlist SET phone_e164 = pg_temp.phone_e164(phone) WHERE phone <> '';
UPDATE chat_conversations SET phone_e164 = pg_temp.phone_e164(collected->>'phone')
    WHERE coalesce(collected->>'phone', '') <> '';
DROP FUNCTION pg_temp.phone_e164(text);

-- An appointment is found by its client; waitlist entries and conversations by number.
CREATE INDEX waitlist_phone_e164_idx ON waitlist (phone_e164);
CREATE INDEX chat_conversations_phone_e164_idx ON chat_conversations (phone_e164);

-- +goose Down
DROP INDEX chat_conversations_phone_e164_idx;
DROP INDEX waitlist_phone_e164_idx;
ALTER TABLE chat_conversations DROP COLUMN phone_e164;
ALTER TABLE waitlist DROP COLUMN phone_e164;
ALTER TABLE appointments DROP COLUMN phone_e164;
