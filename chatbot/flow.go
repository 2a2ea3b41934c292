package chatbot

import (
	"context"
	"strings"

	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/chatbot/transcript"
)

// turn is the handling of one message: the session it changes and the messages it adds.
type turn struct {
	e        *Engine
	ctx      context.Context
	s        *session
	all      []Message // every message of the turn, for the transcript
	bot      []Message // the bot's messages, for the reply
	answered string    // the source of the turn's main answer, for metrics
	sent     *Message  // the visitor's message, once numbered; nil in a turn without one
	cat      *catalogueData
	ops      []string     // operations counters of the turn, stored with the session
	lock     *sessionLock // the session's lock, released with the save; nil when none
	address  string       // the visitor's address key (ratelimit.AddressKey), for their share of the AI budget; "" when unknown
	// The hand-off (handoff.go, staff.go): the conversation's state to record, whether
	// staff should hear of the turn, whether it ended a hand-off or changed one, and
	// whether its messages go to the visitor's stream (a turn not of the visitor's making).
	change  *stateChange
	notify  bool
	ended   bool
	touched bool
	push    bool
	// rate asks the visitor, as the hand-off ends, whether the staff member helped (handoff.go).
	rate bool
	// The turn's transcript record, added to the transcript's stream with the save, and
	// its entry there once saved (transcript/transcript_stream.go).
	record []byte
	entry  string
	// m is the visitor's message, read once (reading.go); nil in a turn without one.
	m *message
}

// stateChange is a conversation's new hand-off state, recorded with the turn's transcript.
type stateChange = transcript.Change

// count adds one to each operations counter when the turn is saved.
func (t *turn) count(fields ...string) { t.ops = append(t.ops, fields...) }

func (e *Engine) turn(ctx context.Context, s *session) *turn {
	e.refreshAgency(ctx)
	return &turn{e: e, ctx: ctx, s: s}
}

func (t *turn) lang() string { return t.s.Lang }

// say adds a bot message. A fallback answer marks the visitor's question as one Dota
// could not answer, for the questions view.
func (t *turn) say(msg, source string) {
	if source == SourceFallback {
		for i := range t.all {
			if t.all[i].Sender == SenderUser {
				t.all[i].Unanswered = true
			}
		}
	}
	m := t.s.add(SenderBot, msg, source, t.e.now())
	t.all = append(t.all, m)
	t.bot = append(t.bot, m)
	if t.answered == "" || t.answered == SourceFlow {
		t.answered = source
	}
}

func (t *turn) catalogue() catalogueData {
	if t.cat == nil {
		c := t.e.catalogue(t.ctx)
		t.cat = &c
	}
	return *t.cat
}

// moveTo changes step, counting the transition.
func (t *turn) moveTo(step string) {
	if step != t.s.Step {
		flowTransitions.WithLabelValues(t.s.Step, step).Inc()
		if step == StepCompany && !t.s.ContactCounted {
			t.s.ContactCounted = true
			t.count("funnel_contact")
		}
	}
	t.s.Step = step
	t.s.Attempts = 0
}

func (t *turn) greet() {
	t.count("funnel_started")
	t.sayGreeting()
}

// recordGreeting puts the greeting Start gave the widget at the head of the conversation
// that the visitor's first message begins: the reply does not repeat it, and the
// conversation, counted as started when Start greeted, is not counted again.
func (t *turn) recordGreeting() {
	t.sayGreeting()
	t.bot = t.bot[:0]
}

func (t *turn) sayGreeting() {
	t.s.Offered = true
	t.say(text(t.lang(), "greeting"), SourceFlow)
	t.answered = ""
	t.s.QuickReplies = t.menu()
}

// handle answers one message of the visitor.
func (t *turn) handle(raw string) {
	msg := reader.Sanitize(raw)
	um := t.s.add(SenderUser, msg, "", t.e.now())
	t.sent = &um
	t.all = append(t.all, um)
	if msg == "" {
		t.say(text(t.lang(), "default_prompt"), SourceRule)
		return
	}
	ws := words(msg)
	t.read(msg, ws)
	t.s.Lang = reader.DetectLang(msg, ws, t.s.Lang)
	// A waitlist offer is answered even while staff hold the conversation.
	if t.answerWaitlist(msg, ws) || t.answerRating(msg, ws) || t.held() || t.acceptOffer(msg, ws) {
		return
	}
	inFlow := t.s.Step != StepGreeting && t.s.Step != StepBooked
	switch {
	case inFlow && isManageStep(t.s.Step) && t.stopsManage(ws):
		t.endManage(text(t.lang(), "cancelled"))
	case inFlow && !isManageStep(t.s.Step) && reader.IsCommand(reader.CancelWords, ws):
		bookingsAbandoned.WithLabelValues(t.s.Step).Inc()
		t.resetFlow(false)
		t.moveTo(StepGreeting)
		t.say(text(t.lang(), "cancelled"), SourceFlow)
		t.s.QuickReplies = t.menu()
	case inFlow && !isManageStep(t.s.Step) && reader.IsCommand(reader.RestartWords, ws):
		bookingsAbandoned.WithLabelValues(t.s.Step).Inc()
		t.resetFlow(true)
		t.moveTo(StepName)
		t.say(text(t.lang(), "restarted"), SourceFlow)
		t.s.QuickReplies = []QuickReply{}
	case t.intent(ws, inFlow):
	case !inFlow:
		t.free(msg, ws)
	case isManageStep(t.s.Step) && t.changeManage(msg, ws):
	case t.s.Step == StepConfirm, isManageStep(t.s.Step):
		steps[t.s.Step].read(t, msg, ws)
	default:
		t.collect(msg, ws)
	}
}

