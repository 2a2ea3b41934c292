package chatbot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/ratelimit"
)

// Steps of the conversation.
const (
	StepGreeting = "greeting" // free questions; booking offered
	StepName     = "name"
	StepEmail    = "email"
	StepPhone    = "phone"
	StepCompany  = "company"
	StepService  = "service"
	StepMode     = "mode" // how they meet, when the service offers more than one way
	// StepQuestion asks the chosen service's own questions, one a turn (questions.go).
	StepQuestion = "question"
	StepDate     = "date"
	StepTime     = "time"
	StepConfirm  = "confirm"
	StepBooked   = "booked"
	// StepCallback records a visitor's wish to be called back, once their contact details
	// are collected (handoff.go).
	StepCallback = "callback"
)

// Answer sources of a bot message.
const (
	SourceRule     = "rule"
	SourceAI       = "ai"
	SourceCache    = "cache"
	SourceFallback = "fallback"
	SourceFlow     = "flow"
)

// Message is one message of a conversation.
type Message = transcript.Message

// Senders of a message.
const (
	SenderUser  = "user"
	SenderBot   = "bot"
	SenderStaff = "staff"
)

// QuickReply is a suggested answer: the widget shows Label and sends Value as the
// visitor's message or, for a link, opens Value, a path of the site.
type QuickReply struct {
	Label string    `json:"label"`
	Value string    `json:"value"`
	Kind  ReplyKind `json:"kind"`
}

// ReplyKind is what choosing a quick reply does; the zero value sends a message.
type ReplyKind int

// Kinds of quick reply.
const (
	ReplyMessage ReplyKind = iota // Value is sent as the visitor's message
	ReplyLink                     // Value is a path of the site the widget navigates to
)

var replyKinds = [...]string{ReplyMessage: "message", ReplyLink: "link"}

// MarshalText names the kind: message or link.
func (k ReplyKind) MarshalText() ([]byte, error) {
	if k < 0 || int(k) >= len(replyKinds) {
		return nil, fmt.Errorf("quick reply: unknown kind %d", int(k))
	}
	return []byte(replyKinds[k]), nil
}

// UnmarshalText reads a kind's name; an empty one is a message.
func (k *ReplyKind) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*k = ReplyMessage
		return nil
	}
	for i, name := range replyKinds {
		if string(b) == name {
			*k = ReplyKind(i)
			return nil
		}
	}
	return fmt.Errorf("quick reply: unknown kind %q", b)
}

// Collected is what the visitor has given so far; Date is YYYY-MM-DD and Time HH:MM.
type Collected = transcript.Collected

// session is a conversation's state, stored in Redis as JSON.
type session struct {
	ID          string    `json:"id"`
	Lang        string    `json:"lang"`
	Step        string    `json:"step"`
	Collected   Collected `json:"collected"`
	ServiceSlug string    `json:"service_slug,omitempty"`
	// ConsultantID and ConsultantName are the consultant the visitor asked for by name
	// (meeting.go); "" for whoever is free.
	ConsultantID   string `json:"consultant_id,omitempty"`
	ConsultantName string `json:"consultant_name,omitempty"`
	// Mode is how the visitor would like to meet, chosen for the service ModeService.
	Mode           string       `json:"mode,omitempty"`
	ModeService    string       `json:"mode_service,omitempty"`
	CompanyDone    bool         `json:"company_done,omitempty"`
	NoEmail        bool         `json:"no_email,omitempty"` // the visitor keeps their e-mail back (their phone is then needed)
	NoPhone        bool         `json:"no_phone,omitempty"` // the visitor keeps their phone back (their e-mail is given)
	Attempts       int          `json:"attempts,omitempty"`
	Offered        bool         `json:"offered,omitempty"`
	Choosing       bool         `json:"choosing,omitempty"` // asked what to change at confirm
	BookingSeq     int          `json:"booking_seq,omitempty"`
	AppointmentID  string       `json:"appointment_id,omitempty"`
	ContactCounted bool         `json:"contact_counted,omitempty"`
	Manage         *manageState `json:"manage,omitempty"`          // a move or cancel under way
	PartOfDay      string       `json:"part_of_day,omitempty"`     // morning or afternoon: the hours to offer
	ConversationID string       `json:"conversation_id,omitempty"` // its row in PostgreSQL, once stored
	Handoff        *handoff     `json:"handoff,omitempty"`         // staff are involved (handoff.go)
	// Offers Dota made and the visitor may accept with their next message.
	HandoffOffered  bool `json:"handoff_offered,omitempty"`  // after three failures at one step
	CallbackOffered bool `json:"callback_offered,omitempty"` // outside office hours
	Callback        bool `json:"callback,omitempty"`         // collecting contact details for a call back
	// The waitlist (waitlist.go): the last full slot chosen, "YYYY-MM-DD HH:MM", whether
	// Dota asked to join its line, and a freed place offered to the visitor.
	TakenSlot     string     `json:"taken_slot,omitempty"`
	WaitlistAsked bool       `json:"waitlist_asked,omitempty"`
	Offer         *slotOffer `json:"offer,omitempty"`
	// Answers are the answers to the questions of the service AnswersService, by question
	// id, and Skipped the optional ones the visitor left unanswered (questions.go); Heard is
	// what the visitor said that may answer them before they are asked.
	Answers        map[string]string `json:"answers,omitempty"`
	Skipped        []string          `json:"skipped,omitempty"`
	AnswersService string            `json:"answers_service,omitempty"`
	Heard          *heard            `json:"heard,omitempty"`
	// Attribution is where the visit that opened the conversation came from; nil for a
	// conversation begun without Start.
	Attribution *attribution.Visit `json:"attribution,omitempty"`

	// Rating is the satisfaction question asked after a hand-back, until answered (handoff.go).
	Rating     *ratingAsk `json:"rating,omitempty"`
	MessageSeq int        `json:"message_seq"`
	// Messages are the conversation's messages as load reads them, for the widget. They
	// are kept apart from the state, in a Redis list a turn appends to without reading it
	// (messageKey); a turn reads the state alone. A session stored before the list existed
	// holds its messages here, and its next save moves them to the list.
	Messages     []Message    `json:"messages,omitempty"`
	QuickReplies []QuickReply `json:"quick_replies"`
	StartedAt    time.Time    `json:"started_at"`
}

