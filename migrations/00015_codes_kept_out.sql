-- A code message's subject carries its one-time code ("291398 : votre code Dota"), and the
-- delivery ledger staff read kept it as sent. The application now records it masked
-- (mail.Message.KeptSubject); the rows written before are masked the same way.

-- +goose Up
UPDATE deliveries SET subject = regexp_replace(subject, '[0-9]{6}', '••••••', 'g')
    WHERE kind = 'code' AND subject ~ '[0-9]{6}';

-- +goose Down
-- The codes were not kept: there is nothing to put back.
