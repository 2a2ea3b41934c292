package chatbot

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/i18n"
	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"
)

// The hand-off to staff, the visitor's side: a visitor who asks for a person, or accepts
// one after failing a step three times, waits for a staff member in the same widget.
// While staff are involved Dota stays quiet; it takes the conversation back when staff
// hand it back, when nobody takes it within the settings' hand-off timeout, and when its
// holder is silent or leaves (giveback.go). Outside
// office hours Dota says when the team is back and offers to take contact details (the
// callback flow) or to book. staff.go is the staff's side, inbox.go what they read.

// Hand-off states, as the session, the database and Reply.Handoff name them; a
// conversation's state is one of them, StateBot or StateClosed.
const (
	HandoffWaiting = transcript.StateWaiting // the visitor waits for a person
	HandoffStaff   = transcript.StateStaff   // a staff member holds the conversation
	HandoffEnded   = "ended"                 // (replies and pushes only) Dota has taken the conversation back
	StateBot       = transcript.StateBot     // Dota answers
	StateClosed    = transcript.StateClosed  // (the inbox only) with Dota and idle for transcript.ClosedAfter
)

// Why a conversation went to staff.
const (
	ReasonAsked    = "asked"    // the visitor asked for a person
	ReasonFailures = "failures" // the visitor accepted a person after failing a step
	ReasonCallback = "callback" // out of office hours, the visitor left contact details
	ReasonStaff    = "staff"    // a staff member took the conversation from Dota
)

// handoff is the staff's part of a conversation, kept in its session.
type handoff struct {
	State   string    `json:"state"`
	Reason  string    `json:"reason"`
	Since   time.Time `json:"since"` // when the visitor was handed to staff
	AgentID string    `json:"agent_id,omitempty"`
	Agent   string    `json:"agent,omitempty"`   // the first name the visitor sees
	Replied bool      `json:"replied,omitempty"` // staff have answered since the hand-off
}

// HandoffView is what the widget is told of a hand-off.
type HandoffView struct {
	State string `json:"state"`
	Agent string `json:"agent,omitempty"`
}

// view is the hand-off as the widget sees it after a turn; nil when staff are not involved.
func (t *turn) view() *HandoffView {
	if h := t.s.Handoff; h != nil {
		return &HandoffView{State: h.State, Agent: h.Agent}
	}
	if t.ended {
		return &HandoffView{State: HandoffEnded}
	}
	return nil
}

// CallbackFlow collects the contact details of a visitor who asked for a person outside
// office hours; StepCallback then records the request for staff.
var CallbackFlow = []string{StepName, StepEmail, StepPhone}

// held handles a visitor's message while staff are involved and reports whether Dota
// must stay quiet: a staff member holds the conversation, or the visitor is still within
// the wait. Past the wait, Dota says nobody is free, takes the conversation back and
// answers the message itself.
func (t *turn) held() bool {
	h := t.s.Handoff
	if h == nil {
		return false
	}
	if h.State == HandoffStaff || t.e.now().Before(h.Since.Add(t.e.handoffTimeout(t.ctx))) {
		t.noteEmail()
		t.notify = true // staff read the visitor's message live
		t.s.QuickReplies = []QuickReply{}
		return true
	}
	handoffsTimedOut.Inc()
	t.resume("handoff_timeout")
	return false
}

// noteEmail keeps the e-mail address a visitor gives while staff are involved: staff
// answers reach it if the visitor leaves (away.go).
func (t *turn) noteEmail() {
	if f := t.fields(); f.Email != "" {
		t.s.Collected.Email = f.Email
	}
}

// acceptOffer reads the answer to an offer of the previous turn — a person after three
// failures, a call back out of office hours — and reports whether it took it up.
func (t *turn) acceptOffer(msg string, ws []string) bool {
	switch {
	case t.s.HandoffOffered:
		t.s.HandoffOffered = false
		if reader.YesWords.Exact(ws) || reader.WantsPerson(ws) {
			t.startHandoff(ReasonFailures)
			return true
		}
	case t.s.CallbackOffered:
		t.s.CallbackOffered = false
		if reader.YesWords.Exact(ws) || isReply(msg, "qr_callback") {
			t.startCallback()
			return true
		}
	}
	return false
}

// isReply reports whether msg is the label of the quick reply code, in any language.
func isReply(msg, code string) bool {
	msg = strings.TrimSpace(msg)
	for _, l := range i18n.Languages {
		if strings.EqualFold(msg, text(l, code)) {
			return true
		}
	}
	return false
}