// ErrUnavailable means Redis, which holds the conversations, does not answer.
var ErrUnavailable = transcript.ErrUnavailable

func unavailable(err error) error { return transcript.Unavailable(err) }

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

// stateKey and messageKey name a session's state and its list of messages.
func (e *Engine) stateKey(id string) string   { return e.key("s", id) }
func (e *Engine) messageKey(id string) string { return e.key("sm", id) }

// load reads a session with its messages, in one round trip; found is false when it is
// unknown or expired.
func (e *Engine) load(ctx context.Context, id string) (*session, bool, error) {
	if !validSessionID(id) {
		return nil, false, nil
	}
	pipe := e.rdb.Pipeline()
	state := pipe.Get(ctx, e.stateKey(id))
	list := pipe.LRange(ctx, e.messageKey(id), 0, -1)
	_, _ = pipe.Exec(ctx)
	raw, err := state.Bytes()
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, false, unavailable(err)
	}
	s, found := decodeSession(raw, err)
	if !found {
		return nil, false, nil
	}
	items, err := list.Result()
	if err != nil {
		return nil, false, unavailable(err)
	}
	for _, it := range items {
		var m Message
		if json.Unmarshal([]byte(it), &m) == nil {
			s.Messages = append(s.Messages, m)
		}
	}
	if s.Messages == nil {
		s.Messages = []Message{}
	}
	return s, true, nil
}

// decodeSession reads a stored session; an unreadable one is as good as expired.
func decodeSession(raw []byte, err error) (*session, bool) {
	if err != nil {
		return nil, false
	}
	s := &session{}
	if json.Unmarshal(raw, s) != nil {
		return nil, false
	}
	return s, true
}

