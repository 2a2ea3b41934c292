-- +goose Up
-- Before the meeting: the prospect reconfirms from the reminder ("I'll be there"); a short
-- second reminder goes reconfirm_lead_minutes before to those who have not (0: none).
-- After it: staff record what happened (attended, no-show, or the agency cancelled or missed
-- it), and an optional follow-up e-mail thanks those who came with a link to the next step.
-- Package booking owns all of it.
ALTER TABLE appointments
    ADD COLUMN reconfirmed_at timestamptz,
    ADD COLUMN outcome text CHECK (outcome IN ('attended', 'no_show', 'agency_cancelled')),
    ADD COLUMN outcome_at timestamptz,
    ADD COLUMN outcome_by text,
    ADD CONSTRAINT appointments_outcome_recorded CHECK ((outcome IS NULL) = (outcome_at IS NULL));
CREATE INDEX appointments_outcome_due_idx ON appointments (date) WHERE outcome IS NULL AND status <> 'cancelled';

ALTER TABLE settings
    ADD COLUMN reconfirm_lead_minutes integer NOT NULL DEFAULT 180 CHECK (reconfirm_lead_minutes BETWEEN 0 AND 10080),
    ADD COLUMN follow_up_email boolean NOT NULL DEFAULT false,
    ADD COLUMN follow_up_url text NOT NULL DEFAULT '';

ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer', 'code', 'chat_answer',
     'reconfirm', 'follow_up'));
-- One second reminder per start, one follow-up per appointment.
CREATE UNIQUE INDEX deliveries_reconfirm_once ON deliveries (appointment_id, starts_at)
    WHERE kind = 'reconfirm' AND state IN ('scheduled', 'sent') AND resent_from IS NULL;
CREATE UNIQUE INDEX deliveries_follow_up_once ON deliveries (appointment_id)
    WHERE kind = 'follow_up' AND resent_from IS NULL;

-- +goose Down
DROP INDEX deliveries_follow_up_once;
DROP INDEX deliveries_reconfirm_once;
DELETE FROM deliveries WHERE kind IN ('reconfirm', 'follow_up');
ALTER TABLE deliveries DROP CONSTRAINT deliveries_kind_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_kind_check CHECK (kind IN
    ('confirmation', 'confirmed', 'moved', 'cancelled', 'reminder', 'waitlist_offer', 'code', 'chat_answer'));
ALTER TABLE settings DROP COLUMN follow_up_url, DROP COLUMN follow_up_email, DROP COLUMN reconfirm_lead_minutes;
DROP INDEX appointments_outcome_due_idx;
ALTER TABLE appointments DROP CONSTRAINT appointments_outcome_recorded,
    DROP COLUMN outcome_by, DROP COLUMN outcome_at, DROP COLUMN outcome, DROP COLUMN reconfirmed_at;
