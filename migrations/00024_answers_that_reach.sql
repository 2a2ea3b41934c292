-- +goose Up
-- A staff answer e-mailed to a visitor who left the chat: a message of the delivery
-- ledger like the customers' others (retried, recorded, listed, erased with its
-- recipient), about a conversation instead of an appointment. One at a time is due per
-- conversation: the staff answers written before it is sent go out together in it.
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer', 'code', 'chat_answer'));
ALTER TABLE deliveries ADD COLUMN conversation_id uuid REFERENCES chat_conversations (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX deliveries_chat_answer_due ON deliveries (conversation_id)
    WHERE kind = 'chat_answer' AND state = 'scheduled';

-- The visitor's answer to the one question Dota asks when staff hand a conversation back:
-- were they helped? Kept per staff member (as the visitor saw them named) for the rate the
-- operations page shows per week.
CREATE TABLE chat_ratings (
    id              bigserial PRIMARY KEY,
    conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    agent_id        uuid,
    agent_name      text NOT NULL DEFAULT '',
    helpful         boolean NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_ratings_week_idx ON chat_ratings (created_at, agent_id);

-- +goose Down
DROP TABLE chat_ratings;
DROP INDEX deliveries_chat_answer_due;
DELETE FROM deliveries WHERE kind = 'chat_answer';
ALTER TABLE deliveries DROP COLUMN conversation_id;
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer', 'code'));
