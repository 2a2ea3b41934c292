// Package calendars keeps each consultant's calendars: the private feed out, which their
// own calendar (Google, Outlook, Apple) subscribes to, and the calendar in, an ICS
// address or a CalDAV collection read every few minutes, whose busy ranges (times only,
// never titles or attendees) block their slots. It owns consultant_calendars; the busy
// ranges and the appointments are booking's, asked through Booking.
package calendars

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
)

// Booking is what the calendars ask the booking core: who is a consultant, their feed,
// the busy ranges it keeps for them, and the settings (the zone, the booking horizon).
type Booking interface {
	Consultant(ctx context.Context, userID string) (booking.Consultant, error)
	ConsultantFeed(ctx context.Context, userID string, from time.Time) ([]byte, error)
	ReplaceBusy(ctx context.Context, userID string, from, to time.Time, ranges []booking.BusyRange) error
	BusyCount(ctx context.Context, userID string, from time.Time) (int, error)
	Settings(ctx context.Context) (booking.Settings, error)
}

// Config tunes the calendars.
type Config struct {
	// Poll is how often every consultant's calendar is read (DOTA_CALENDAR_POLL).
	Poll time.Duration
	// AllowPrivate lets a calendar's address be on this machine or its network
	// (DOTA_CALENDAR_ALLOW_PRIVATE): a calendar server inside the agency's network, or a
	// test's. Off, only public addresses are read.
	AllowPrivate bool
	// Timeout bounds one read of a calendar.
	Timeout time.Duration
	// MaxBytes bounds what one read may download.
	MaxBytes int64
	// PublicURL is the site's address (DOTA_PUBLIC_URL): the feed's links start with it.
	PublicURL string
}

// Defaults.
const (
	DefaultPoll     = 5 * time.Minute
	DefaultTimeout  = 20 * time.Second
	DefaultMaxBytes = 5 << 20
	// FeedPast is how far back the feed lists appointments.
	FeedPast = 30 * 24 * time.Hour
)

// Service keeps the calendars.
type Service struct {
	db      *pgxpool.Pool
	cfg     Config
	booking Booking
	client  *http.Client
	log     *slog.Logger
	now     func() time.Time
}

// Option tunes a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// WithClock replaces time.Now (tests).
func WithClock(now func() time.Time) Option { return func(s *Service) { s.now = now } }

// New returns the calendars' service; Attach gives it the booking core.
func New(db *pgxpool.Pool, cfg Config, opts ...Option) *Service {
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	s := &Service{db: db, cfg: cfg, log: slog.Default(), now: time.Now}
	for _, o := range opts {
		o(s)
	}
	s.client = &http.Client{Timeout: cfg.Timeout, Transport: &limitedTransport{
		next: httpxTransport(cfg.AllowPrivate), max: cfg.MaxBytes}}
	return s
}

// Attach gives the service the booking core, once it is built (the River client that
// works the reads is the core's, and its workers are added before it is).
func (s *Service) Attach(b Booking) { s.booking = b }

// AddWorkers registers the reading's worker on the River client (booking.JobsConfig).
func (s *Service) AddWorkers(w *river.Workers) error {
	return river.AddWorkerSafely(w, &pollWorker{s: s})
}