// startHandoff hands the conversation to staff: within office hours the visitor waits
// for a person, told how long it usually takes; outside them Dota says when the team is
// back and offers a call back or a booking.
func (t *turn) startHandoff(reason string) {
	l := t.lang()
	st, err := t.e.core.Settings(t.ctx)
	if err != nil {
		t.fault(err)
		return
	}
	open, next := t.e.officeHours(st).At(st, t.e.now())
	if !open {
		t.s.CallbackOffered = true
		t.say(text(l, "handoff_closed", "when", t.whenBack(next)), SourceFlow)
		t.s.QuickReplies = []QuickReply{{Label: text(l, "qr_callback"), Value: text(l, "qr_callback")},
			{Label: text(l, "qr_book"), Value: text(l, "qr_book")}}
		return
	}
	t.s.Handoff = &handoff{State: HandoffWaiting, Reason: reason, Since: t.e.now()}
	t.change = &stateChange{State: HandoffWaiting, Reason: reason}
	handoffsStarted.WithLabelValues(reason).Inc()
	msg := text(l, "handoff_waiting", "wait", waitWords(l, t.e.typicalWait(t.ctx, st.HandoffTimeout())))
	if t.s.Collected.Email == "" && t.e.answerMail != nil {
		msg += " " + text(l, "handoff_leave_email") // staff answers reach a visitor who left (away.go)
	}
	t.say(msg, SourceFlow)
	t.s.QuickReplies = []QuickReply{}
}

// resume takes the conversation back from staff with the message code (filled with
// args) and, when the turn asks it (t.rate) of a conversation a staff member held, asks
// whether they helped; else it asks again what the conversation was waiting for.
func (t *turn) resume(code string, args ...string) {
	h := t.s.Handoff
	t.s.Handoff = nil
	t.ended = true
	if t.change == nil {
		t.change = &stateChange{State: StateBot}
	}
	t.say(text(t.lang(), code, args...), SourceFlow)
	if t.rate && t.askRating(h) {
		return
	}
	t.carryOn()
}

// carryOn asks again the question of the flow the conversation is in, or offers the menu.
func (t *turn) carryOn() {
	if _, inFlow := steps[t.s.Step]; inFlow {
		t.ask()
		return
	}
	t.s.QuickReplies = t.menu()
}

// startCallback collects the contact details still missing, then records the call back.
func (t *turn) startCallback() {
	t.s.Callback = true
	t.moveTo(t.nextStep())
	if t.s.Step == StepCallback {
		t.ask()
		return
	}
	t.askWith(text(t.lang(), "callback_start"))
}

// askCallback records the visitor's wish to be called back, for staff to find among the
// waiting conversations, and says when the team will answer. It is the callback flow's
// last step: the conversation goes back to free questions.
func askCallback(t *turn) (string, []QuickReply, bool) {
	l := t.lang()
	st, err := t.e.core.Settings(t.ctx)
	if err != nil {
		t.fault(err)
		return "", nil, false
	}
	_, next := t.e.officeHours(st).At(st, t.e.now())
	t.s.Callback = false
	t.change = &stateChange{State: HandoffWaiting, Reason: ReasonCallback}
	t.notify = true
	handoffsStarted.WithLabelValues(ReasonCallback).Inc()
	t.moveTo(StepGreeting)
	return text(l, "callback_done", "name", t.s.Collected.Name, "when", t.whenBack(next)), t.menu(), true
}

// whenBack writes when the team is next at work: today, tomorrow or on a day.
func (t *turn) whenBack(next time.Time) string {
	l := t.lang()
	if next.IsZero() {
		return text(l, "soon")
	}
	now := t.e.now().In(next.Location())
	day, hhmm := next.Format(time.DateOnly), next.Format("15:04")
	switch day {
	case now.Format(time.DateOnly):
		return text(l, "back_today", "time", hhmm)
	case now.AddDate(0, 0, 1).Format(time.DateOnly):
		return text(l, "back_tomorrow", "time", hhmm)
	}
	return text(l, "back_on", "when", formatWhen(l, day, hhmm))
}

// waitWords writes a wait in whole minutes, at least one.
func waitWords(lang string, d time.Duration) string {
	return text(lang, "minutes", "n", strconv.Itoa(max(1, int(math.Ceil(d.Minutes())))))
}

// handoffTimeout is how long a visitor waits for a person: the settings' value.
func (e *Engine) handoffTimeout(ctx context.Context) time.Duration {
	st, err := e.core.Settings(ctx)
	if err != nil || st.HandoffTimeoutSeconds <= 0 {
		return booking.DefaultHandoffTimeoutSeconds * time.Second
	}
	return st.HandoffTimeout()
}

