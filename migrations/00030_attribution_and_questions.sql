-- +goose Up
-- Where bookings come from: the visit's first and last touch (UTM parameters, click ids,
-- the referrer's host, the landing path) kept with the appointment, and its last touch's
-- source and campaign beside it for the console's filters and the dashboard (package
-- booking); with a waitlist entry (booking) and a newsletter subscription (catalogue) as
-- well. Visits and opened chats are counted per day, source and campaign, without any
-- personal data (package attribution owns traffic).
--
-- The questions that matter for each service: up to five per service (catalogue owns
-- the definition), and the answers a booking gave, with the question's texts as they were
-- asked (booking owns them, erased with the person).
ALTER TABLE services ADD COLUMN questions jsonb NOT NULL DEFAULT '[]';

ALTER TABLE appointments
    ADD COLUMN attribution jsonb,
    ADD COLUMN traffic_source text NOT NULL DEFAULT 'direct',
    ADD COLUMN campaign text NOT NULL DEFAULT '',
    ADD COLUMN answers jsonb NOT NULL DEFAULT '[]';
CREATE INDEX appointments_traffic_idx ON appointments (traffic_source, campaign, created_at);

ALTER TABLE waitlist ADD COLUMN attribution jsonb;
ALTER TABLE newsletter_subscriptions ADD COLUMN attribution jsonb;

CREATE TABLE traffic (
    day      date NOT NULL,
    source   text NOT NULL,
    campaign text NOT NULL DEFAULT '',
    visits   integer NOT NULL DEFAULT 0,
    chats    integer NOT NULL DEFAULT 0,
    PRIMARY KEY (day, source, campaign)
);

-- +goose Down
DROP TABLE traffic;
ALTER TABLE newsletter_subscriptions DROP COLUMN attribution;
ALTER TABLE waitlist DROP COLUMN attribution;
DROP INDEX appointments_traffic_idx;
ALTER TABLE appointments DROP COLUMN answers, DROP COLUMN campaign, DROP COLUMN traffic_source, DROP COLUMN attribution;
ALTER TABLE services DROP COLUMN questions;
