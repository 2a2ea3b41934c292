package booking

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/attribution"
)

// BookingsBySource counts the bookings made from the site (by the form or the chat, not
// by the console) on the days from and to of SourcePeriod, by the source and campaign of
// the visit that made them.
func (s *Core) BookingsBySource(ctx context.Context, from, to string) ([]attribution.Booked, error) {
	rows, err := s.db.Query(ctx, `SELECT traffic_source AS source, campaign, count(*)::int AS bookings
		FROM appointments
		WHERE source <> 'console' AND created_at >= $1::date AT TIME ZONE 'UTC'
			AND created_at < ($2::date + 1) AT TIME ZONE 'UTC'
		GROUP BY traffic_source, campaign`, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[attribution.Booked])
}

// SourcePeriod reads the period of the dashboard's sources (Period): days in UTC, as the
// traffic counts them.
func (s *Core) SourcePeriod(from, to string) (string, string, error) {
	return Period(from, to, s.now().UTC())
}
