-- +goose Up
-- Every appointment a conversation booked, so that each keeps its transcript: a second
-- booking in one conversation used to replace the first in chat_conversations.appointment_id,
-- which now names the conversation's latest booking only.
CREATE TABLE chat_conversation_appointments (
    conversation_id uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    appointment_id  uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    PRIMARY KEY (conversation_id, appointment_id)
);
CREATE INDEX chat_conversation_appointments_appointment_idx ON chat_conversation_appointments (appointment_id);

INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
SELECT id, appointment_id FROM chat_conversations WHERE appointment_id IS NOT NULL;

-- +goose Down
DROP TABLE chat_conversation_appointments;
