package backup

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// ErrRunning is returned when a backup is asked for while another is under way.
var ErrRunning = errors.New("backup: a backup is already under way")

// runColumns read a run, its state from its end and error.
const runColumns = `id, trigger, CASE WHEN finished_at IS NULL THEN 'running' WHEN error <> '' THEN 'failed'
	ELSE 'succeeded' END, started_at, finished_at, file, size_bytes, error`

func scanRun(row pgx.Row) (Run, error) {
	var r Run
	err := row.Scan(&r.ID, &r.Trigger, &r.State, &r.StartedAt, &r.FinishedAt, &r.File, &r.SizeBytes, &r.Error)
	return r, err
}

// interrupted is the error of a run whose process ended before it did.
const interrupted = "interrupted: the server stopped before the backup ended"

// querier is the pool or a transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// begin records a run as started, in q (the pool or a transaction). A run under way
// longer than the timeout allows was cut off with its process: it is closed as
// interrupted first. Another run under way is ErrRunning.
func (s *Service) begin(ctx context.Context, q querier, trigger string) (Run, error) {
	if _, err := q.Exec(ctx, `UPDATE backup_runs SET finished_at = now(), error = $1
		WHERE finished_at IS NULL AND started_at < now() - make_interval(secs => $2)`,
		interrupted, (s.cfg.Timeout + time.Minute).Seconds()); err != nil {
		return Run{}, fmt.Errorf("backup runs: %w", err)
	}
	r, err := scanRun(q.QueryRow(ctx, `INSERT INTO backup_runs (trigger) VALUES ($1) RETURNING `+runColumns, trigger))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return Run{}, ErrRunning
	}
	if err != nil {
		return Run{}, fmt.Errorf("backup runs: %w", err)
	}
	return r, nil
}

// finish records the run's end: its file and size, or its error.
func (s *Service) finish(ctx context.Context, id, file string, size int64, failure string) (Run, error) {
	r, err := scanRun(s.db.QueryRow(ctx, `UPDATE backup_runs SET finished_at = now(), file = $2, size_bytes = $3,
		error = $4 WHERE id = $1 RETURNING `+runColumns, id, file, size, failure))
	if err != nil {
		return Run{}, fmt.Errorf("backup runs: %w", err)
	}
	return r, nil
}

// run reads one run.
func (s *Service) run(ctx context.Context, id string) (Run, error) {
	r, err := scanRun(s.db.QueryRow(ctx, `SELECT `+runColumns+` FROM backup_runs WHERE id = $1`, id))
	if err != nil {
		return Run{}, fmt.Errorf("backup run %s: %w", id, err)
	}
	return r, nil
}

// Runs lists the latest runs, newest first, at most limit of them.
func (s *Service) Runs(ctx context.Context, limit int) ([]Run, error) {
	rows, err := s.db.Query(ctx, `SELECT `+runColumns+` FROM backup_runs ORDER BY started_at DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("backup runs: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Run, error) { return scanRun(row) })
	if err != nil {
		return nil, fmt.Errorf("backup runs: %w", err)
	}
	return out, nil
}

// lastRuns are the start of the last good run and of the last failed one (nil when none).
func (s *Service) lastRuns(ctx context.Context) (good, failed *time.Time, err error) {
	err = s.db.QueryRow(ctx, `SELECT max(started_at) FILTER (WHERE finished_at IS NOT NULL AND error = ''),
		max(started_at) FILTER (WHERE error <> '') FROM backup_runs`).Scan(&good, &failed)
	if err != nil {
		return nil, nil, fmt.Errorf("backup runs: %w", err)
	}
	return good, failed, nil
}
