-- +goose Up
-- The hand-off to staff. A conversation is with Dota (bot), waiting for a person
-- (waiting) or held by one staff member (staff); "closed" is read from its last activity.
-- The conversation keeps what Dota collected, for the inbox and for booking on the
-- visitor's behalf. Staff messages are stored with the first name the visitor saw, and
-- a visitor's question that no rule nor Gemini answered is marked for the questions view.
ALTER TABLE chat_conversations
    ADD COLUMN state          text NOT NULL DEFAULT 'bot' CHECK (state IN ('bot', 'waiting', 'staff')),
    ADD COLUMN agent_id       uuid,
    ADD COLUMN agent_name     text,
    ADD COLUMN handoff_reason text CHECK (handoff_reason IN ('asked', 'failures', 'callback', 'staff')),
    ADD COLUMN handoff_at     timestamptz,
    ADD COLUMN claimed_at     timestamptz,
    ADD COLUMN collected      jsonb NOT NULL DEFAULT '{}';
CREATE INDEX chat_conversations_activity_idx ON chat_conversations (updated_at DESC);
CREATE INDEX chat_conversations_state_idx ON chat_conversations (state, updated_at DESC) WHERE state <> 'bot';

ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_sender_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_sender_check CHECK (sender IN ('user', 'bot', 'staff'));
ALTER TABLE chat_messages
    ADD COLUMN author     text,
    ADD COLUMN unanswered boolean NOT NULL DEFAULT false;
CREATE INDEX chat_messages_unanswered_idx ON chat_messages (created_at DESC) WHERE unanswered;

ALTER TABLE settings
    ADD COLUMN handoff_timeout_seconds integer NOT NULL DEFAULT 120 CHECK (handoff_timeout_seconds BETWEEN 10 AND 3600);

-- +goose Down
ALTER TABLE settings DROP COLUMN handoff_timeout_seconds;
DROP INDEX chat_messages_unanswered_idx;
ALTER TABLE chat_messages DROP COLUMN unanswered, DROP COLUMN author;
DELETE FROM chat_messages WHERE sender = 'staff';
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_sender_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_sender_check CHECK (sender IN ('user', 'bot'));
DROP INDEX chat_conversations_state_idx;
DROP INDEX chat_conversations_activity_idx;
ALTER TABLE chat_conversations DROP COLUMN collected, DROP COLUMN claimed_at, DROP COLUMN handoff_at,
    DROP COLUMN handoff_reason, DROP COLUMN agent_name, DROP COLUMN agent_id, DROP COLUMN state;
