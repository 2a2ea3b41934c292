-- +goose Up
-- Alerts to staff outside the console (package alerts): the browsers each staff member
-- turned alerts on in (Web Push subscriptions), what each chose to hear and how, and the
-- ledger of every alert to one user on one channel, each worked by a River job written
-- in the same transaction as its row.

-- One browser's push subscription (PushSubscription.toJSON()); the push service's
-- endpoint is unique, a browser re-subscribing moves it to whoever signed in last.
CREATE TABLE alert_subscriptions (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id    uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    endpoint   text NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 1 AND 2000),
    p256dh     text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
    auth       text NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
    user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 500),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_subscriptions_user ON alert_subscriptions (user_id);

-- The language a user reads their alerts in (the console's, saved with their choices).
CREATE TABLE alert_profiles (
    user_id    uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
    language   text NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'en', 'ar')),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- A user's choice for one event: how it reaches them, and whether also outside office
-- hours. An event without a row takes the role's default.
CREATE TABLE alert_choices (
    user_id       uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    event         text NOT NULL,
    channel       text NOT NULL CHECK (channel IN ('push', 'email', 'none')),
    outside_hours boolean NOT NULL DEFAULT false,
    PRIMARY KEY (user_id, event)
);

-- The ledger: one alert to one user on one channel. `key` (event, what it is about, user,
-- channel) makes an alert raised twice — by two replicas hearing one live event — one row.
CREATE TABLE alerts (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    key        text NOT NULL UNIQUE,
    event      text NOT NULL,
    user_id    uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
    channel    text NOT NULL CHECK (channel IN ('push', 'email')),
    state      text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'skipped')),
    attempts   int NOT NULL DEFAULT 0,
    last_error text NOT NULL DEFAULT '',
    url        text NOT NULL DEFAULT '',
    args       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(args) = 'object'),
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at    timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alerts_newest ON alerts (created_at DESC, id DESC);
CREATE INDEX alerts_state ON alerts (state, created_at DESC);

-- +goose Down
DROP TABLE alerts;
DROP TABLE alert_choices;
DROP TABLE alert_profiles;
DROP TABLE alert_subscriptions;
