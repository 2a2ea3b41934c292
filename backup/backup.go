// Package backup makes and restores copies of Dota's database: pg_dump in its custom format
// into DOTA_BACKUP_DIR, keeping the last DOTA_BACKUP_KEEP files, and pg_restore back. Each
// run, by hand or on the schedule the settings ask for (auto_backup, backup_frequency), is
// recorded in backup_runs; a failed one raises an alert. The schedule is a River periodic
// job on booking's one client: it ticks at a fixed interval on one replica (River's
// leader) and backs up when the last good run is older than the settings' frequency.
package backup

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/dota-agency/dota/booking"
)

// Defaults of the configuration.
const (
	// DefaultKeep is how many backup files are kept when DOTA_BACKUP_KEEP is not set: two
	// weeks of daily backups.
	DefaultKeep = 14
	// DefaultTimeout bounds one pg_dump.
	DefaultTimeout = time.Hour
	// DefaultTick is how often the schedule asks whether a backup is due.
	DefaultTick = 15 * time.Minute
	// RetryAfter is how long the schedule waits after a failed run before it tries again.
	RetryAfter = time.Hour
)

// Config is where and how the backups are made.
type Config struct {
	// Dir is the directory the dumps are written to; without it no backup is made.
	Dir string
	// Keep is how many dumps are kept in Dir, the newest (DefaultKeep when zero).
	Keep int
	// DatabaseURL is the database dumped.
	DatabaseURL string
	// Timeout bounds one pg_dump (DefaultTimeout when zero).
	Timeout time.Duration
	// Tick is how often the schedule asks whether a backup is due (DefaultTick when zero).
	Tick time.Duration
}

// Triggers: what started a run.
const (
	TriggerManual    = "manual"
	TriggerScheduled = "scheduled"
)

// States of a run.
const (
	StateRunning   = "running"
	StateSucceeded = "succeeded"
	StateFailed    = "failed"
)

// Run is one backup, made or under way.
type Run struct {
	ID         string     `json:"id"`
	Trigger    string     `json:"trigger"`
	State      string     `json:"state"`
	StartedAt  time.Time  `json:"started_at"`
	FinishedAt *time.Time `json:"finished_at"`
	// File is the dump's name in the backup directory, once written.
	File      string `json:"file"`
	SizeBytes int64  `json:"size_bytes"`
	// Error is why the run failed ("" otherwise).
	Error string `json:"error"`
}

// Alerter tells staff that a backup failed (the alerts package does, by push or e-mail).
type Alerter interface {
	BackupFailed(ctx context.Context, r Run) error
}

// Settings is where the schedule reads auto_backup and backup_frequency: the booking
// core's one cached path.
type Settings interface {
	Settings(ctx context.Context) (booking.Settings, error)
}

// Inserter inserts River jobs in a transaction: booking's one client.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service makes, lists and schedules the backups.
type Service struct {
	db       *pgxpool.Pool
	cfg      Config
	settings Settings
	alerter  Alerter
	pub      booking.Publisher
	jobs     Inserter
	log      *slog.Logger
	now      func() time.Time
}

// Option configures a Service.
type Option func(*Service)

// WithAlerter raises an alert on each failed run; without one, a failure is logged only.
func WithAlerter(a Alerter) Option { return func(v *Service) { v.alerter = a } }

// WithPublisher publishes backup.updated as a run starts and ends, for the console's
// Settings page.
func WithPublisher(p booking.Publisher) Option { return func(v *Service) { v.pub = p } }

// WithLogger sets the logger (slog.Default otherwise).
func WithLogger(l *slog.Logger) Option { return func(v *Service) { v.log = l } }

// New returns the backup service over the database pool.
func New(db *pgxpool.Pool, cfg Config, opts ...Option) *Service {
	if cfg.Keep <= 0 {
		cfg.Keep = DefaultKeep
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Tick <= 0 {
		cfg.Tick = DefaultTick
	}
	s := &Service{db: db, cfg: cfg, log: slog.Default(), now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Attach gives the service what the booking core holds, once it is built: the settings
// the schedule follows (without them no scheduled backup is made) and the River client
// the console's runs are inserted with (without it they are refused).
func (s *Service) Attach(settings Settings, jobs Inserter) {
	s.settings, s.jobs = settings, jobs
}

// Dir is the backup directory ("" when none is configured).
func (s *Service) Dir() string { return s.cfg.Dir }

// Keep is how many dumps are kept.
func (s *Service) Keep() int { return s.cfg.Keep }
