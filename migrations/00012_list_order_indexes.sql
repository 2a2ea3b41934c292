-- +goose Up
-- The appointments list orders by (created_at DESC, id DESC). The status and service
-- indexes ended at created_at, so a page of one status could not be read from its index
-- in the list's order: PostgreSQL walked the creation-date index instead, filtering every
-- row of another status on the way (31,530 rows for a page of "confirmed" under recent
-- pending bookings, 17 ms at 100,000 appointments). With id as their last column they
-- give the list's order, and a page reads its 10 rows.
DROP INDEX appointments_status_idx;
CREATE INDEX appointments_status_idx ON appointments (status, created_at DESC, id DESC);
DROP INDEX appointments_service_idx;
CREATE INDEX appointments_service_idx ON appointments (service, created_at DESC, id DESC);

-- +goose Down
DROP INDEX appointments_status_idx;
CREATE INDEX appointments_status_idx ON appointments (status, created_at DESC);
DROP INDEX appointments_service_idx;
CREATE INDEX appointments_service_idx ON appointments (service, created_at DESC);
