package chatbot

import (
	"context"
	"slices"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/ratelimit"
)

// Reply is Dota's answer to a turn: its new messages, where the conversation stands and
// what the widget should offer next.
type Reply struct {
	SessionID  string    `json:"session_id"`
	NewSession bool      `json:"new_session,omitempty"` // the id sent was unknown or expired
	Lang       string    `json:"lang"`
	Messages   []Message `json:"messages"`
	// UserMessage is the visitor's message of the turn as the conversation numbered it, so
	// that the widget shows it where the conversation has it; nil when the turn had none.
	UserMessage *Message `json:"user_message,omitempty"`
	Step        string   `json:"step"`
	// Flow is the flow the step belongs to: booking, move, cancel, or "" outside any.
	Flow          string       `json:"flow"`
	QuickReplies  []QuickReply `json:"quick_replies"`
	Collected     Collected    `json:"collected"`
	AppointmentID string       `json:"appointment_id,omitempty"`
	// Handoff is set while staff are involved, and says "ended" in the reply that ends it.
	Handoff *HandoffView `json:"handoff,omitempty"`
}

// RateLimitedError refuses a message over a client's budget.
type RateLimitedError struct {
	Scope      string // ip or session
	RetryAfter int    // seconds
}

func (e *RateLimitedError) Error() string { return "chat rate limited (" + e.Scope + ")" }

// Start opens a conversation in lang with Dota's greeting, counted against the budgets
// of the client's address. Only its language is kept, for an hour: the conversation is
// stored from the visitor's first message on (Send, begin.go), under the session id
// given here, so that opening the widget costs next to no memory.
func (e *Engine) Start(ctx context.Context, lang, clientIP string) (Reply, error) {
	s := e.newSession(lang)
	if err := e.open(ctx, s, ratelimit.AddressKey(clientIP)); err != nil {
		return Reply{}, err
	}
	t := e.turn(ctx, s)
	t.greet()
	e.ops.add(t.ops...)
	return s.reply(t.bot), nil
}

// Send answers one message of the visitor. The first message of a conversation Start
// opened begins it under Start's session id (begin.go); an unknown or expired id starts a
// new conversation, which the reply names.
//
// A turn costs two round trips to Redis: the rate limits of the address and the session,
// the session's lock, its state and the transcript's backlog together, in one
// transaction; and, at the end, the new state, its new messages, its transcript record
// and the release of the lock together, in another. (The operations counters are
// gathered in process and written once a second: ops_buffer.go.)
func (e *Engine) Send(ctx context.Context, sessionID, message, lang, clientIP string) (Reply, error) {
	address := ratelimit.AddressKey(clientIP)
	var (
		s     *session
		found bool
		lk    *sessionLock
	)
	if validSessionID(sessionID) {
		var err error
		if lk, s, found, err = e.lockAndLoad(ctx, sessionID, address, true); err != nil {
			return Reply{}, err
		}
		defer lk.release(ctx)
	} else if err := e.allow(ctx, address, ""); err != nil {
		return Reply{}, err
	} else if err := e.transcripts.RoomNow(ctx); err != nil {
		return Reply{}, err
	}
	fresh, opened := !found, false
	if fresh {
		var err error
		if s, opened, err = e.begin(ctx, sessionID, lang, address); err != nil {
			return Reply{}, err
		}
	}
	if l := i18n.Normalize(lang); l != "" {
		s.Lang = l
	}
	t := e.turn(ctx, s)
	t.lock = lk
	t.address = address
	switch {
	case opened:
		t.recordGreeting()
	case fresh:
		t.greet()
	}
	t.handle(message)
	return t.finish(fresh && !opened)
}

// Conversation returns a conversation as it stands, with every message kept.
func (e *Engine) Conversation(ctx context.Context, sessionID string) (Reply, error) {
	s, found, err := e.load(ctx, sessionID)
	if err != nil {
		return Reply{}, err
	}
	if !found {
		return Reply{}, booking.ErrNotFound
	}
	r := s.reply(slices.Clone(s.Messages))
	if h := s.Handoff; h != nil {
		r.Handoff = &HandoffView{State: h.State, Agent: h.Agent}
	}
	return r, nil
}

func (s *session) reply(msgs []Message) Reply {
	qr := s.QuickReplies
	if qr == nil {
		qr = []QuickReply{}
	}
	if msgs == nil {
		msgs = []Message{}
	}
	return Reply{SessionID: s.ID, Lang: s.Lang, Messages: msgs, Step: s.Step, Flow: s.flow(), QuickReplies: qr,
		Collected: s.Collected, AppointmentID: s.AppointmentID}
}