// intent hands the conversation to staff when the visitor asks for a person, starts
// moving or cancelling the visitor's own appointment, or answers it (inside the booking
// flow), and reports whether it did; inside the booking flow, the step is asked again.
func (t *turn) intent(ws []string, inFlow bool) bool {
	if reader.WantsPerson(ws) {
		t.startHandoff(ReasonAsked)
		return true
	}
	if what := t.reading().Intent; !inFlow &&
		(what == reader.IntentMove || what == reader.IntentCancel || what == reader.IntentOwn) {
		t.startManage(what)
		return true
	}
	if isManageStep(t.s.Step) {
		return false // the flow's own answers come first
	}
	ans, ok := t.intentAnswer(ws, inFlow)
	if !ok {
		return false
	}
	t.say(ans, SourceRule)
	if inFlow {
		t.ask()
		return true
	}
	t.s.QuickReplies = t.menu()
	return true
}

// resetFlow forgets the booking under way; all forgets the contact details too.
func (t *turn) resetFlow(all bool) {
	c := &t.s.Collected
	c.Service, c.Date, c.Time = "", "", ""
	t.s.ServiceSlug, t.s.Choosing, t.s.PartOfDay, t.s.Callback = "", false, "", false
	t.s.Mode, t.s.ModeService = "", ""
	t.s.Answers, t.s.Skipped, t.s.AnswersService = nil, nil, ""
	t.forgetConsultant()
	if all {
		*c = Collected{}
		t.s.CompanyDone, t.s.NoEmail, t.s.NoPhone = false, false, false
		t.s.Heard = nil
	}
}

// free handles a message outside the booking flow: the offer, or a question.
func (t *turn) free(msg string, ws []string) {
	t.hear(msg)
	f := t.fields()
	switch t.reading().Intent {
	case reader.IntentBook:
		t.answerAlongside(ws)
		t.startFlow(f)
		return
	case reader.IntentNo:
		if t.s.Offered {
			t.s.Offered = false
			t.say(text(t.lang(), "declined"), SourceRule)
		} else {
			t.say(text(t.lang(), "goodbye"), SourceRule) // "non" to "anything else?"
		}
		t.s.QuickReplies = t.menu()
		return
	case reader.IntentYes:
		t.say(text(t.lang(), "listening"), SourceRule) // "oui" to "anything else?"
		t.s.QuickReplies = t.menu()
		return
	}
	ans, src := t.e.answerFree(t.ctx, t.aiShares(), t.lang(), msg, ws, t.catalogue())
	t.say(ans, src)
	if !t.s.Offered {
		t.s.Offered = true
		t.say(text(t.lang(), "offer"), SourceFlow)
	}
	t.s.QuickReplies = t.menu()
}

// answerAlongside answers a question asked in the same message as a booking request or
// its details ("un rendez-vous pour un site web, c'est combien ?"): the booking goes on in
// the same reply.
func (t *turn) answerAlongside(ws []string) {
	if r := t.reading(); r.Topic == "" || r.Topic == reader.QuestionServices || !r.Question {
		return
	}
	if ans, ok := t.e.ruleAnswer(t.lang(), t.m.text, ws, t.catalogue()); ok {
		t.say(ans, SourceRule)
	}
}

// startFlow starts a booking with what the message already carries, and asks for the
// first thing still missing.
func (t *turn) startFlow(f found) {
	t.resetFlow(false)
	t.s.Offered = false
	if noted := t.absorb(f); len(noted) > 0 {
		t.moveTo(t.nextStep())
		t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
		return
	}
	next := t.nextStep()
	t.moveTo(next)
	if next == StepName {
		t.say(text(t.lang(), "start_flow"), SourceFlow)
		t.s.QuickReplies = []QuickReply{}
		return
	}
	t.ask()
}

// advance moves to the next missing step and asks for it.
func (t *turn) advance() {
	t.moveTo(t.nextStep())
	t.ask()
}

// fail re-asks the step with the reason; after MaxFailuresPerStep failures it offers a
// person, the classic form and the phone number instead of looping.
func (t *turn) fail(reason string) {
	t.s.Attempts++
	if t.s.Attempts >= MaxFailuresPerStep {
		t.s.Attempts = 0
		l := t.lang()
		t.say(reason+"\n"+text(l, "too_many_failures"), SourceFlow)
		t.s.HandoffOffered = true
		t.s.QuickReplies = []QuickReply{formReply(l), {Label: text(l, "qr_person"), Value: text(l, "qr_person")},
			{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")}}
		return
	}
	attempts := t.s.Attempts
	t.askWith(reason)
	t.s.Attempts = attempts
}

// fault tells the visitor that something went wrong on our side.
func (t *turn) fault(err error) {
	t.e.log.ErrorContext(t.ctx, "chat: dependency failed", "step", t.s.Step, "err", err)
	t.say(text(t.lang(), "error"), SourceFlow)
}
