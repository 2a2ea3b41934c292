package chatbot

import (
	"context"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/i18n"
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
		t.notify = true // staff read the visitor's message live
		t.s.QuickReplies = []QuickReply{}
		return true
	}
	handoffsTimedOut.Inc()
	t.resume("handoff_timeout")
	return false
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
	t.say(text(l, "handoff_waiting", "wait", waitWords(l, t.e.typicalWait(t.ctx, st.HandoffTimeout()))), SourceFlow)
	t.s.QuickReplies = []QuickReply{}
}

// resume takes the conversation back from staff with the message code (filled with
// args), and asks again what the conversation was waiting for.
func (t *turn) resume(code string, args ...string) {
	t.s.Handoff = nil
	t.ended = true
	if t.change == nil {
		t.change = &stateChange{State: StateBot}
	}
	t.say(text(t.lang(), code, args...), SourceFlow)
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
