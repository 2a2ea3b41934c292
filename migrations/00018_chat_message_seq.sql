-- +goose Up
-- A message of the chat is stored once: its number in its conversation (the session's
-- message count when it was said) is unique there, so a batch of turns the transcript
-- writer writes again — after a failure it could not tell from a commit, or after a
-- replica died before acknowledging it — adds nothing twice. Messages stored before have
-- no number.
ALTER TABLE chat_messages ADD COLUMN seq integer;
CREATE UNIQUE INDEX chat_messages_seq_key ON chat_messages (conversation_id, seq);

-- +goose Down
DROP INDEX chat_messages_seq_key;
ALTER TABLE chat_messages DROP COLUMN seq;
