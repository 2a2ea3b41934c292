// Package booking is Dota's core: the business calendar and its slots, clients, and Book —
// the one transaction through which the form, the chat and the console create
// appointments, each naming a service of the catalogue (package catalogue). It knows
// nothing of HTTP.
package booking

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/mail"
)

// Core is the booking core, safe for concurrent use.
type Core struct {
	db        *pgxpool.Pool
	now       func() time.Time
	publisher Publisher
	log       *slog.Logger
	mail      Mail
	jobsCfg   JobsConfig
	jobs      *river.Client[pgx.Tx]
	// onOffer is told of each waitlist offer made (OnOffer).
	onOffer func(context.Context, Offer)
	// chatAnswer writes the chat answers due (OnChatAnswer).
	chatAnswer ChatAnswerWriter
	// catalogue names the services bookings hold.
	catalogue *catalogue.Store
	// rooms makes video meetings' rooms (WithVideoRooms).
	rooms VideoRooms

	settingsTTL time.Duration
	settingsMu  sync.Mutex
	settings    Settings
	settingsAt  time.Time
}

// Option configures a Core.
type Option func(*Core)

// WithClock replaces the wall clock, for tests.
func WithClock(now func() time.Time) Option { return func(s *Core) { s.now = now } }

// WithPublisher sets where live events go after each commit.
func WithPublisher(p Publisher) Option { return func(s *Core) { s.publisher = p } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Core) { s.log = l } }

// WithMail sets how messages to customers are written and sent. Without it they are
// written for http://localhost:8080 and recorded as not sent: no mail is configured.
func WithMail(m Mail) Option { return func(s *Core) { s.mail = m } }

// WithSettingsTTL caches the settings on this replica for ttl (DefaultSettingsTTL in
// production); without it every read goes to the database.
func WithSettingsTTL(ttl time.Duration) Option { return func(s *Core) { s.settingsTTL = ttl } }

// DefaultSettingsTTL bounds how stale another replica's settings change may look here.
const DefaultSettingsTTL = 3 * time.Second

// WithJobs tunes how this replica works the jobs.
func WithJobs(cfg JobsConfig) Option { return func(s *Core) { s.jobsCfg = cfg } }

// DefaultPublicURL is where links point when no public URL is configured.
const DefaultPublicURL = "http://localhost:8080"

// New returns the booking core over the given database pool. Its options are checked
// where they are built (mail.NewRenderer, mail.NewTransport), so New cannot fail.
func New(db *pgxpool.Pool, opts ...Option) *Core {
	s := &Core{db: db, catalogue: catalogue.New(db), now: time.Now, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	if s.rooms == nil {
		s.rooms, _ = NewJitsiRooms("")
	}
	if s.mail.PublicURL == "" {
		s.mail.PublicURL = DefaultPublicURL
	}
	if s.mail.Renderer == nil {
		r, err := mail.NewRenderer("", s.mail.PublicURL)
		if err != nil {
			panic(err) // WithMail's public URL comes with its own renderer
		}
		s.mail.Renderer = r
	}
	if s.mail.Sender == nil {
		s.mail.Sender, _ = mail.NewTransport("") // no server: messages are recorded as not sent
	}
	if db == nil {
		return s // a core without a database: the router's route table only
	}
	jobs, err := newJobs(db, s, s.jobsCfg)
	if err != nil {
		panic(err) // River refuses only a configuration this package writes
	}
	s.jobs = jobs
	return s
}

// MailConfigured reports whether messages to customers are really sent: what the form
// and Dota promise after a booking depends on it.
func (s *Core) MailConfigured() bool {
	t, ok := s.mail.Sender.(interface{ Configured() bool })
	return !ok || t.Configured()
}

// Now is the service's current time.
func (s *Core) Now() time.Time { return s.now() }

func (s *Core) publish(ctx context.Context, e Event) {
	if s.publisher == nil {
		return
	}
	s.publisher.Publish(ctx, e)
}

// Kinds of live events.
const (
	EventAppointmentCreated  = "appointment.created"
	EventAppointmentUpdated  = "appointment.updated"
	EventAppointmentDeleted  = "appointment.deleted"
	EventNotificationCreated = "notification.created"
	EventNotificationUpdated = "notification.updated"
	// EventNotificationDeleted is published when notifications are deleted (IDs name them).
	EventNotificationDeleted = "notification.deleted"
	// EventDeliveryFailed is published when a message to a customer is recorded as failed
	// (Delivery names it). Staff alerts hear it; the console's streams do not relay it.
	EventDeliveryFailed = "delivery.failed"
)

// CauseOffer is the Cause of an appointment.created event whose booking accepted a
// waitlist offer.
const CauseOffer = "offer"

// CauseReassigned is the Cause of an appointment.updated event whose change gave the
// appointment another consultant (By names who acted).
const CauseReassigned = "reassigned"

// Event is a change that staff watching the console should see at once. It is published
// only after the transaction that made the change has committed.
type Event struct {
	Kind         string        `json:"kind"`
	Appointment  *Appointment  `json:"appointment,omitempty"`
	Notification *Notification `json:"notification,omitempty"`
	IDs          []string      `json:"ids,omitempty"`
	// Delivery is the message of delivery.failed.
	Delivery *Delivery `json:"delivery,omitempty"`
	// Cause says what led to the change when it is not plain: CauseOffer, CauseReassigned.
	Cause string `json:"cause,omitempty"`
	// By is who made a change when it matters to who hears of it: a staff e-mail.
	By string `json:"by,omitempty"`
	// Data is the payload of the kinds other packages publish: a conversation's summary
	// for conversation.updated.
	Data json.RawMessage `json:"data,omitempty"`
}

// EventKind names the event's kind (live.Event).
func (e Event) EventKind() string { return e.Kind }

// Publisher fans events out to every replica. Publishing is best effort: the change is
// already committed, and the console's periodic refresh catches up on a lost event.
type Publisher interface {
	Publish(ctx context.Context, e Event)
}