// typicalWait is how long visitors usually wait for a person: the median time staff took
// to take a conversation over the last 30 days, at most the timeout, and the timeout when
// none was taken. It is read at most once a minute.
func (e *Engine) typicalWait(ctx context.Context, timeout time.Duration) time.Duration {
	w := &e.wait
	w.mu.Lock()
	defer w.mu.Unlock()
	if e.transcripts.Kept() && time.Since(w.at) > time.Minute {
		median, err := e.transcripts.MedianWait(ctx)
		if err == nil {
			w.at, w.median = time.Now(), 0
			if median != nil {
				w.median = *median
			}
		}
	}
	if w.median <= 0 || w.median > timeout {
		return timeout
	}
	return w.median
}

// waitMemo holds the typical wait, read from the database once a minute.
type waitMemo struct {
	mu     sync.Mutex
	at     time.Time
	median time.Duration
}

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
	msg = strings.TrimSpace(reader.Sanitize(msg))
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
	var sessionID, email, lang string
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
		sessionID, email, lang = t.s.ID, t.s.Collected.Email, t.s.Lang
	})
	if err == nil && gone {
		err = ErrVisitorGone
	}
	if err == nil {
		e.queueAnswerMail(ctx, conversationID, sessionID, email, lang)
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
		t.rate = true
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

// Dota takes conversations back from staff: those nobody took within the hand-off
// timeout, those whose holder has been silent for the settings' staff_idle_release_minutes,
// and those of a staff member whose account was deactivated or deleted. The visitor is
// told each time. RunHandoffTimer sweeps the first two every second on every replica.

// waitingRange selects the conversations waiting since before cutoff, a batch at a time.
func waitingRange(key string, cutoff time.Time) redis.ZRangeArgs {
	return redis.ZRangeArgs{Key: key, Start: "-inf", Stop: strconv.FormatInt(cutoff.UnixMilli(), 10), ByScore: true,
		Count: 50}
}

// ExpireHandoffs gives back to Dota every conversation whose visitor waited for a person
// longer than the hand-off timeout, telling the visitor; RunHandoffTimer calls it every
// second on every replica, and a conversation is given back once. It returns how many
// were given back.
func (e *Engine) ExpireHandoffs(ctx context.Context) (int, error) {
	timeout := e.handoffTimeout(ctx)
	now := e.now()
	due, err := e.rdb.ZRangeArgs(ctx, waitingRange(e.key("waiting"), now.Add(-timeout))).Result()
	if err != nil {
		return 0, unavailable(err)
	}
	n := 0
	for _, sid := range due {
		err := e.locked(ctx, sid, func(t *turn) error {
			if t == nil || t.s.Handoff == nil || t.s.Handoff.State != HandoffWaiting ||
				now.Before(t.s.Handoff.Since.Add(timeout)) {
				return nil
			}
			handoffsTimedOut.Inc()
			t.touched = true
			t.resume("handoff_timeout")
			n++
			return nil
		})
		if err != nil {
			return n, err
		}
		e.rdb.ZRem(ctx, e.key("waiting"), sid)
	}
	e.measureWaiting(ctx, now)
	return n, nil
}

// RunHandoffTimer expires hand-offs and gives back the conversations of silent staff
// every second until ctx ends.
func (e *Engine) RunHandoffTimer(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if _, err := e.ExpireHandoffs(ctx); err != nil && ctx.Err() == nil {
			e.log.WarnContext(ctx, "chat: expiring hand-offs failed", "err", err)
		}
		if _, err := e.ReleaseIdle(ctx); err != nil && ctx.Err() == nil {
			e.log.WarnContext(ctx, "chat: giving back the conversations of silent staff failed", "err", err)
		}
	}
}

// Why Dota took a conversation back from the staff member holding it.
const (
	awayIdle = "idle" // they were silent for staff_idle_release_minutes
	awayGone = "gone" // their account was deactivated or deleted
)

// heldBatch bounds the conversations one sweep gives back; the next sweep takes the rest.
const heldBatch = 50

