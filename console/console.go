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
// tables and keys (staff accounts, sessions, the sign-in throttle, notes) and adds to the
// booking core what the console's rules add: booking on a visitor's behalf, the bulk
// status, an appointment's notes, the CSV export. It asks the
// core through the small interfaces below; the console's routes ask the core directly
// for the rest.
type Console struct {
	db     *pgxpool.Pool
	rdb    *redis.Client
	prefix string
	// appointments books and changes appointments under the booking rules.
	appointments appointmentCore
	reader       appointmentReader
	clients      clientStore
	settings     settingsStore
	links        manageLinks
	cfg          Config
	log          *slog.Logger
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
		settings: core, links: core,
		cfg: cfg, log: log, publisher: live.NewPublisher[booking.Event](rdb, prefix, log)}
}

// appointmentCore is what the console needs of the booking core to book appointments and
// set their status: every change that takes a slot goes through its locks and checks.
type appointmentCore interface {
	Book(ctx context.Context, r booking.Request) (booking.Result, error)
	SetStatus(ctx context.Context, ids []string, status, by string) ([]booking.Appointment, error)
}

// settingsStore is the booking core's clock and its one cached path to the settings.
type settingsStore interface {
	Now() time.Time
	Settings(ctx context.Context) (booking.Settings, error)
}

func (c *Console) now() time.Time { return c.settings.Now() }
