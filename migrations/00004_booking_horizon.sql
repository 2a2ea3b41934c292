-- +goose Up
-- How many days ahead a slot may be booked (form, chat and console alike).
ALTER TABLE settings ADD COLUMN booking_horizon_days integer NOT NULL DEFAULT 90
    CHECK (booking_horizon_days BETWEEN 1 AND 730);

-- +goose Down
ALTER TABLE settings DROP COLUMN booking_horizon_days;