// Flows a conversation may be in, as Reply.Flow names them.
const (
	FlowBooking  = "booking"
	FlowMove     = reader.IntentMove
	FlowCancel   = reader.IntentCancel
	FlowCallback = "callback"
	// FlowManage is a move or a cancellation before the visitor has said which.
	FlowManage = "manage"
)

// flow names the flow of the session's step.
func (s *session) flow() string {
	switch {
	case s.Callback:
		return FlowCallback
	case s.Manage != nil && isManageStep(s.Step) && s.Manage.Action == "":
		return FlowManage
	case s.Manage != nil && isManageStep(s.Step):
		return s.Manage.Action
	case slices.Contains(BookingFlow, s.Step):
		return FlowBooking
	}
	return ""
}

// budgets are the rate limits a message counts against: its client's address (its key,
// ratelimit.AddressKey) and, when given, its conversation.
func (e *Engine) budgets(address, sessionID string) ([]ratelimit.Budget, []string) {
	var budgets []ratelimit.Budget
	var scopes []string
	if address != "" {
		budgets = append(budgets, ratelimit.Budget{Key: "msg:ip:" + address, Limit: e.cfg.IPMessageLimit, Window: rateWindow})
		scopes = append(scopes, "ip")
	}
	if sessionID != "" {
		budgets = append(budgets, ratelimit.Budget{Key: "msg:session:" + sessionID, Limit: e.cfg.SessionMessageLimit, Window: rateWindow})
		scopes = append(scopes, "session")
	}
	return budgets, scopes
}

// allow counts a message against the budget of the client's address and, when given,
// of its conversation, in one round trip.
func (e *Engine) allow(ctx context.Context, address, sessionID string) error {
	budgets, scopes := e.budgets(address, sessionID)
	return e.allowEach(ctx, budgets, scopes)
}

// allowEach counts a request against budgets, named by scopes, in one round trip.
func (e *Engine) allowEach(ctx context.Context, budgets []ratelimit.Budget, scopes []string) error {
	if len(budgets) == 0 {
		return nil
	}
	ds, err := e.limiter.AllowEach(ctx, budgets...)
	if err != nil {
		return unavailable(err)
	}
	return e.judge(ds, scopes)
}

// judge refuses a message when one of its budgets is spent.
func (e *Engine) judge(ds []ratelimit.Decision, scopes []string) error {
	for i, d := range ds {
		if !d.Allowed {
			rateLimited.WithLabelValues(scopes[i]).Inc()
			e.opsIncr("rate_limited")
			return &RateLimitedError{Scope: scopes[i], RetryAfter: d.RetryAfterSeconds()}
		}
	}
	return nil
}

// finish saves the session with the turn's transcript record, counts the turn and
// releases the session's lock in one round trip, and returns the bot's messages. The
// record is added under the lock, so a conversation's turns are stored in order.
//
// A booking and a hand-off are answered once their record is written to PostgreSQL, and
// refused as unavailable (transcript.ErrPending) when it is not within the database's
// time-out: the record stays in the stream and is written later. A staff member's or the
// system's turn also waits for its write, so that staff see it at once, but is not
// refused: its messages already went to the visitor. The visitor's other turns are
// answered once their record is in the stream.
func (t *turn) finish(newSession bool) (Reply, error) {
	t.record = t.e.record(t.s, t.all, t.change)
	if t.answered != "" {
		src := t.answered
		if src == SourceFlow {
			src = SourceRule
		}
		chatMessages.WithLabelValues(t.s.Lang, src).Inc()
		t.count("msg_" + src)
	}
	if err := t.e.saveTurn(t.ctx, t); err != nil {
		return Reply{}, err
	}
	var unstored error
	if t.entry != "" {
		switch {
		case t.change != nil || slices.Contains(t.ops, "funnel_booked"):
			unstored = t.e.transcripts.Stored(t.ctx, t.entry)
		case t.push:
			_ = t.e.transcripts.Stored(t.ctx, t.entry)
		}
	}
	if t.notify || t.change != nil {
		t.e.announce(t.ctx, t.s.ConversationID)
	}
	if unstored != nil {
		return Reply{}, unstored
	}
	r := t.s.reply(t.bot)
	r.NewSession = newSession && t.sent != nil
	r.UserMessage = t.sent
	r.Handoff = t.view()
	return r, nil
}