// saveTurn stores the session and appends the turn's messages to its list (the most
// recent maxStoredMessages are kept, for as long as the session), adds the turn's record
// to the transcript's stream (t.entry names it then), keeps the set of conversations
// waiting for a person, publishes the turn's messages to the visitor's stream when it was
// not the visitor's own turn, and releases the session's lock (when held), in one round
// trip, one transaction, and in that order: the session and its transcript record are
// stored together or not at all, a message is stored before it is published, and
// published before the next change of the conversation can start. The turn's operations
// counters go to the replica's buffer (ops_buffer.go). Only a failure to store the
// session or its record is returned: an unreleased lock is released again by the caller
// or expires.
func (e *Engine) saveTurn(ctx context.Context, t *turn) error {
	s, lk := t.s, t.lock
	msgs := append(s.Messages, t.all...) // a session stored before the list existed moves its messages now
	s.Messages = nil
	raw, err := json.Marshal(s)
	if err != nil {
		return err
	}
	pipe := e.rdb.TxPipeline()
	set := pipe.Set(ctx, e.stateKey(s.ID), raw, e.cfg.SessionTTL)
	var added *redis.StringCmd
	if t.record != nil {
		added = e.transcripts.AddTurn(ctx, pipe, t.record)
	}
	mk := e.messageKey(s.ID)
	if len(msgs) > 0 {
		items := make([]any, len(msgs))
		for i, m := range msgs {
			if items[i], err = json.Marshal(m); err != nil {
				return err
			}
		}
		pipe.RPush(ctx, mk, items...)
		pipe.LTrim(ctx, mk, -maxStoredMessages, -1)
	}
	pipe.Expire(ctx, mk, e.cfg.SessionTTL)
	e.ops.add(t.ops...)
	switch h := s.Handoff; {
	case h != nil && h.State == HandoffWaiting:
		pipe.ZAddNX(ctx, e.key("waiting"), redis.Z{Score: float64(h.Since.UnixMilli()), Member: s.ID})
	case t.touched || t.change != nil:
		pipe.ZRem(ctx, e.key("waiting"), s.ID)
	}
	if t.push {
		e.queuePushes(ctx, pipe, s.ID, t.bot, t.view(), s.QuickReplies)
	}
	var unlock *redis.Cmd
	if lk != nil && !lk.released {
		unlock = unlockScript.EvalSha(ctx, pipe, []string{lk.key}, lk.token)
	}
	_, _ = pipe.Exec(ctx)
	switch {
	case unlock == nil:
	case unlock.Err() == nil:
		lk.released = true
	case redis.HasErrorPrefix(unlock.Err(), "NOSCRIPT"):
		lk.release(ctx) // Redis lost its scripts (a restart): run loads it again
	}
	if err := set.Err(); err != nil {
		return unavailable(err)
	}
	if added != nil {
		if err := added.Err(); err != nil {
			return unavailable(err)
		}
		t.entry = added.Val()
		e.transcripts.Poke()
	}
	return nil
}

// sessionLock is a held lock on one conversation.
type sessionLock struct {
	e        *Engine
	key      string
	token    string
	released bool
}

// release frees the lock unless the turn's save already did.
func (l *sessionLock) release(ctx context.Context) {
	if l == nil || l.released {
		return
	}
	unlockScript.Run(context.WithoutCancel(ctx), l.e.rdb, []string{l.key}, l.token)
	l.released = true
}

