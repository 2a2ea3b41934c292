-- +goose Up
-- Personal-data requests: each erasure is recorded with who did it, when, and how many
-- rows it erased, never with the erased data. Transcripts of conversations that booked
-- nothing are kept transcript_retention_days, then purged.
CREATE TABLE erasures (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    client_id  uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
    erased_by  text NOT NULL,
    erased_at  timestamptz NOT NULL DEFAULT now(),
    counts     jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX erasures_client_idx ON erasures (client_id);

ALTER TABLE settings
    ADD COLUMN transcript_retention_days integer NOT NULL DEFAULT 180
        CHECK (transcript_retention_days BETWEEN 7 AND 3650);

-- +goose Down
ALTER TABLE settings DROP COLUMN transcript_retention_days;
DROP TABLE erasures;
