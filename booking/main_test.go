package booking_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/migrations/testdb"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	os.Exit(testdb.Main(m, "booking", func(ctx context.Context, p *pgxpool.Pool) error {
		pool = p
		// The agency, and the catalogue a booking's service is read against.
		if _, err := booking.New(p).SeedAgency(ctx); err != nil {
			return err
		}
		_, err := catalogue.New(p).Seed(ctx)
		return err
	}))
}

// sundayMorning is a fixed "now": Sunday 22 November 2026, 08:00 in Algiers.
var sundayMorning = time.Date(2026, 11, 22, 7, 0, 0, 0, time.UTC)

func newCore(t *testing.T, now time.Time) *booking.Core {
	t.Helper()
	return booking.New(pool, booking.WithClock(func() time.Time { return now }))
}

// reset empties the tables a test writes to.
func reset(t *testing.T) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `TRUNCATE appointments, clients, notifications, newsletter_subscriptions CASCADE;
		UPDATE settings SET slot_capacity = 1, closed_dates = '{}', booking_horizon_days = 90`)
	if err != nil {
		t.Fatal(err)
	}
}
