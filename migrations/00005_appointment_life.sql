-- +goose Up
-- The appointment's life after booking: its start as an instant, the calendar SEQUENCE of
-- its messages, the customer's manage links, and the ledger of every message sent or due.

-- How long before an appointment its reminder goes out, and how late a customer may still
-- cancel or move it themselves.
ALTER TABLE settings
    ADD COLUMN reminder_lead_minutes integer NOT NULL DEFAULT 1440 CHECK (reminder_lead_minutes BETWEEN 0 AND 10080),
    ADD COLUMN min_notice_minutes integer NOT NULL DEFAULT 1440 CHECK (min_notice_minutes BETWEEN 0 AND 10080);

-- starts_at is date and time in the agency's time zone, as an instant; sequence is raised
-- at every change a calendar needs to hear of (a move, a cancellation, a return).
ALTER TABLE appointments
    ADD COLUMN starts_at timestamptz,
    ADD COLUMN sequence integer NOT NULL DEFAULT 0;
UPDATE appointments a SET starts_at = (a.date + a.time::time) AT TIME ZONE s.timezone
    FROM settings s WHERE s.id = 1 AND a.date IS NOT NULL;
ALTER TABLE appointments ADD CHECK ((date IS NULL) = (starts_at IS NULL));
CREATE INDEX appointments_starts_idx ON appointments (starts_at) WHERE status <> 'cancelled';

-- A manage link's token is kept only as its SHA-256: the link itself is in the customer's
-- mailbox and nowhere else. Each message carries its own token.
CREATE TABLE manage_tokens (
    token_hash     bytea PRIMARY KEY,
    appointment_id uuid NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX manage_tokens_appointment_idx ON manage_tokens (appointment_id);

-- The delivery ledger: one row per message to a customer, written in the transaction of
-- the change that causes it, with the River job that sends it (its args name the row).
CREATE TABLE deliveries (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    appointment_id uuid REFERENCES appointments (id) ON DELETE CASCADE,
    kind           text NOT NULL CHECK (kind IN
                       ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer')),
    language       text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar')),
    recipient      text NOT NULL,
    state          text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'sent', 'failed', 'skipped')),
    reason         text NOT NULL DEFAULT '',
    attempts       integer NOT NULL DEFAULT 0,
    -- what the message is about, as it was when the change was made
    sequence       integer NOT NULL DEFAULT 0,
    starts_at      timestamptz,
    old_starts_at  timestamptz,
    actor          text NOT NULL DEFAULT 'agency' CHECK (actor IN ('agency', 'customer')),
    subject        text NOT NULL DEFAULT '',
    -- the delivery staff asked to send again
    resent_from    uuid REFERENCES deliveries (id) ON DELETE SET NULL,
    due_at         timestamptz NOT NULL DEFAULT now(),
    sent_at        timestamptz,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_appointment_idx ON deliveries (appointment_id, created_at);
CREATE INDEX deliveries_list_idx ON deliveries (created_at DESC, id DESC);
CREATE INDEX deliveries_state_idx ON deliveries (state, kind, created_at DESC);
-- One reminder per appointment and start, however often it is moved back and forth: a
-- reminder skipped because the appointment moved away does not stand in the way.
CREATE UNIQUE INDEX deliveries_reminder_once ON deliveries (appointment_id, starts_at)
    WHERE kind = 'reminder' AND state IN ('scheduled', 'sent') AND resent_from IS NULL;

-- +goose Down
DROP TABLE deliveries;
DROP TABLE manage_tokens;
DROP INDEX appointments_starts_idx;
ALTER TABLE appointments DROP COLUMN sequence, DROP COLUMN starts_at;
ALTER TABLE settings DROP COLUMN min_notice_minutes, DROP COLUMN reminder_lead_minutes;
