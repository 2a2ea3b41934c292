package backup_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/migrations/testdb"
)

// needTools fails the test when the PostgreSQL client tools are missing: the backup is
// nothing without them, and the dev services script installs them with the server.
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (package postgresql-client): %v", tool, err)
		}
	}
}

// seeded is a database with rows in many tables: the agency, the catalogue, clients.
func seeded(t *testing.T) (*pgxpool.Pool, *testdb.Database) {
	t.Helper()
	ctx := context.Background()
	pool, db := testdb.New(t)
	if _, err := booking.New(pool).SeedAgency(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := catalogue.New(pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO clients (nom, prenom, email, numero_1)
		SELECT 'Client', 'N' || n, 'client' || n || '@example.dz', '+21355500' || lpad(n::text, 4, '0') FROM generate_series(1, 25) n`); err != nil {
		t.Fatal(err)
	}
	return pool, db
}

// counts are the rows of every table of the public schema, by name.
func counts(t *testing.T, pool *pgxpool.Pool) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, table := range tables {
		var n int64
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM "`+table+`"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

// The round trip: a dump of a database, restored over another (migrated, with rows of its
// own), gives back the same tables with the same row counts.
func TestBackupRestoresTableByTable(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := seeded(t)
	dir := t.TempDir()
	svc := backup.New(pool, backup.Config{Dir: dir, DatabaseURL: db.URL})
	run, err := svc.Backup(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if run.State != backup.StateSucceeded || run.Trigger != backup.TriggerManual || run.Error != "" ||
		run.FinishedAt == nil || run.SizeBytes <= 0 {
		t.Fatalf("run = %+v", run)
	}
	st, err := os.Stat(filepath.Join(dir, run.File))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() != run.SizeBytes || st.Mode().Perm() != 0o600 {
		t.Errorf("dump: size %d (run says %d), mode %v; want the run's size and 0600", st.Size(), run.SizeBytes, st.Mode().Perm())
	}
	want := counts(t, pool)
	if want["services"] == 0 || want["clients"] != 25 || want["backup_runs"] != 1 {
		t.Fatalf("the source is not what the test seeded: %v", want)
	}

	// The scratch database has the schema and rows the dump does not: they go.
	scratch, err := testdb.Create(ctx, "restore_"+t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = scratch.Drop(context.Background()) })
	spool, err := scratch.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spool.Exec(ctx, `INSERT INTO clients (nom, prenom, email) VALUES ('Stranger', 'S', 'stranger@example.dz')`); err != nil {
		t.Fatal(err)
	}
	spool.Close() // pg_restore drops tables: no connection of ours may hold them
	var log strings.Builder
	if err := backup.Restore(ctx, scratch.URL, filepath.Join(dir, run.File), &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	spool, err = scratch.Pool(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer spool.Close()
	got := counts(t, spool)
	for table, n := range want {
		if got[table] != n {
			t.Errorf("%s: %d rows restored, %d dumped", table, got[table], n)
		}
	}
	for table := range got {
		if _, ok := want[table]; !ok {
			t.Errorf("%s: restored, but not in the source", table)
		}
	}
	var stranger int
	if err := spool.QueryRow(ctx, `SELECT count(*) FROM clients WHERE email = 'stranger@example.dz'`).Scan(&stranger); err != nil || stranger != 0 {
		t.Errorf("the scratch database's own row survived the restore (%d, %v)", stranger, err)
	}
}

func TestRestoreOfAMissingFileFails(t *testing.T) {
	needTools(t)
	err := backup.Restore(context.Background(), testdb.AdminURL(), filepath.Join(t.TempDir(), "none.dump"), &strings.Builder{})
	if !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v, want not exist", err)
	}
}

// Only the last Keep dumps stay; other files of the directory are not touched.
func TestBackupKeepsTheLast(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := testdb.New(t)
	dir := t.TempDir()
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	svc := backup.New(pool, backup.Config{Dir: dir, DatabaseURL: db.URL, Keep: 2})
	var made []string
	for range 3 {
		r, err := svc.Backup(ctx)
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, r.File)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{made[1], made[2], "notes.txt"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("directory holds %v, want %v", names, want)
	}
	runs, err := svc.Runs(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 3 || runs[0].File != made[2] || runs[2].File != made[0] {
		t.Fatalf("runs, newest first: %+v", runs)
	}
}

type alerts struct {
	mu   sync.Mutex
	runs []backup.Run
}

func (a *alerts) BackupFailed(_ context.Context, r backup.Run) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.runs = append(a.runs, r)
	return nil
}

type events struct {
	mu   sync.Mutex
	runs []backup.Run
}

func (e *events) Publish(_ context.Context, ev booking.Event) {
	var r backup.Run
	if ev.Kind != backup.EventUpdated || json.Unmarshal(ev.Data, &r) != nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.runs = append(e.runs, r)
}

type settings booking.Settings

func (s *settings) Settings(context.Context) (booking.Settings, error) {
	return booking.Settings(*s), nil
}

// A failing pg_dump is recorded with its reason, alerted, published, and leaves no file.
func TestFailingDumpAlerts(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := testdb.New(t)
	dir := t.TempDir()
	missing := strings.Replace(db.URL, db.Name, db.Name+"_missing", 1)
	al, ev := &alerts{}, &events{}
	st := &settings{AutoBackup: true, BackupFrequency: "daily"}
	svc := backup.New(pool, backup.Config{Dir: dir, DatabaseURL: missing}, backup.WithAlerter(al), backup.WithPublisher(ev))
	svc.Attach(st, nil)
	ran, err := svc.Tick(ctx)
	if err != nil || !ran {
		t.Fatalf("tick: ran %v, %v", ran, err)
	}
	runs, err := svc.Runs(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 || runs[0].State != backup.StateFailed || runs[0].Trigger != backup.TriggerScheduled ||
		!strings.Contains(runs[0].Error, "pg_dump") || !strings.Contains(runs[0].Error, "_missing") || runs[0].File != "" {
		t.Fatalf("runs = %+v", runs)
	}
	if len(al.runs) != 1 || al.runs[0].ID != runs[0].ID || al.runs[0].Error != runs[0].Error {
		t.Fatalf("alerts = %+v", al.runs)
	}
	if len(ev.runs) != 2 || ev.runs[0].State != backup.StateRunning || ev.runs[1].State != backup.StateFailed {
		t.Fatalf("events = %+v", ev.runs)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("a failed dump left %v", entries)
	}
	// The schedule waits before it tries again, rather than fail and alert at each tick.
	if ran, err := svc.Tick(ctx); ran || err != nil {
		t.Fatalf("tick right after a failure: ran %v, %v", ran, err)
	}
	if len(al.runs) != 1 {
		t.Fatalf("alerted again: %+v", al.runs)
	}
}

// The schedule backs up only when the settings ask for it and a backup is due.
func TestTickFollowsTheSettings(t *testing.T) {
	needTools(t)
	ctx := context.Background()
	pool, db := testdb.New(t)
	st := &settings{AutoBackup: false, BackupFrequency: "daily"}
	svc := backup.New(pool, backup.Config{Dir: t.TempDir(), DatabaseURL: db.URL})
	svc.Attach(st, nil)
	if ran, err := svc.Tick(ctx); ran || err != nil {
		t.Fatalf("auto_backup off: ran %v, %v", ran, err)
	}
	st.AutoBackup = true
	if ran, err := svc.Tick(ctx); !ran || err != nil {
		t.Fatalf("auto_backup on, no backup yet: ran %v, %v", ran, err)
	}
	if ran, err := svc.Tick(ctx); ran || err != nil {
		t.Fatalf("a backup made a moment ago: ran %v, %v", ran, err)
	}
	runs, err := svc.Runs(ctx, 10)
	if err != nil || len(runs) != 1 || runs[0].State != backup.StateSucceeded || runs[0].Trigger != backup.TriggerScheduled {
		t.Fatalf("runs = %+v, %v", runs, err)
	}
}

func TestDue(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := now.Add(-d); return &t }
	tick := 15 * time.Minute
	day := 24 * time.Hour
	for _, c := range []struct {
		name         string
		freq         string
		good, failed *time.Time
		want         bool
	}{
		{"never backed up", "daily", nil, nil, true},
		{"daily, 23h ago", "daily", at(23 * time.Hour), nil, false},
		{"daily, 24h ago less a few minutes", "daily", at(day - 5*time.Minute), nil, true},
		{"daily, 25h ago", "daily", at(25 * time.Hour), nil, true},
		{"weekly, 6 days ago", "weekly", at(6 * day), nil, false},
		{"weekly, 7 days ago", "weekly", at(7 * day), nil, true},
		{"monthly, 29 days ago", "monthly", at(29 * day), nil, false},
		{"monthly, 32 days ago", "monthly", at(32 * day), nil, true},
		{"failed 10 minutes ago", "daily", at(2 * day), at(10 * time.Minute), false},
		{"failed 2 hours ago", "daily", at(2 * day), at(2 * time.Hour), true},
		{"failed, never succeeded", "daily", nil, at(time.Minute), false},
		{"failed before the last good one", "daily", at(25 * time.Hour), at(26 * time.Hour), true},
	} {
		if got := backup.Due(now, c.freq, c.good, c.failed, tick); got != c.want {
			t.Errorf("%s: due = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCheckSaysWhy(t *testing.T) {
	needTools(t)
	var un *backup.UnavailableError
	err := backup.New(nil, backup.Config{}).Check()
	if !errors.As(err, &un) || un.Reason != backup.ReasonNoDir {
		t.Fatalf("no directory: %v", err)
	}
	if fr := un.LocalizedMessage("fr"); !strings.Contains(fr, "DOTA_BACKUP_DIR") || fr == un.LocalizedMessage("en") {
		t.Errorf("fr: %q", fr)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err = backup.New(nil, backup.Config{Dir: file}).Check()
	if !errors.As(err, &un) || un.Reason != backup.ReasonDirFailed || !strings.Contains(un.LocalizedMessage("en"), file) {
		t.Fatalf("a file as directory: %v", err)
	}
	dir := filepath.Join(t.TempDir(), "new", "backups")
	if err := backup.New(nil, backup.Config{Dir: dir}).Check(); err != nil {
		t.Fatalf("a directory to create: %v", err)
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("created directory: %v, %v", st, err)
	}
	t.Setenv("PATH", t.TempDir())
	err = backup.New(nil, backup.Config{Dir: dir}).Check()
	if !errors.As(err, &un) || un.Reason != backup.ReasonNoPGDump {
		t.Fatalf("no pg_dump: %v", err)
	}
}
