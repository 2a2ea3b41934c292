package chatbot

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// The hand-off to staff, the staff's side: take a conversation, answer the visitor live,
// hand it back to Dota. Each change runs under the conversation's lock, like a visitor's
// turn, so the two never overwrite each other; the database row says who holds it, so
// two staff members cannot both take it.

// Agent is the staff member acting on a conversation.
type Agent struct {
	ID   string
	Name string // the first name the visitor sees
}

// MaxStaffMessage bounds a staff member's message, in characters.
const MaxStaffMessage = 2000

// HeldError refuses a change to a conversation another staff member holds, or one that
// must be taken first.
type HeldError struct {
	Agent string // who holds it; "" when nobody does
}

func (e *HeldError) Error() string { return "conversation held by " + e.Agent }

// Is makes errors.Is(err, booking.ErrConflict) true.
func (e *HeldError) Is(target error) bool { return target == booking.ErrConflict }

// LocalizedMessage says who holds the conversation, or that it must be taken first.
func (e *HeldError) LocalizedMessage(lang string) string {
	if e.Agent == "" {
		return text(lang, "staff_take_first")
	}
	return text(lang, "staff_held", "agent", e.Agent)
}

// ErrVisitorGone refuses an answer to a visitor whose conversation has expired.
var ErrVisitorGone = fmt.Errorf("the visitor's conversation has ended: %w", goneError{})

type goneError struct{}

func (goneError) Error() string                    { return "conflict" }
func (goneError) Is(target error) bool             { return target == booking.ErrConflict }
func (goneError) LocalizedMessage(l string) string { return text(l, "staff_visitor_gone") }

// Claim gives the conversation to a staff member: it is theirs until they hand it back,
// or until they have been silent in it for the settings' staff_idle_release_minutes;
// another staff member gets a HeldError. The visitor is told who joined. A conversation
// whose visitor has left can still be taken, to follow it up by e-mail or phone.
func (e *Engine) Claim(ctx context.Context, conversationID string, a Agent) error {
	return e.claim(ctx, conversationID, a, false)
}

// TakeOver gives the conversation to a staff member whoever holds it (a moderator or an
// administrator relieving a colleague): the visitor is told who takes over from whom,
// which the transcript keeps, and the former holder's console sees the change live.
func (e *Engine) TakeOver(ctx context.Context, conversationID string, a Agent) error {
	return e.claim(ctx, conversationID, a, true)
}

func (e *Engine) claim(ctx context.Context, conversationID string, a Agent, takeOver bool) error {
	var from string // the staff member taken over from
	return e.act(ctx, conversationID, false, func(ctx context.Context, tx pgx.Tx) error {
		var ok bool
		var err error
		from, ok, err = e.transcripts.Claim(ctx, tx, conversationID, a.ID, a.Name, takeOver)
		if err == nil && !ok {
			return e.holder(ctx, tx, conversationID)
		}
		if err == nil && from != "" {
			e.log.InfoContext(ctx, "chat: conversation taken over", "conversation", conversationID, "by", a.ID, "from", from)
		}
		return err
	}, func(t *turn) {
		h := t.s.Handoff
		if h != nil && h.State == HandoffStaff && h.AgentID == a.ID {
			return // already theirs
		}
		if h == nil {
			h = &handoff{Reason: ReasonStaff, Since: t.e.now()}
		} else if h.State == HandoffWaiting {
			handoffsTaken.Inc()
		}
		l := t.lang()
		msg := text(l, "handoff_joined", "agent", a.Name)
		if h.State == HandoffStaff && h.Agent != "" {
			handoffsTakenOver.Inc()
			msg = text(l, "handoff_taken_over", "agent", a.Name, "previous", h.Agent)
		}
		h.State, h.AgentID, h.Agent = HandoffStaff, a.ID, a.Name
		t.s.Handoff = h
		t.touched = true
		t.say(msg, SourceFlow)
		t.s.QuickReplies = []QuickReply{}
	})
}

