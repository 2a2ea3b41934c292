package backup_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/migrations/testdb"
)

// withJobs starts booking's River client with the backup's workers and schedule, as the
// binary does.
func withJobs(t *testing.T, pool *pgxpool.Pool, svc *backup.Service, st *settings) {
	t.Helper()
	core := booking.New(pool, booking.WithJobs(booking.JobsConfig{
		AddWorkers: []func(*river.Workers) error{svc.AddWorkers},
		Periodic:   []*river.PeriodicJob{svc.Periodic()},
	}))
	ctx, cancel := context.WithCancel(context.Background())
	if err := core.StartJobs(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer scancel()
		_ = core.StopJobs(sctx)
		cancel()
	})
	svc.Attach(st, core.Jobs())
}

// waitRun polls the runs until the first one is finished.
func waitRun(t *testing.T, svc *backup.Service) backup.Run {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		runs, err := svc.Runs(context.Background(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) > 0 && runs[0].State != backup.StateRunning {
			return runs[0]
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no backup ended within 30 s")
	return backup.Run{}
}

// "Back up now" records the run at once and a job makes it.
func TestStartRunsThroughTheJobs(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := testdb.New(t)
	ev := &events{}
	svc := backup.New(pool, backup.Config{Dir: t.TempDir(), DatabaseURL: db.URL}, backup.WithPublisher(ev))
	withJobs(t, pool, svc, &settings{AutoBackup: false, BackupFrequency: "daily"})
	r, err := svc.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if r.State != backup.StateRunning || r.Trigger != backup.TriggerManual {
		t.Fatalf("started: %+v", r)
	}
	done := waitRun(t, svc)
	if done.ID != r.ID || done.State != backup.StateSucceeded || done.SizeBytes <= 0 {
		t.Fatalf("ended: %+v", done)
	}
}

// With auto_backup on, River's leader runs the schedule as it starts, and the backup is made.
func TestScheduleRunsOnTheLeader(t *testing.T) {
	needTools(t)
	pool, db := testdb.New(t)
	svc := backup.New(pool, backup.Config{Dir: t.TempDir(), DatabaseURL: db.URL, Tick: time.Hour})
	withJobs(t, pool, svc, &settings{AutoBackup: true, BackupFrequency: "weekly"})
	done := waitRun(t, svc)
	if done.Trigger != backup.TriggerScheduled || done.State != backup.StateSucceeded {
		t.Fatalf("ended: %+v", done)
	}
}

// One run at a time; a run whose process died long ago does not block the next.
func TestOneRunAtATime(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := testdb.New(t)
	svc := backup.New(pool, backup.Config{Dir: t.TempDir(), DatabaseURL: db.URL, Timeout: time.Minute})
	withJobs(t, pool, svc, &settings{BackupFrequency: "daily"})
	if _, err := pool.Exec(ctx, `INSERT INTO backup_runs (trigger) VALUES ('scheduled')`); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(ctx); !errors.Is(err, backup.ErrRunning) {
		t.Fatalf("a second run while one is under way: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE backup_runs SET started_at = now() - interval '1 hour'`); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := svc.Runs(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[1].State != backup.StateFailed || runs[1].Error == "" || runs[0].ID != r.ID {
		t.Fatalf("runs = %+v", runs)
	}
	waitRun(t, svc)
}
