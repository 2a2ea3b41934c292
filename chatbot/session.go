package chatbot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Steps of the conversation.
const (
	StepGreeting = "greeting" // free questions; booking offered
	StepName     = "name"
	StepEmail    = "email"
	StepPhone    = "phone"
	StepCompany  = "company"
	StepService  = "service"
	StepDate     = "date"
	StepTime     = "time"
	StepConfirm  = "confirm"
	StepBooked   = "booked"
)

// flowSteps are the steps that collect a value, in order.
var flowSteps = []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepDate, StepTime}

// Answer sources of a bot message.
const (
	SourceRule     = "rule"
	SourceAI       = "ai"
	SourceCache    = "cache"
	SourceFallback = "fallback"
	SourceFlow     = "flow"
)

// Message is one message of a conversation.
type Message struct {
	ID        string    `json:"id"`
	Text      string    `json:"text"`
	Sender    string    `json:"sender"` // user or bot
	Timestamp time.Time `json:"timestamp"`
	Source    string    `json:"-"`
	Step      string    `json:"-"`
}

// QuickReply is a suggested answer: the widget shows Label and sends Value.
type QuickReply struct {
	Label string `json:"label"`
	Value string `json:"value"`
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
}

// session is a conversation's state, stored in Redis as JSON.
type session struct {
	ID             string       `json:"id"`
	Lang           string       `json:"lang"`
	Step           string       `json:"step"`
	Collected      Collected    `json:"collected"`
	ServiceSlug    string       `json:"service_slug,omitempty"`
	CompanyDone    bool         `json:"company_done,omitempty"`
	Attempts       int          `json:"attempts,omitempty"`
	Offered        bool         `json:"offered,omitempty"`
	Choosing       bool         `json:"choosing,omitempty"` // asked what to change at confirm
	BookingSeq     int          `json:"booking_seq,omitempty"`
	AppointmentID  string       `json:"appointment_id,omitempty"`
	ContactCounted bool         `json:"contact_counted,omitempty"`
	MessageSeq     int          `json:"message_seq"`
	Messages       []Message    `json:"messages"`
	QuickReplies   []QuickReply `json:"quick_replies"`
	StartedAt      time.Time    `json:"started_at"`
}

// ErrUnavailable means Redis, which holds the conversations, does not answer.
var ErrUnavailable = errors.New("chat state store unavailable")

func unavailable(err error) error { return fmt.Errorf("%w: %w", ErrUnavailable, err) }

// newSessionID returns a random 128-bit id, hex-encoded.
func newSessionID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// validSessionID reports whether id has the shape newSessionID gives.
func validSessionID(id string) bool {
	if len(id) != 32 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil
}

// load reads a session; found is false when it is unknown or expired.
func (e *Engine) load(ctx context.Context, id string) (*session, bool, error) {
	if !validSessionID(id) {
		return nil, false, nil
	}
	raw, err := e.rdb.Get(ctx, e.key("s", id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, unavailable(err)
	}
	s := &session{}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, false, nil // an unreadable session is as good as expired
	}
	return s, true, nil
}

func (e *Engine) save(ctx context.Context, s *session) error {
	if n := len(s.Messages); n > maxStoredMessages {
		s.Messages = s.Messages[n-maxStoredMessages:]
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if err := e.rdb.Set(ctx, e.key("s", s.ID), raw, e.cfg.SessionTTL).Err(); err != nil {
		return unavailable(err)
	}
	return nil
}

// lock serializes the messages of one session across replicas, so that two messages sent
// at once do not overwrite each other's state. It waits for an earlier message, which may
// be waiting on Gemini, at most the AI time-out and a little more.
func (e *Engine) lock(ctx context.Context, id string) (unlock func(), err error) {
	k := e.key("lock", id)
	token := newSessionID()
	hold := e.cfg.AITimeout + 10*time.Second
	deadline := time.Now().Add(e.cfg.AITimeout + 2*time.Second)
	for {
		ok, err := e.rdb.SetNX(ctx, k, token, hold).Result()
		if err != nil {
			return nil, unavailable(err)
		}
		if ok {
			return func() { unlockScript.Run(context.WithoutCancel(ctx), e.rdb, []string{k}, token) }, nil
		}
		if time.Now().After(deadline) {
			return nil, ErrBusy
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// ErrBusy means an earlier message of the same conversation is still being answered.
var ErrBusy = errors.New("conversation busy")

var unlockScript = redis.NewScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`)

// add appends a message to the session and returns it.
func (s *session) add(sender, textValue, source string, at time.Time) Message {
	s.MessageSeq++
	m := Message{ID: strconv.Itoa(s.MessageSeq), Text: textValue, Sender: sender, Timestamp: at, Source: source, Step: s.Step}
	s.Messages = append(s.Messages, m)
	return m
}
