-- One-time codes, kept out of sight and retired.
--
-- A code message's subject carries its one-time code ("291398 : votre code Dota"), and the
-- delivery ledger staff read kept it as sent. The application now records it masked
-- (mail.Message.KeptSubject); the rows written before are masked the same way.
--
-- A new code for an address retires the earlier ones still open (retired_at): only the
-- last code sent proves the address, and an earlier code's message, not sent yet, is not
-- sent.

-- +goose Up
UPDATE deliveries SET subject = regexp_replace(subject, '[0-9]{6}', '••••••', 'g')
    WHERE kind = 'code' AND subject ~ '[0-9]{6}';
ALTER TABLE verification_codes ADD COLUMN retired_at timestamptz;

-- +goose Down
-- The codes were not kept: there is nothing to put back in the ledger.
ALTER TABLE verification_codes DROP COLUMN retired_at;
