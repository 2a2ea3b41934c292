package chatbot

import (
	"context"
	"fmt"
	"slices"

	"github.com/dota-agency/dota/booking"
)

// Reply is Dota's answer to a turn: its new messages, where the conversation stands and
// what the widget should offer next.
type Reply struct {
	SessionID     string       `json:"session_id"`
	NewSession    bool         `json:"new_session,omitempty"` // the id sent was unknown or expired
	Lang          string       `json:"lang"`
	Messages      []Message    `json:"messages"`
	Step          string       `json:"step"`
	QuickReplies  []QuickReply `json:"quick_replies"`
	Collected     Collected    `json:"collected"`
	AppointmentID string       `json:"appointment_id,omitempty"`
}

// RateLimitedError refuses a message over a client's budget.
type RateLimitedError struct {
	Scope      string // ip or session
	RetryAfter int    // seconds
}

func (e *RateLimitedError) Error() string { return "chat rate limited (" + e.Scope + ")" }

// Start opens a conversation in lang with Dota's greeting.
func (e *Engine) Start(ctx context.Context, lang, clientIP string) (Reply, error) {
	if err := e.allow(ctx, "ip", clientIP, e.cfg.IPMessageLimit); err != nil {
		return Reply{}, err
	}
	s := e.newSession(lang)
	t := e.turn(ctx, s)
	t.greet()
	return t.finish(true)
}

// Send answers one message of the visitor. An unknown or expired session id starts a
// new conversation, which the reply names.
func (e *Engine) Send(ctx context.Context, sessionID, message, lang, clientIP string) (Reply, error) {
	if err := e.allow(ctx, "ip", clientIP, e.cfg.IPMessageLimit); err != nil {
		return Reply{}, err
	}
	if validSessionID(sessionID) {
		if err := e.allow(ctx, "session", sessionID, e.cfg.SessionMessageLimit); err != nil {
			return Reply{}, err
		}
		unlock, err := e.lock(ctx, sessionID)
		if err != nil {
			return Reply{}, err
		}
		defer unlock()
	}
	s, found, err := e.load(ctx, sessionID)
	if err != nil {
		return Reply{}, err
	}
	fresh := !found
	if fresh {
		if lang == "" {
			lang = booking.DefaultLanguage
		}
		s = e.newSession(lang)
	}
	if l := booking.NormalizeLang(lang); l != "" {
		s.Lang = l
	}
	t := e.turn(ctx, s)
	if fresh {
		t.greet()
	}
	t.handle(message)
	return t.finish(fresh)
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
	return r, nil
}

func (e *Engine) newSession(lang string) *session {
	if lang = booking.NormalizeLang(lang); lang == "" {
		lang = booking.DefaultLanguage
	}
	return &session{ID: newSessionID(), Lang: lang, Step: StepGreeting, StartedAt: e.now(), Messages: []Message{}}
}

func (s *session) reply(msgs []Message) Reply {
	qr := s.QuickReplies
	if qr == nil {
		qr = []QuickReply{}
	}
	if msgs == nil {
		msgs = []Message{}
	}
	return Reply{SessionID: s.ID, Lang: s.Lang, Messages: msgs, Step: s.Step, QuickReplies: qr,
		Collected: s.Collected, AppointmentID: s.AppointmentID}
}

// allow counts a message against a client's budget.
func (e *Engine) allow(ctx context.Context, scope, id string, limit int) error {
	if id == "" {
		return nil
	}
	d, err := e.limiter.Allow(ctx, "msg:"+scope+":"+id, limit, rateWindow)
	if err != nil {
		return unavailable(err)
	}
	if !d.Allowed {
		rateLimited.WithLabelValues(scope).Inc()
		e.opsIncr(ctx, "rate_limited")
		return &RateLimitedError{Scope: scope, RetryAfter: d.RetryAfterSeconds()}
	}
	return nil
}

// finish saves the session, stores the turn's transcript and returns the bot's messages.
func (t *turn) finish(newSession bool) (Reply, error) {
	if err := t.e.save(t.ctx, t.s); err != nil {
		return Reply{}, err
	}
	t.e.persist(t.ctx, t.s, t.all)
	if t.answered != "" {
		src := t.answered
		if src == SourceFlow {
			src = SourceRule
		}
		chatMessages.WithLabelValues(t.s.Lang, src).Inc()
		t.e.opsIncr(t.ctx, "msg_"+src)
	}
	r := t.s.reply(t.bot)
	r.NewSession = newSession && t.userSent
	return r, nil
}

func (t *turn) String() string { return fmt.Sprintf("turn(%s at %s)", t.s.ID, t.s.Step) }
