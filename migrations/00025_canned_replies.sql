-- +goose Up
-- Canned replies: short answers staff insert from a conversation's reply box, written by
-- administrators in French, English and Arabic (an object of language to text), with
-- variables ({first_name}, {date}, {service}, {manage_link}) filled from the conversation
-- when one is inserted. The title is what staff type to find one; no two share it.
CREATE TABLE canned_replies (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 80),
    texts      jsonb NOT NULL CHECK (jsonb_typeof(texts) = 'object' AND texts <> '{}'::jsonb),
    created_by uuid REFERENCES admin_users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX canned_replies_title_idx ON canned_replies (lower(title));

-- +goose Down
DROP TABLE canned_replies;
