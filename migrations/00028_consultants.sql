-- +goose Up
-- Who meets the prospect. A consultant is a staff user who takes some services (by slug),
-- works weekly hours (several ranges a day, in the agency's zone) and has days off. When at
-- least one active consultant exists, a slot is free for a service when one consultant who
-- takes it works then, is not off, holds no appointment or waitlist offer then and is not
-- busy in their own calendar; booking assigns one. Without consultants the single slot
-- capacity of the settings stands. Package booking owns these tables (availability is its
-- rule); package calendars owns consultant_calendars and writes busy ranges through booking.
CREATE TABLE consultants (
    user_id    uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
    -- the name visitors see and may ask for ("Yacine"); staff's display name at first
    name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
    services   text[] NOT NULL DEFAULT '{}',
    active     boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Weekly hours: weekday as Go's time.Weekday (0 Sunday … 6 Saturday).
CREATE TABLE consultant_hours (
    user_id uuid NOT NULL REFERENCES consultants (user_id) ON DELETE CASCADE,
    weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    starts  time NOT NULL,
    ends    time NOT NULL,
    CHECK (starts < ends),
    PRIMARY KEY (user_id, weekday, starts)
);

CREATE TABLE consultant_days_off (
    user_id uuid NOT NULL REFERENCES consultants (user_id) ON DELETE CASCADE,
    day     date NOT NULL,
    PRIMARY KEY (user_id, day)
);

-- Busy ranges read from a consultant's own calendar: times only, never titles or attendees.
CREATE TABLE consultant_busy (
    user_id   uuid NOT NULL REFERENCES consultants (user_id) ON DELETE CASCADE,
    starts_at timestamptz NOT NULL,
    ends_at   timestamptz NOT NULL,
    CHECK (starts_at < ends_at)
);
CREATE INDEX consultant_busy_user_idx ON consultant_busy (user_id, starts_at);

-- A consultant's calendars: the private feed out (a revocable token, stored hashed) and the
-- calendar in (an ICS address or a CalDAV collection) with the state of its last reads.
CREATE TABLE consultant_calendars (
    user_id         uuid PRIMARY KEY REFERENCES consultants (user_id) ON DELETE CASCADE,
    feed_token_hash text UNIQUE,
    source_kind     text CHECK (source_kind IN ('ics', 'caldav')),
    source_url      text,
    source_username text,
    source_password text,
    last_read_at    timestamptz,
    last_ok_at      timestamptz,
    last_error      text,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    CHECK ((source_kind IS NULL) = (source_url IS NULL))
);

-- An appointment's owner, and the consultant a waitlist offer holds.
ALTER TABLE appointments ADD COLUMN consultant_id uuid REFERENCES consultants (user_id) ON DELETE SET NULL;
ALTER TABLE waitlist ADD COLUMN consultant_id uuid REFERENCES consultants (user_id) ON DELETE SET NULL;

-- The database refuses two live appointments of one consultant at once. Slots are the fixed
-- hours of SlotTimes, one hour long, so "at once" is the same date and time: a unique index
-- says it without btree_gist; booking also takes the slot's advisory lock as before.
CREATE UNIQUE INDEX appointments_one_per_consultant ON appointments (consultant_id, date, time)
    WHERE consultant_id IS NOT NULL AND status <> 'cancelled';

-- +goose Down
DROP INDEX appointments_one_per_consultant;
ALTER TABLE waitlist DROP COLUMN consultant_id;
ALTER TABLE appointments DROP COLUMN consultant_id;
DROP TABLE consultant_calendars;
DROP TABLE consultant_busy;
DROP TABLE consultant_days_off;
DROP TABLE consultant_hours;
DROP TABLE consultants;
