// Package booking is Dota's core: the catalogue of services and projects, the business
// calendar and its slots, clients, and Book — the one transaction through which the form,
// the chat and the console create appointments. It knows nothing of HTTP.
package booking

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Core is the booking core, safe for concurrent use.
type Core struct {
	db        *pgxpool.Pool
	now       func() time.Time
	publisher Publisher
	log       *slog.Logger
}

// Option configures a Core.
type Option func(*Core)

// WithClock replaces the wall clock, for tests.
func WithClock(now func() time.Time) Option { return func(s *Core) { s.now = now } }

// WithPublisher sets where live events go after each commit.
func WithPublisher(p Publisher) Option { return func(s *Core) { s.publisher = p } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Core) { s.log = l } }

// New returns the booking core over the given database pool.
func New(db *pgxpool.Pool, opts ...Option) *Core {
	s := &Core{db: db, now: time.Now, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Now is the service's current time.
func (s *Core) Now() time.Time { return s.now() }

// DB exposes the pool to packages that extend the core (the console and the chat).
func (s *Core) DB() *pgxpool.Pool { return s.db }

func (s *Core) publish(ctx context.Context, e Event) {
	if s.publisher == nil {
		return
	}
	s.publisher.Publish(ctx, e)
}
