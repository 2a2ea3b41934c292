// Package alerts tells staff what needs them when they are not watching the console: a
// visitor waiting for a person, a new booking, an accepted waitlist offer, a failed
// message, a failed backup. Each user chooses, per event, Web Push (VAPID), e-mail or
// nothing, and whether outside office hours; every alert to one user on one channel is a
// row of the ledger written with its River job in one transaction, retried, never sent
// twice. It owns the alert_* tables and alerts; booking's one River client works its jobs.
package alerts

import (
	"context"
	"log/slog"
	"net/mail"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/console"
	dmail "github.com/dota-agency/dota/mail"
)

// Core is what alerts ask the booking core: the settings (office hours, the e-mail
// switch, the hand-off time-out) and the River client their jobs are inserted with.
type Core interface {
	Settings(ctx context.Context) (booking.Settings, error)
	Jobs() *river.Client[pgx.Tx]
}

// Staff lists the console's users, whom alerts go to.
type Staff interface {
	Users(ctx context.Context) ([]console.User, console.UserStats, error)
}

// Conversations reads a conversation, to know whether a waiting visitor was taken.
type Conversations interface {
	ConversationDetail(ctx context.Context, id string) (transcript.Detail, error)
}

// Config is how alerts are sent.
type Config struct {
	// Push sends Web Push messages; nil turns push off (no VAPID keys).
	Push Pusher
	// Mail sends the e-mail alerts (the customers' transport); From signs them.
	Mail dmail.Sender
	From mail.Address
	// PublicURL starts the links of e-mails (DOTA_PUBLIC_URL), without a final /.
	PublicURL string
	// OfficeHours are used when the agency's profile names none.
	OfficeHours booking.OfficeHours
	Log         *slog.Logger
	// Now replaces the wall clock, for tests.
	Now func() time.Time
}

// Service raises, sends and lists alerts. Build it with New, give its workers to the
// booking core's River client (AddWorkers), then Bind it to that core.
type Service struct {
	db    *pgxpool.Pool
	cfg   Config
	core  Core
	staff Staff
	convs Conversations
}

// New returns the service over the database.
func New(db *pgxpool.Pool, cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.OfficeHours.Closes == 0 {
		cfg.OfficeHours, _ = booking.ParseOfficeHours(booking.DefaultOfficeHours)
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = booking.DefaultPublicURL
	}
	return &Service{db: db, cfg: cfg}
}

// Bind gives the service the booking core (settings, jobs), the staff and the
// conversations (nil without the chat: no escalation). Call it before the jobs start.
func (s *Service) Bind(core Core, staff Staff, convs Conversations) {
	s.core, s.staff, s.convs = core, staff, convs
}

// AddWorkers adds the alerts' job workers to the River client (booking.JobsConfig.AddWorkers).
func (s *Service) AddWorkers(w *river.Workers) error {
	if err := river.AddWorkerSafely(w, &sendWorker{s: s}); err != nil {
		return err
	}
	return river.AddWorkerSafely(w, &escalateWorker{s: s})
}

// PushStatus says whether push is on and the key browsers subscribe with.
type PushStatus struct {
	Enabled   bool   `json:"enabled"`
	PublicKey string `json:"public_key"`
}

// Push reports whether push is on (VAPID keys configured), with the public key.
func (s *Service) Push() PushStatus {
	if s.cfg.Push == nil {
		return PushStatus{}
	}
	return PushStatus{Enabled: true, PublicKey: s.cfg.Push.PublicKey()}
}

// ErrPushOff refuses a subscription while push is off; it is a booking.ErrConflict.
var ErrPushOff error = pushOffError{}
