package calendars

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// pollArgs is the periodic job that reads every consultant's calendar.
type pollArgs struct{}

// Kind names the job in River's tables.
func (pollArgs) Kind() string { return "calendar_poll" }

// Periodic is the reading's job (booking.JobsConfig.Periodic): every Poll, on River's
// leader alone, and once as it starts. It is tried once: the next period reads again.
func (s *Service) Periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(s.cfg.Poll), func() (river.JobArgs, *river.InsertOpts) {
		return pollArgs{}, &river.InsertOpts{MaxAttempts: 1}
	}, &river.PeriodicJobOpts{ID: "calendar_poll", RunOnStart: true})
}

type pollWorker struct {
	river.WorkerDefaults[pollArgs]
	s *Service
}

// Timeout lets a read of every calendar take its time: each read has its own bound.
func (w *pollWorker) Timeout(*river.Job[pollArgs]) time.Duration { return 10 * time.Minute }

func (w *pollWorker) Work(ctx context.Context, _ *river.Job[pollArgs]) error {
	_, err := w.s.ReadAll(ctx)
	return err
}

// ReadAll reads every consultant's calendar in and reports how many were read well.
// A calendar that fails keeps the busy ranges of its last good read (it never blocks or
// frees slots by itself) and records the error and when, which the console shows.
func (s *Service) ReadAll(ctx context.Context) (int, error) {
	if s.booking == nil {
		return 0, errors.New("calendars: no booking core attached")
	}
	rows, err := s.db.Query(ctx, `SELECT user_id::text, source_kind, source_url, coalesce(source_username, ''),
			coalesce(source_password, '')
		FROM consultant_calendars WHERE source_url IS NOT NULL ORDER BY user_id`)
	if err != nil {
		return 0, err
	}
	type entry struct {
		user string
		src  source
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (entry, error) {
		var e entry
		err := r.Scan(&e.user, &e.src.Kind, &e.src.URL, &e.src.Username, &e.src.Password)
		return e, err
	})
	if err != nil {
		return 0, err
	}
	from, to, loc, err := s.window(ctx)
	if err != nil {
		return 0, err
	}
	good := 0
	for _, e := range list {
		if ctx.Err() != nil {
			return good, ctx.Err()
		}
		if s.readOne(ctx, e.user, e.src, from, to, loc) {
			good++
		}
	}
	return good, nil
}

// readOne reads one calendar and records the outcome.
func (s *Service) readOne(ctx context.Context, userID string, src source, from, to time.Time, loc *time.Location) bool {
	now := s.now()
	ranges, err := s.read(ctx, src, from, to, loc)
	if err == nil {
		err = s.booking.ReplaceBusy(ctx, userID, from, to, ranges)
	}
	if err != nil {
		s.log.Warn("a consultant's calendar could not be read", "user_id", userID, "err", err)
		stored := (&ReadError{Code: "calendar_unreachable"}).stored()
		var re *ReadError
		if errors.As(err, &re) {
			stored = re.stored()
		}
		if _, xerr := s.db.Exec(ctx, `UPDATE consultant_calendars SET last_read_at = @now, last_error = @err
			WHERE user_id = @user AND source_url = @url`,
			pgx.NamedArgs{"user": userID, "url": src.URL, "now": now, "err": stored}); xerr != nil {
			s.log.Error("the calendar's read could not be recorded", "user_id", userID, "err", xerr)
		}
		return false
	}
	if _, err := s.db.Exec(ctx, `UPDATE consultant_calendars SET last_read_at = @now, last_ok_at = @now, last_error = NULL
		WHERE user_id = @user AND source_url = @url`, pgx.NamedArgs{"user": userID, "url": src.URL, "now": now}); err != nil {
		s.log.Error("the calendar's read could not be recorded", "user_id", userID, "err", err)
	}
	return true
}
