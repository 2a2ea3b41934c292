package backup

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// tickArgs is the periodic job that asks whether a backup is due.
type tickArgs struct{}

// Kind names the job in River's tables.
func (tickArgs) Kind() string { return "backup_tick" }

// runArgs is the job that makes a run the console asked for.
type runArgs struct {
	RunID string `json:"run_id"`
}

// Kind names the job in River's tables.
func (runArgs) Kind() string { return "backup_run" }

// AddWorkers registers the backup's workers on the River client (booking.JobsConfig).
func (s *Service) AddWorkers(w *river.Workers) error {
	if err := river.AddWorkerSafely(w, &tickWorker{s: s}); err != nil {
		return err
	}
	return river.AddWorkerSafely(w, &runWorker{s: s})
}

// Periodic is the schedule's job (booking.JobsConfig.Periodic): every Tick, on River's
// leader alone, and once as it starts. Each is tried once: a failed backup is recorded,
// and the next tick decides again.
func (s *Service) Periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(s.cfg.Tick), func() (river.JobArgs, *river.InsertOpts) {
		return tickArgs{}, &river.InsertOpts{MaxAttempts: 1}
	}, &river.PeriodicJobOpts{ID: "backup_tick", RunOnStart: true})
}

// A backup may take longer than River's job time-out (a minute at most): its workers
// have the backup's own. Tried once, a backup job that outlives the rescue delay is
// discarded by River's rescuer, never run twice.
type tickWorker struct {
	river.WorkerDefaults[tickArgs]
	s *Service
}

func (w *tickWorker) Timeout(*river.Job[tickArgs]) time.Duration {
	return w.s.cfg.Timeout + time.Minute
}

func (w *tickWorker) Work(ctx context.Context, _ *river.Job[tickArgs]) error {
	_, err := w.s.Tick(ctx)
	return err
}

type runWorker struct {
	river.WorkerDefaults[runArgs]
	s *Service
}

func (w *runWorker) Timeout(*river.Job[runArgs]) time.Duration { return w.s.cfg.Timeout + time.Minute }

func (w *runWorker) Work(ctx context.Context, job *river.Job[runArgs]) error {
	r, err := w.s.run(ctx, job.Args.RunID)
	if err != nil || r.State != StateRunning {
		return err
	}
	_, _ = w.s.execute(ctx, r) // a failure is recorded and alerted
	return nil
}

// Tick makes a scheduled backup when the settings ask for them and one is due, and
// reports whether it ran one (a failed one included: it is recorded and alerted).
func (s *Service) Tick(ctx context.Context) (bool, error) {
	if s.settings == nil {
		return false, nil
	}
	st, err := s.settings.Settings(ctx)
	if err != nil || !st.AutoBackup {
		return false, err
	}
	good, failed, err := s.lastRuns(ctx)
	if err != nil || !Due(s.now(), st.BackupFrequency, good, failed, s.cfg.Tick) {
		return false, err
	}
	r, err := s.begin(ctx, s.db, TriggerScheduled)
	if errors.Is(err, ErrRunning) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, _ = s.execute(ctx, r)
	return true, nil
}

// Due reports whether a scheduled backup is due at now: when the last good one (nil: none)
// is older than the frequency (daily, weekly, monthly), less half a tick so that the
// backups do not creep later by a tick each time. After a failure the schedule waits
// RetryAfter before it tries again, rather than fail and alert at every tick.
func Due(now time.Time, frequency string, lastGood, lastFailed *time.Time, tick time.Duration) bool {
	if lastFailed != nil && now.Sub(*lastFailed) < RetryAfter && (lastGood == nil || lastFailed.After(*lastGood)) {
		return false
	}
	var since time.Time
	switch frequency {
	case "weekly":
		since = now.AddDate(0, 0, -7)
	case "monthly":
		since = now.AddDate(0, -1, 0)
	default: // daily
		since = now.AddDate(0, 0, -1)
	}
	return lastGood == nil || lastGood.Before(since.Add(tick/2))
}

// Start begins a run now, for the console: the run is recorded and its job inserted in one
// transaction, and a worker makes it. It is refused with an *UnavailableError when this
// server cannot make a backup, and with ErrRunning while another is under way.
func (s *Service) Start(ctx context.Context) (Run, error) {
	if err := s.Check(); err != nil {
		return Run{}, err
	}
	if s.jobs == nil {
		return Run{}, errors.New("backup: no job client to run the backup with")
	}
	var r Run
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if r, err = s.begin(ctx, tx, TriggerManual); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, runArgs{RunID: r.ID}, &river.InsertOpts{MaxAttempts: 1})
		return err
	})
	if err != nil {
		return Run{}, err
	}
	s.publish(ctx, r)
	return r, nil
}