// Answer sends a staff member's message to the visitor, live; the staff member must hold
// the conversation.
func (e *Engine) Answer(ctx context.Context, conversationID string, a Agent, msg string) (Message, error) {
	msg = strings.TrimSpace(Sanitize(msg))
	v := &booking.ValidationError{}
	switch {
	case msg == "":
		v.Add("text", "required")
	case utf8.RuneCountInString(msg) > MaxStaffMessage:
		v.Add("text", "too_long")
	}
	if err := v.OrNil(); err != nil {
		return Message{}, err
	}
	var sent Message
	gone := false
	err := e.act(ctx, conversationID, true, func(ctx context.Context, tx pgx.Tx) error {
		// The holder's word keeps the conversation theirs for staff_idle_release_minutes more.
		held, err := e.transcripts.Active(ctx, tx, conversationID, a.ID)
		if err == nil && !held {
			return e.holder(ctx, tx, conversationID)
		}
		return err
	}, func(t *turn) {
		h := t.s.Handoff
		if h == nil || h.State != HandoffStaff {
			gone = true // the conversation was taken back by its session's own state
			return
		}
		if !h.Replied {
			h.Replied = true
			handoffFirstReply.Observe(t.e.now().Sub(h.Since).Seconds())
		}
		sent = t.staffSay(msg, a.Name)
	})
	if err == nil && gone {
		err = ErrVisitorGone
	}
	return sent, err
}

// Release hands the conversation back to Dota, which tells the visitor and takes over.
// Only the staff member who holds it may, or anyone with force (an administrator); a
// waiting conversation nobody took (a call back dealt with by phone) may be released by
// any staff member.
func (e *Engine) Release(ctx context.Context, conversationID string, a Agent, force bool) error {
	return e.act(ctx, conversationID, false, func(ctx context.Context, tx pgx.Tx) error {
		released, err := e.transcripts.Release(ctx, tx, conversationID, a.ID, force)
		if err == nil && !released {
			return e.holder(ctx, tx, conversationID)
		}
		return err
	}, func(t *turn) {
		if t.s.Handoff == nil {
			return
		}
		handoffsReleased.Inc()
		t.touched = true
		t.resume("handoff_released")
	})
}

// holder explains a refused change: the conversation is unknown, or another staff member
// holds it, or nobody does and it must be taken first.
func (e *Engine) holder(ctx context.Context, tx pgx.Tx, conversationID string) error {
	name, err := e.transcripts.Holder(ctx, tx, conversationID)
	if err != nil {
		return err
	}
	return &HeldError{Agent: name}
}

// staffSay adds a staff member's message to the turn.
func (t *turn) staffSay(msg, agent string) Message {
	m := t.s.add(SenderStaff, msg, "", t.e.now())
	m.Author = agent
	t.all = append(t.all, m)
	t.bot = append(t.bot, m)
	return m
}

// act changes a conversation on behalf of staff: under the conversation's lock, check
// commits the database's side (who holds it) and, when it succeeds, change edits the
// session; the new messages are then stored, pushed to the visitor's stream and saved.
// When the visitor's session has expired, only check runs, or nothing and ErrVisitorGone
// when the change needs the visitor.
func (e *Engine) act(ctx context.Context, conversationID string, needVisitor bool,
	check func(context.Context, pgx.Tx) error, change func(t *turn)) error {
	if !e.transcripts.Kept() || !booking.IsUUID(conversationID) {
		return booking.ErrNotFound
	}
	e.transcripts.Written(ctx)
	sessionID, err := e.transcripts.SessionOf(ctx, conversationID)
	if err != nil {
		return err
	}
	return e.locked(ctx, sessionID, func(t *turn) error {
		if t == nil && needVisitor {
			return ErrVisitorGone
		}
		if err := e.transcripts.InTx(ctx, func(tx pgx.Tx) error { return check(ctx, tx) }); err != nil {
			return err
		}
		if t == nil {
			e.announce(ctx, conversationID)
			return nil
		}
		t.notify = true
		change(t)
		return nil
	})
}

// locked runs fn on a conversation's session under its lock, then stores and saves what
// fn changed and pushes its new messages to the visitor's stream. fn gets nil when the
// session has expired.
func (e *Engine) locked(ctx context.Context, sessionID string, fn func(t *turn) error) error {
	lk, s, found, err := e.lockAndLoad(ctx, sessionID, "", false)
	if err != nil {
		return err
	}
	defer lk.release(ctx)
	if !found {
		return fn(nil)
	}
	t := e.turn(ctx, s)
	t.lock, t.push = lk, true
	if err := fn(t); err != nil {
		return err
	}
	_, err = t.finish(false)
	return err
}
