-- +goose Up
-- The waitlist: people who want a full slot, in line. When a place frees up the first in
-- line is offered it: the slot is held for them alone until hold_until (every booking path
-- counts an open offer as a taken place), and accepting books it in the transaction that
-- closes the offer. An entry leaves the line when it is booked, declined, expired
-- (offered and not answered in time), removed by staff, or lapsed (the slot came too near
-- before a place freed).
ALTER TABLE settings
    ADD COLUMN waitlist_hold_minutes integer NOT NULL DEFAULT 30 CHECK (waitlist_hold_minutes BETWEEN 5 AND 1440);

CREATE TABLE waitlist (
    id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    date           date NOT NULL,
    time           text NOT NULL,
    starts_at      timestamptz NOT NULL,
    name           text NOT NULL,
    email          text NOT NULL,
    phone          text NOT NULL,
    service        text,
    language       text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar')),
    source         text NOT NULL CHECK (source IN ('form', 'chat')),
    -- the visitor's chat session, to offer the place in the widget while it is open
    chat_session   text,
    state          text NOT NULL DEFAULT 'waiting'
                       CHECK (state IN ('waiting', 'offered', 'booked', 'declined', 'expired', 'removed', 'lapsed')),
    offered_at     timestamptz,
    hold_until     timestamptz,
    delivery_id    uuid REFERENCES deliveries (id) ON DELETE SET NULL,
    appointment_id uuid REFERENCES appointments (id) ON DELETE SET NULL,
    closed_by      text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CHECK ((state = 'offered') <= (hold_until IS NOT NULL))
);
-- One place in a slot's line per address.
CREATE UNIQUE INDEX waitlist_once ON waitlist (date, time, lower(email)) WHERE state IN ('waiting', 'offered');
-- The line of a slot, and the holds every booking path counts.
CREATE INDEX waitlist_line_idx ON waitlist (date, time, created_at) WHERE state IN ('waiting', 'offered');
CREATE INDEX waitlist_list_idx ON waitlist (date, time, created_at);
CREATE INDEX waitlist_delivery_idx ON waitlist (delivery_id);

-- An offer's link carries a token; only its SHA-256 is kept. Every offer message makes
-- its own, valid while the offer is.
CREATE TABLE waitlist_tokens (
    token_hash  bytea PRIMARY KEY,
    waitlist_id uuid NOT NULL REFERENCES waitlist (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX waitlist_tokens_entry_idx ON waitlist_tokens (waitlist_id);

-- +goose Down
DROP TABLE waitlist_tokens;
DROP TABLE waitlist;
ALTER TABLE settings DROP COLUMN waitlist_hold_minutes;
