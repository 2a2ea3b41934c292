-- +goose Up
-- Notifications and status history store what happened as a text code and its arguments,
-- rendered in the reader's language, not a sentence frozen in one. Rows written before
-- keep their sentence (code NULL).
ALTER TABLE notifications
    ADD COLUMN code text,
    ADD COLUMN args jsonb NOT NULL DEFAULT '{}',
    ALTER COLUMN title DROP NOT NULL,
    ALTER COLUMN message DROP NOT NULL;
ALTER TABLE status_history
    ADD COLUMN code text,
    ADD COLUMN args jsonb NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE status_history DROP COLUMN args, DROP COLUMN code;
UPDATE notifications SET title = coalesce(title, ''), message = coalesce(message, '');
ALTER TABLE notifications ALTER COLUMN title SET NOT NULL, ALTER COLUMN message SET NOT NULL,
    DROP COLUMN args, DROP COLUMN code;
