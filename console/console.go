package console

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/live"
)

// Defaults of the console's configuration.
const (
	DefaultSessionIdle     = 2 * time.Hour
	DefaultSessionAbsolute = 12 * time.Hour
	DefaultLoginPerIP      = 20
	DefaultLoginPerEmail   = 5
	DefaultLoginPerAccount = 20
	DefaultLoginWindow     = 15 * time.Minute
)

// Config tunes sessions and the sign-in throttle.
type Config struct {
	SessionIdle     time.Duration // a session unused this long ends
	SessionAbsolute time.Duration // a session ends this long after sign-in, used or not
	// The sign-in throttle counts failures only (throttle.go).
	LoginPerIP      int           // failures from one address that lock it out
	LoginPerEmail   int           // free failures per account and address before back-off
	LoginPerAccount int           // failures on one account that put it under attack
	LoginWindow     time.Duration // how long a failure is remembered; the longest lock-out
}

func (c *Config) defaults() {
	if c.SessionIdle <= 0 {
		c.SessionIdle = DefaultSessionIdle
	}
	if c.SessionAbsolute <= 0 {
		c.SessionAbsolute = DefaultSessionAbsolute
	}
	if c.LoginPerIP <= 0 {
		c.LoginPerIP = DefaultLoginPerIP
	}
	if c.LoginPerEmail <= 0 {
		c.LoginPerEmail = DefaultLoginPerEmail
	}
	if c.LoginPerAccount <= 0 {
		c.LoginPerAccount = DefaultLoginPerAccount
	}
	if c.LoginWindow <= 0 {
		c.LoginWindow = DefaultLoginWindow
	}
}

// Console is the back-office's domain service, safe for concurrent use. It owns its own
// tables (staff accounts, notes) and asks the booking core, through the small interfaces
// below, for everything about appointments, clients, notifications, messages and
// settings.
type Console struct {
	db     *pgxpool.Pool
	rdb    *redis.Client
	prefix string
	// appointments books and changes appointments under the booking rules.
	appointments  appointmentCore
	reader        appointmentReader
	clients       clientStore
	notifications notificationStore
	deliveries    deliveries
	waitlist      waitlist
	settings      settingsStore
	cfg           Config
	log           *slog.Logger
	// publisher sends the console's own live events; the booking core has its own,
	// given by booking.WithPublisher(live.NewPublisher[booking.Event](...)).
	publisher *live.Publisher[booking.Event]
	// staffGone gives back what a deactivated or deleted staff member held (OnStaffGone).
	staffGone func(ctx context.Context, userID string) (int, error)
}

// New returns the console over the booking core, the database pool of its own tables and
// Redis; every Redis key it writes starts with prefix.
func New(core *booking.Core, db *pgxpool.Pool, rdb *redis.Client, prefix string, cfg Config, log *slog.Logger) *Console {
	cfg.defaults()
	if log == nil {
		log = slog.Default()
	}
	return &Console{db: db, rdb: rdb, prefix: prefix, appointments: core, reader: core, clients: core,
		notifications: core, deliveries: core, waitlist: core, settings: core,
		cfg: cfg, log: log, publisher: live.NewPublisher[booking.Event](rdb, prefix, log)}
}

// appointmentCore is what the console needs of the booking core to book and change
// appointments: every change that takes a slot goes through its locks and checks.
type appointmentCore interface {
	Book(ctx context.Context, r booking.Request) (booking.Result, error)
	Edit(ctx context.Context, id string, ch booking.Change, by string) (booking.Appointment, error)
	SetStatus(ctx context.Context, ids []string, status, by string) ([]booking.Appointment, error)
	DeleteAppointments(ctx context.Context, ids []string) ([]string, error)
}

// settingsStore is the booking core's one cached path to the settings.
type settingsStore interface {
	Now() time.Time
	Settings(ctx context.Context) (booking.Settings, error)
	SaveSettings(ctx context.Context, st booking.Settings) (booking.Settings, error)
}

func (c *Console) now() time.Time { return c.settings.Now() }

// Settings returns the site settings, through the booking core's cache.
func (c *Console) Settings(ctx context.Context) (booking.Settings, error) {
	return c.settings.Settings(ctx)
}

// SaveSettings validates and stores the settings; this replica sees them at once.
func (c *Console) SaveSettings(ctx context.Context, st booking.Settings) (booking.Settings, error) {
	return c.settings.SaveSettings(ctx, st)
}
