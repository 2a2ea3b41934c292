-- +goose Up
-- Every backup the server makes, by hand (`dota backup`, the console's "back up now") or on
-- the schedule the settings ask for (auto_backup, backup_frequency): when it started and
-- ended, the file it wrote and its size, or why it failed. Package backup owns it. At most
-- one run is under way at a time.
CREATE TABLE backup_runs (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    trigger     text NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
    started_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    file        text NOT NULL DEFAULT '',
    size_bytes  bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
    error       text NOT NULL DEFAULT ''
);
CREATE INDEX backup_runs_started_idx ON backup_runs (started_at DESC);
CREATE UNIQUE INDEX backup_runs_one_running ON backup_runs ((true)) WHERE finished_at IS NULL;

-- No SMS provider and no self-registration exist: their switches promised what nothing did.
ALTER TABLE settings DROP COLUMN sms_notifications, DROP COLUMN allow_registration;

-- auto_backup was on by default and did nothing. Backups now run only where the server can
-- make them (pg_dump and DOTA_BACKUP_DIR), so the switch starts off, and an administrator
-- turns it on where they can: the console refuses it, with the reason, where they cannot.
ALTER TABLE settings ALTER COLUMN auto_backup SET DEFAULT false;
UPDATE settings SET auto_backup = false;

-- +goose Down
ALTER TABLE settings ALTER COLUMN auto_backup SET DEFAULT true;
ALTER TABLE settings ADD COLUMN allow_registration boolean NOT NULL DEFAULT true,
    ADD COLUMN sms_notifications boolean NOT NULL DEFAULT false;
DROP TABLE backup_runs;
