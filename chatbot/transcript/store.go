// Package transcript keeps the chat's conversations in PostgreSQL: each turn's record is
// added to a Redis stream with the session that took it, and a writer under a lease
// stores the stream's turns (transcript_stream.go, transcript_writer.go). It reads them
// back for the staff's inbox, the questions Dota could not answer and the funnel, and it
// takes the conversations' part in personal-data requests. It owns the chat_* tables;
// the chat engine gives it the few things of its sessions it needs (Sessions).
package transcript

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/privacy"
)

// ErrUnavailable means Redis, which holds the conversations, does not answer.
var ErrUnavailable = errors.New("chat state store unavailable")

// Unavailable wraps a failure of Redis as ErrUnavailable.
func Unavailable(err error) error { return fmt.Errorf("%w: %w", ErrUnavailable, err) }

// Message is one message of a conversation.
type Message struct {
	ID        string    `json:"id"`
	Text      string    `json:"text"`
	Sender    string    `json:"sender"`           // user, bot or staff
	Author    string    `json:"author,omitempty"` // a staff member's first name
	Timestamp time.Time `json:"timestamp"`
	Source    string    `json:"-"`
	Step      string    `json:"-"`
	// Unanswered marks a visitor's question that no rule nor Gemini answered.
	Unanswered bool `json:"-"`
}

// Collected is what the visitor has given so far; Date is YYYY-MM-DD and Time HH:MM.
type Collected struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Company string `json:"company"`
	Service string `json:"service"`
	Date    string `json:"date"`
	Time    string `json:"time"`
	// Mode is how they would like to meet (catalogue.Modes), once chosen for the service.
	Mode string `json:"mode,omitempty"`
}

// Change is a conversation's new hand-off state, recorded with the turn's transcript.
type Change struct {
	State  string // bot or waiting
	Reason string // why it waits
}

// States of a conversation as chat_conversations keeps them, and as the inbox shows them.
const (
	StateBot     = "bot"     // Dota answers
	StateWaiting = "waiting" // the visitor waits for a person
	StateStaff   = "staff"   // a staff member holds the conversation
	StateClosed  = "closed"  // (the inbox only) with Dota and idle for ClosedAfter
)

// Sessions is what the transcript needs of the chat's sessions in Redis, for a
// personal-data erasure (personal.go, erasure_hold.go).
type Sessions interface {
	// Hold locks a session as a turn does, until release; a nil release says the id names
	// no session.
	Hold(ctx context.Context, sessionID string) (release func(context.Context), err error)
	// Forget removes sessions from Redis and ends their streams.
	Forget(ctx context.Context, sessionIDs []string)
	// Redact removes a person's address and number from the messages of sessions.
	Redact(ctx context.Context, sessionIDs []string, p privacy.Person)
}

// Settings reads the agency's settings; *booking.Core is one.
type Settings interface {
	Settings(ctx context.Context) (booking.Settings, error)
}

// Config is what the store works with.
type Config struct {
	DB        *pgxpool.Pool // nil when transcripts are not kept
	Redis     redis.UniversalClient
	KeyPrefix string // of the chat's keys in Redis: the stream is KeyPrefix+":transcript"
	DBTimeout time.Duration
	// Backlog bounds the turns waiting for the writer; past it a turn waits for room.
	Backlog int
	// Settings gives the transcripts' retention.
	Settings Settings
	Sessions Sessions
	// BookingSteps are the steps of the booking flow (a conversation that closed at one
	// is abandoned), ContactSteps those reached once the contact details are collected.
	BookingSteps, ContactSteps []string
	Now                        func() time.Time
	Log                        *slog.Logger
}

// Store is the conversations' transcript. It is safe for concurrent use.
type Store struct {
	db     *pgxpool.Pool
	rdb    redis.UniversalClient
	cfg    Config
	now    func() time.Time
	log    *slog.Logger
	writer *transcriptWriter // nil without a database
}

// New returns the store and, with a database, starts its writer.
func New(cfg Config) *Store {
	st := &Store{db: cfg.DB, rdb: cfg.Redis, cfg: cfg, now: cfg.Now, log: cfg.Log}
	if st.now == nil {
		st.now = time.Now
	}
	if st.log == nil {
		st.log = slog.Default()
	}
	if st.db != nil {
		st.writer = newTranscriptWriter(st)
	}
	return st
}

// Kept reports whether transcripts are kept: the store has a database.
func (st *Store) Kept() bool { return st.db != nil }

func (st *Store) key(parts ...string) string {
	k := st.cfg.KeyPrefix
	for _, p := range parts {
		k += ":" + p
	}
	return k
}
