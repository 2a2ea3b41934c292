package booking

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// BusyRange is a time a consultant is busy in their own calendar: times only, never what
// the event was.
type BusyRange struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// ReplaceBusy replaces a consultant's busy ranges that touch [from, to) with ranges, in
// one transaction, so that slots are never computed from half a read: what the last read
// of their calendar found is what blocks their slots. Ranges that ended before from are
// dropped too (they block nothing any more). A range that is empty or reversed is left
// out. ErrNotFound when ranges are given for a user who is not a consultant.
func (s *Core) ReplaceBusy(ctx context.Context, userID string, from, to time.Time, ranges []BusyRange) error {
	starts := make([]time.Time, 0, len(ranges))
	ends := make([]time.Time, 0, len(ranges))
	for _, r := range ranges {
		if r.Start.Before(r.End) {
			starts, ends = append(starts, r.Start.UTC()), append(ends, r.End.UTC())
		}
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM consultant_busy
			WHERE user_id = @user AND ((starts_at < @to AND ends_at > @from) OR ends_at <= @from)`,
			pgx.NamedArgs{"user": userID, "from": from, "to": to}); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO consultant_busy (user_id, starts_at, ends_at)
			SELECT @user, r.s, r.e FROM unnest(@starts::timestamptz[], @ends::timestamptz[]) AS r(s, e)`,
			pgx.NamedArgs{"user": userID, "starts": starts, "ends": ends})
		return err
	})
	if pgErr := (*pgconn.PgError)(nil); errors.As(err, &pgErr) && (pgErr.Code == "23503" || pgErr.Code == "22P02") {
		return ErrNotFound // not a consultant (or not an id)
	}
	return err
}

// BusyCount is how many of a consultant's busy ranges end after from: what their
// calendar blocks from then on.
func (s *Core) BusyCount(ctx context.Context, userID string, from time.Time) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM consultant_busy WHERE user_id = @user AND ends_at > @from`,
		pgx.NamedArgs{"user": userID, "from": from}).Scan(&n)
	return n, err
}
