-- +goose Up
-- A conversation a staff member took returns to Dota once its holder has been silent in
-- it for the settings' staff_idle_release_minutes. The conversation keeps when its holder
-- last acted in it (took it or wrote to the visitor); the sweeper that gives back the
-- hand-offs nobody took finds the silent ones through an index of the held conversations.
ALTER TABLE settings
    ADD COLUMN staff_idle_release_minutes integer NOT NULL DEFAULT 30
        CHECK (staff_idle_release_minutes BETWEEN 5 AND 1440);
ALTER TABLE chat_conversations ADD COLUMN staff_active_at timestamptz;
UPDATE chat_conversations SET staff_active_at = coalesce(claimed_at, updated_at) WHERE state = 'staff';
CREATE INDEX chat_conversations_staff_idle_idx ON chat_conversations (staff_active_at) WHERE state = 'staff';

-- +goose Down
DROP INDEX chat_conversations_staff_idle_idx;
ALTER TABLE chat_conversations DROP COLUMN staff_active_at;
ALTER TABLE settings DROP COLUMN staff_idle_release_minutes;