// ReleaseIdle gives back to Dota every conversation whose holder has not written in it
// (nor taken it) for the settings' staff_idle_release_minutes, telling the visitor; a
// conversation is given back once. It returns how many were given back.
func (e *Engine) ReleaseIdle(ctx context.Context) (int, error) {
	if !e.transcripts.Kept() {
		return 0, nil
	}
	// No flush of the transcript's queue here, every second: taking a conversation and
	// answering in it are written before they return.
	cutoff := e.now().Add(-e.staffIdle(ctx))
	ids, agents, err := e.transcripts.IdleHeld(ctx, cutoff, heldBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range ids {
		ok, err := e.giveBack(ctx, ids[i], agents[i], &cutoff, awayIdle)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// ReleaseAgent gives back to Dota every conversation the staff member holds, telling each
// visitor: their account was deactivated or deleted. It returns how many were given back.
func (e *Engine) ReleaseAgent(ctx context.Context, agentID string) (int, error) {
	if !e.transcripts.Kept() || !booking.IsUUID(agentID) {
		return 0, nil
	}
	e.transcripts.Written(ctx)
	ids, err := e.transcripts.HeldBy(ctx, agentID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		ok, err := e.giveBack(ctx, id, agentID, nil, awayGone)
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// giveBack takes the conversation back from the staff member holding it — when they still
// do, and when silentSince is given, only if they have been silent since then — and tells
// the visitor their contact is away. It reports whether it took it back.
func (e *Engine) giveBack(ctx context.Context, conversationID, agentID string, silentSince *time.Time, why string) (bool, error) {
	released := false
	err := e.act(ctx, conversationID, false, func(ctx context.Context, tx pgx.Tx) error {
		var err error
		released, err = e.transcripts.GiveBack(ctx, tx, conversationID, agentID, silentSince)
		return err
	}, func(t *turn) {
		h := t.s.Handoff
		if !released || h == nil || h.State != HandoffStaff {
			return
		}
		t.touched = true
		t.rate = why == awayIdle
		t.resume("handoff_staff_away", "agent", h.Agent)
	})
	if released {
		handoffsStaffAway.WithLabelValues(why).Inc()
	}
	return released, err
}

// staffIdle is how long a conversation stays with a silent staff member: the settings' value.
func (e *Engine) staffIdle(ctx context.Context) time.Duration {
	st, err := e.core.Settings(ctx)
	if err != nil || st.StaffIdleReleaseMinutes <= 0 {
		return booking.DefaultStaffIdleReleaseMinutes * time.Minute
	}
	return st.StaffIdleRelease()
}

// RatingWeeks is how many weeks of ratings the operations page shows.
const RatingWeeks = 8

// Ratings returns the rate of visitors helped per staff member and per week, over the
// last RatingWeeks weeks, newest first, in the agency's time zone.
func (e *Engine) Ratings(ctx context.Context) ([]transcript.RatingWeek, error) {
	st, err := e.core.Settings(ctx)
	if err != nil {
		return nil, err
	}
	return e.transcripts.Ratings(ctx, RatingWeeks, st.Location())
}

// When staff hand a conversation back to Dota — the holder releases it, or has been
// silent in it for staff_idle_release_minutes — Dota asks the visitor one question in
// their language, answered with two taps: was the exchange with the staff member
// helpful? The answer is kept for the operations page (transcript/ratings.go); any other
// message drops the question and is answered as usual.

// ratingAsk is the satisfaction question Dota asked, about the staff member named.
type ratingAsk struct {
	AgentID string `json:"agent_id"`
	Agent   string `json:"agent"`
}

// askRating asks the visitor whether the staff member of h helped them, when one held
// the conversation; it reports whether it asked.
func (t *turn) askRating(h *handoff) bool {
	if h == nil || h.State != HandoffStaff || h.AgentID == "" || t.s.ConversationID == "" {
		return false
	}
	l := t.lang()
	t.s.Rating = &ratingAsk{AgentID: h.AgentID, Agent: h.Agent}
	t.say(text(l, "rating_ask", "agent", h.Agent), SourceFlow)
	t.s.QuickReplies = []QuickReply{{Label: text(l, "qr_rate_yes"), Value: text(l, "qr_rate_yes")},
		{Label: text(l, "qr_rate_no"), Value: text(l, "qr_rate_no")}}
	return true
}

// answerRating reads the answer to the satisfaction question of the previous turn, and
// reports whether the message was one; the question is asked once either way.
func (t *turn) answerRating(msg string, ws []string) bool {
	r := t.s.Rating
	if r == nil {
		return false
	}
	t.s.Rating = nil
	var helpful bool
	switch {
	case isReply(msg, "qr_rate_yes") || reader.YesWords.Exact(ws):
		helpful = true
	case isReply(msg, "qr_rate_no") || reader.NoWords.Exact(ws):
		helpful = false
	default:
		return false
	}
	if err := t.e.transcripts.Rate(t.ctx, t.s.ConversationID, r.AgentID, r.Agent, helpful); err != nil {
		t.e.log.WarnContext(t.ctx, "chat: recording a visitor's rating", "err", err)
	}
	outcome := "unhelpful"
	if helpful {
		outcome = "helpful"
	}
	handoffRatings.WithLabelValues(outcome).Inc()
	t.say(text(t.lang(), "rating_thanks"), SourceFlow)
	t.carryOn()
	return true
}
