// Package catalogue is what the agency offers and shows: its services, its portfolio of
// projects (published to visitors, managed by staff), the newsletter's subscriptions, and
// the demo seed of them. It owns the tables services, projects and
// newsletter_subscriptions, keeps their texts per language (Localized) and sanitizes the
// HTML it hands to a browser. It knows nothing of HTTP, nor of bookings.
package catalogue

import (
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Store reads and writes the catalogue, safe for concurrent use.
type Store struct {
	db  *pgxpool.Pool
	now func() time.Time
}

// Option configures a Store.
type Option func(*Store)

// WithClock replaces the wall clock, for tests.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// New returns the catalogue over the given database pool; a nil pool makes a store that
// only the router's route table may hold.
func New(db *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{db: db, now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}