// lockAndLoad counts the message against the rate limits of its address and of its
// session (when limited: a staff member's change is not counted), takes the lock that serializes the messages of one session across replicas
// (so that two messages sent at once do not overwrite each other's state), reads the
// session and the transcript's backlog, all in one round trip; past the backlog's bound
// it waits for room, holding the lock (transcript/transcript_stream.go). Over a budget, it returns
// the rate-limit error and holds no lock. It waits for an earlier message, which may be waiting on Gemini, at most the AI
// time-out and a little more, without counting the message again.
func (e *Engine) lockAndLoad(ctx context.Context, id, address string, limited bool) (*sessionLock, *session, bool, error) {
	lk := &sessionLock{e: e, key: e.key("lock", id), token: newSessionID()}
	hold := e.cfg.AITimeout + 10*time.Second
	deadline := time.Now().Add(e.cfg.AITimeout + 2*time.Second)
	budgets, scopes := e.budgets(address, id)
	for first := limited; ; first = false {
		var decide func() ([]ratelimit.Decision, error)
		pipe := e.rdb.Pipeline()
		if first {
			pipe = e.rdb.TxPipeline()
			decide = e.limiter.Queue(ctx, pipe, budgets...)
		}
		got := pipe.SetNX(ctx, lk.key, lk.token, hold)
		state := pipe.Get(ctx, e.stateKey(id))
		backlog := e.transcripts.Backlog(ctx, pipe)
		_, _ = pipe.Exec(ctx)
		if err := got.Err(); err != nil {
			return nil, nil, false, unavailable(err)
		}
		if decide != nil {
			ds, err := decide()
			if err == nil {
				err = e.judge(ds, scopes)
			}
			if err != nil {
				if got.Val() {
					lk.release(ctx)
				}
				var limited *RateLimitedError
				if errors.As(err, &limited) {
					return nil, nil, false, err
				}
				return nil, nil, false, unavailable(err)
			}
		}
		if got.Val() {
			raw, err := state.Bytes()
			if err != nil && !errors.Is(err, redis.Nil) {
				lk.release(ctx)
				return nil, nil, false, unavailable(err)
			}
			if backlog != nil {
				if err := e.transcripts.Room(ctx, backlog.Val()); err != nil {
					lk.release(ctx)
					return nil, nil, false, err
				}
			}
			s, found := decodeSession(raw, err)
			return lk, s, found, nil
		}
		if time.Now().After(deadline) {
			return nil, nil, false, ErrBusy
		}
		select {
		case <-ctx.Done():
			return nil, nil, false, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// ErrBusy means an earlier message of the same conversation is still being answered.
var ErrBusy = errors.New("conversation busy")

// unlockScript deletes a lock that still holds its token. A turn runs it by its digest in
// the pipeline that saves the session (the script's text is sent only when Redis asks).
var unlockScript = redis.NewScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`)

// add numbers a new message of the session and returns it; the turn keeps it, and saves
// it with the session.
func (s *session) add(sender, textValue, source string, at time.Time) Message {
	s.MessageSeq++
	return Message{ID: strconv.Itoa(s.MessageSeq), Text: textValue, Sender: sender, Timestamp: at, Source: source, Step: s.Step}
}

// A conversation is stored from the visitor's first message on. Start gives the widget a
// session id and the greeting, and keeps only the language under the id, for openedTTL;
// the first message sent under that id begins the conversation under it, the greeting at
// its head. Each conversation opened — by Start, or by a message under an unknown id — is
// counted against the conversations its address may open in a minute
// (Config.IPOpenLimit), so that one address cannot fill Redis with them.

// DefaultIPOpenLimit is how many conversations one address (an IPv6 /64) may open in
// a minute.
const DefaultIPOpenLimit = 10

// openedTTL is how long an opened conversation waits for the visitor's first message
// (the session's own time-to-live when shorter); past it, the first message begins a new
// conversation, which the reply names.
const openedTTL = time.Hour

func (e *Engine) openedKey(id string) string { return e.key("o", id) }

func (e *Engine) openedFor() time.Duration { return min(openedTTL, e.cfg.SessionTTL) }

// openBudget is the budget of the conversations an address may open.
func (e *Engine) openBudget(address string) ratelimit.Budget {
	return ratelimit.Budget{Key: "new:ip:" + address, Limit: e.cfg.IPOpenLimit, Window: rateWindow}
}

// open counts a conversation Start opens against the budgets of its address — its
// messages and the conversations it may open — and keeps its language under its id, with
// where the visit came from when it is known (opening).
func (e *Engine) open(ctx context.Context, s *session, address string) error {
	budgets, scopes := e.budgets(address, "")
	if address != "" {
		budgets, scopes = append(budgets, e.openBudget(address)), append(scopes, "ip")
	}
	if err := e.allowEach(ctx, budgets, scopes); err != nil {
		return err
	}
	kept := s.Lang
	if s.Attribution != nil {
		raw, err := json.Marshal(opening{Lang: s.Lang, Attribution: s.Attribution})
		if err != nil {
			return err
		}
		kept = string(raw)
	}
	if err := e.rdb.Set(ctx, e.openedKey(s.ID), kept, e.openedFor()).Err(); err != nil {
		return unavailable(err)
	}
	return nil
}

// opening is what an opened conversation keeps when its visit's attribution is known: a
// JSON object, where one opened without it keeps its language alone.
type opening struct {
	Lang        string             `json:"lang"`
	Attribution *attribution.Visit `json:"attribution"`
}

// readOpening reads what open kept.
func readOpening(kept string) opening {
	var o opening
	if strings.HasPrefix(kept, "{") && json.Unmarshal([]byte(kept), &o) == nil {
		return o
	}
	return opening{Lang: kept}
}

func (e *Engine) newSession(lang string) *session {
	if lang = i18n.Normalize(lang); lang == "" {
		lang = i18n.Default
	}
	return &session{ID: newSessionID(), Lang: lang, Step: StepGreeting, StartedAt: e.now()}
}

// begin makes the session of a conversation's first message: under the id sent when
// Start opened it (opened is true; the language is Start's unless the message gives
// one, and the visit's attribution Start's), else under a new id, once that new conversation is counted against the
// conversations its address may open.
func (e *Engine) begin(ctx context.Context, id, lang, address string) (s *session, opened bool, err error) {
	if validSessionID(id) {
		kept, err := e.rdb.GetDel(ctx, e.openedKey(id)).Result()
		switch {
		case err == nil:
			o := readOpening(kept)
			if lang == "" {
				lang = o.Lang
			}
			s = e.newSession(lang)
			s.ID, s.Attribution = id, o.Attribution
			return s, true, nil
		case !errors.Is(err, redis.Nil):
			return nil, false, unavailable(err)
		}
	}
	if address != "" {
		if err := e.allowEach(ctx, []ratelimit.Budget{e.openBudget(address)}, []string{"ip"}); err != nil {
			return nil, false, err
		}
	}
	return e.newSession(lang), false, nil
}
