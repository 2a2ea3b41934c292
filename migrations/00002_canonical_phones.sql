-- Clients are matched by their phone in E.164 ("+213555334455"), however it was typed, and
-- an appointment keeps the hash of the request that booked it with its Idempotency-Key.
-- numero_1 and numero_2 stay as typed, for display; the application (booking.CanonicalPhone,
-- on github.com/nyaruka/phonenumbers) writes the canonical columns from now on.

-- +goose Up
ALTER TABLE clients ADD COLUMN numero_1_e164 text, ADD COLUMN numero_2_e164 text;

-- Backfill: the spellings of Algerian numbers (0555 33 44 55, +213 555 33 44 55,
-- 00213 555 33 44 55, +213 (0)555..., 555 33 44 55) and international numbers written with
-- + or 00. The numbering plan's finer ranges are not checked here: a number the
-- application would refuse may get a canonical form, which can match only the same digits,
-- and new bookings with it are refused anyway. Anything else (no digits, too short,
-- national numbers of other countries) stays NULL: such a client is matched by e-mail only
-- until staff correct the number.
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
UPDATE clients SET numero_1_e164 = pg_temp.phone_e164(numero_1), numero_2_e164 = pg_temp.phone_e164(numero_2)
    WHERE numero_1 IS NOT NULL OR numero_2 IS NOT NULL;
DROP FUNCTION pg_temp.phone_e164(text);

CREATE INDEX clients_numero_1_e164_idx ON clients (numero_1_e164);
CREATE INDEX clients_numero_2_e164_idx ON clients (numero_2_e164);
-- Matching no longer reads the numbers as typed.
DROP INDEX clients_numero_1_idx;
DROP INDEX clients_numero_2_idx;

-- The hash (booking.RequestHash) of the request that booked an appointment with an
-- Idempotency-Key. Keys stored before it are NULL and match no retry: their window (a
-- client's retries of one request) is long past when this runs.
ALTER TABLE appointments ADD COLUMN request_hash text;

-- +goose Down
ALTER TABLE appointments DROP COLUMN request_hash;
CREATE INDEX clients_numero_1_idx ON clients (numero_1);
CREATE INDEX clients_numero_2_idx ON clients (numero_2);
DROP INDEX clients_numero_2_e164_idx;
DROP INDEX clients_numero_1_e164_idx;
ALTER TABLE clients DROP COLUMN numero_2_e164, DROP COLUMN numero_1_e164;
