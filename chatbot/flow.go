package chatbot

import (
	"context"
	"errors"
	"strings"

	"github.com/dota-agency/dota/booking"
)

// turn is the handling of one message: the session it changes and the messages it adds.
type turn struct {
	e        *Engine
	ctx      context.Context
	s        *session
	all      []Message // every message of the turn, for the transcript
	bot      []Message // the bot's messages, for the reply
	answered string    // the source of the turn's main answer, for metrics
	userSent bool
	cat      *catalogueData
	ops      []string     // operations counters of the turn, stored with the session
	lock     *sessionLock // the session's lock, released with the save; nil when none
}

// count adds one to each operations counter when the turn is saved.
func (t *turn) count(fields ...string) { t.ops = append(t.ops, fields...) }

func (e *Engine) turn(ctx context.Context, s *session) *turn { return &turn{e: e, ctx: ctx, s: s} }

func (t *turn) lang() string { return t.s.Lang }

// say adds a bot message.
func (t *turn) say(msg, source string) {
	m := t.s.add("bot", msg, source, t.e.now())
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
	t.s.Offered = true
	t.count("funnel_started")
	t.say(text(t.lang(), "greeting"), SourceFlow)
	t.answered = ""
	t.s.QuickReplies = t.menu()
}

func (t *turn) menu() []QuickReply {
	l := t.lang()
	out := []QuickReply{}
	for _, c := range []string{"qr_book", "qr_services", "qr_prices", "qr_contact"} {
		out = append(out, QuickReply{Label: text(l, c), Value: text(l, c)})
	}
	return out
}

func (t *turn) yesNo() []QuickReply {
	l := t.lang()
	return []QuickReply{{text(l, "qr_yes"), text(l, "qr_yes")}, {text(l, "qr_no"), text(l, "qr_no")}}
}

// handle answers one message of the visitor.
func (t *turn) handle(raw string) {
	msg := Sanitize(raw)
	t.userSent = true
	um := t.s.add("user", msg, "", t.e.now())
	t.all = append(t.all, um)
	if msg == "" {
		t.say(text(t.lang(), "default_prompt"), SourceRule)
		return
	}
	ws := words(msg)
	t.s.Lang = detectLang(msg, ws, t.s.Lang)
	inFlow := t.s.Step != StepGreeting && t.s.Step != StepBooked
	switch {
	case inFlow && cancelWords.score(ws) > 0 && len(ws) <= 4:
		bookingsAbandoned.WithLabelValues(t.s.Step).Inc()
		t.resetFlow(false)
		t.moveTo(StepGreeting)
		t.say(text(t.lang(), "cancelled"), SourceFlow)
		t.s.QuickReplies = t.menu()
	case inFlow && restartWords.score(ws) > 0:
		bookingsAbandoned.WithLabelValues(t.s.Step).Inc()
		t.resetFlow(true)
		t.moveTo(StepName)
		t.say(text(t.lang(), "restarted"), SourceFlow)
		t.s.QuickReplies = []QuickReply{}
	case !inFlow:
		t.free(msg, ws)
	case t.s.Step == StepConfirm:
		t.confirm(msg, ws)
	default:
		t.collect(msg, ws)
	}
}

// resetFlow forgets the booking under way; all forgets the contact details too.
func (t *turn) resetFlow(all bool) {
	c := &t.s.Collected
	c.Service, c.Date, c.Time = "", "", ""
	t.s.ServiceSlug, t.s.Choosing = "", false
	if all {
		*c = Collected{}
		t.s.CompanyDone = false
	}
}

// free handles a message outside the booking flow: the offer, or a question.
func (t *turn) free(msg string, ws []string) {
	short := len(ws) <= 4
	switch {
	case bookWords.score(ws) > 0, t.s.Offered && short && yesWords.score(ws) > 0 && noWords.score(ws) == 0:
		t.startFlow()
		return
	case t.s.Offered && short && noWords.score(ws) > 0:
		t.s.Offered = false
		t.say(text(t.lang(), "declined"), SourceRule)
		t.s.QuickReplies = t.menu()
		return
	}
	ans, src := t.e.answerFree(t.ctx, t.lang(), msg, ws, t.catalogue())
	t.say(ans, src)
	if !t.s.Offered {
		t.s.Offered = true
		t.say(text(t.lang(), "offer"), SourceFlow)
	}
	t.s.QuickReplies = t.menu()
}

func (t *turn) startFlow() {
	t.resetFlow(false)
	t.s.Offered = false
	next := t.nextStep()
	t.moveTo(next)
	if next == StepName {
		t.say(text(t.lang(), "start_flow"), SourceFlow)
		t.s.QuickReplies = []QuickReply{}
		return
	}
	t.ask()
}

// nextStep is the first step whose value is still missing, or confirm.
func (t *turn) nextStep() string {
	c := t.s.Collected
	for _, st := range flowSteps {
		missing := false
		switch st {
		case StepName:
			missing = c.Name == ""
		case StepEmail:
			missing = c.Email == ""
		case StepPhone:
			missing = c.Phone == ""
		case StepCompany:
			missing = !t.s.CompanyDone
		case StepService:
			missing = c.Service == ""
		case StepDate:
			missing = c.Date == ""
		case StepTime:
			missing = c.Time == ""
		}
		if missing {
			return st
		}
	}
	return StepConfirm
}

// advance moves to the next missing step and asks for it.
func (t *turn) advance() {
	t.moveTo(t.nextStep())
	t.ask()
}

// ask asks the question of the current step, with its quick replies.
func (t *turn) ask() { t.askWith("") }

// askWith asks the current step's question after a lead sentence (a reason, a thanks).
func (t *turn) askWith(lead string) {
	l := t.lang()
	q, qr := "", []QuickReply{}
	switch t.s.Step {
	case StepName, StepEmail, StepPhone:
		q = text(l, "ask_"+t.s.Step)
	case StepCompany:
		q = text(l, "ask_company")
		qr = []QuickReply{{text(l, "qr_skip"), text(l, "qr_skip")}}
	case StepService:
		cat := t.catalogue()
		q = text(l, "ask_service", "list", "")
		qr = t.serviceReplies(cat.Services)
	case StepDate:
		q = text(l, "ask_date")
		qr = t.dayReplies()
	case StepTime:
		day, err := t.e.core.Day(t.ctx, t.s.Collected.Date)
		if err != nil {
			t.fault(err)
			return
		}
		slots := freeSlots(day)
		q = text(l, "ask_time", "day", formatDay(l, day.Date), "slots", strings.Join(slots, ", "))
		for _, s := range slots {
			qr = append(qr, QuickReply{s, s})
		}
	case StepConfirm:
		q = t.summary()
		qr = append(t.yesNo(), QuickReply{text(l, "qr_cancel"), text(l, "qr_cancel")})
	}
	if lead != "" {
		q = lead + "\n" + q
	}
	t.say(strings.TrimSpace(q), SourceFlow)
	t.s.QuickReplies = qr
}

func (t *turn) serviceReplies(services []booking.Service) []QuickReply {
	out := []QuickReply{}
	for _, s := range services {
		n := s.Name.In(t.lang())
		out = append(out, QuickReply{n, n})
	}
	return out
}

// dayReplies offers the next days that still have a free slot.
func (t *turn) dayReplies() []QuickReply {
	out := []QuickReply{}
	now := t.e.now()
	st, err := t.e.core.Settings(t.ctx)
	if err != nil {
		return out
	}
	alts, err := t.e.core.NearestFree(t.ctx, now.In(st.Location()).Format("2006-01-02"), "", 24)
	if err != nil {
		return out
	}
	seen := map[string]bool{}
	for _, a := range alts {
		if !seen[a.Date] && len(out) < 3 {
			seen[a.Date] = true
			out = append(out, QuickReply{shortDay(t.lang(), a.Date), a.Date})
		}
	}
	return out
}

func freeSlots(day booking.Day) []string {
	out := []string{}
	for _, s := range day.Slots {
		if s.Free {
			out = append(out, s.Time)
		}
	}
	return out
}

func (t *turn) summary() string {
	l, c := t.lang(), t.s.Collected
	company := c.Company
	if company == "" {
		company = text(l, "none")
	}
	return text(l, "summary", "name", c.Name, "email_value", c.Email, "phone_value", c.Phone, "company", company,
		"service", c.Service, "when", formatWhen(l, c.Date, c.Time))
}

// fail re-asks the step with the reason; after MaxFailuresPerStep failures it offers the
// classic form and the phone number instead of looping.
func (t *turn) fail(reason string) {
	t.s.Attempts++
	if t.s.Attempts >= MaxFailuresPerStep {
		t.s.Attempts = 0
		l := t.lang()
		t.say(reason+"\n"+text(l, "too_many_failures"), SourceFlow)
		t.s.QuickReplies = []QuickReply{{text(l, "qr_form"), FormPath}, {text(l, "qr_cancel"), text(l, "qr_cancel")}}
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

// setService records the service a message names; false when it names none.
func (t *turn) setService(ws []string) bool {
	svc, ok := serviceIn(ws, t.catalogue().Services)
	if ok {
		t.s.ServiceSlug = svc.Slug
		t.s.Collected.Service = svc.Name.In(t.lang())
	}
	return ok
}

// collect handles a message at a step that asks for a value.
func (t *turn) collect(msg string, ws []string) {
	step := t.s.Step
	if field, value, ok := correction(msg, ws); ok && field != step {
		t.correct(field, value)
		return
	}
	if isQuestion(msg, ws) && !t.looksLikeValue(msg, ws) {
		t.answerThenAsk(msg, ws)
		return
	}
	l := t.lang()
	switch step {
	case StepName, StepEmail, StepPhone, StepCompany:
		if step == StepCompany && skipWords.exact(ws) {
			t.s.Collected.Company, t.s.CompanyDone = "", true
			t.advance()
			return
		}
		if step == StepName && (topicOf(ws) != "" || yesWords.exact(ws) || noWords.exact(ws) || bookWords.score(ws) > 0) {
			if topicOf(ws) != "" {
				t.answerThenAsk(msg, ws)
			} else {
				t.ask()
			}
			return
		}
		v, code := checkValue(step, msg)
		if code != "" {
			// "tarifs ?" at the phone step is a question; "pas d'email" at the email step is not.
			if tp := topicOf(ws); tp != "" && !(tp == "contact" && (step == StepEmail || step == StepPhone)) {
				t.answerThenAsk(msg, ws)
				return
			}
			t.fail(text(l, code))
			return
		}
		t.set(step, v)
		if step == StepName {
			t.moveTo(t.nextStep())
			t.askWith(text(l, "nice_to_meet", "name", v))
			return
		}
		t.advance()
	case StepService:
		if !t.setService(ws) {
			if topicOf(ws) != "" && isQuestion(msg, ws) {
				t.answerThenAsk(msg, ws)
				return
			}
			t.fail(text(l, "service_unknown", "list", serviceList(l, t.catalogue().Services)))
			return
		}
		t.advance()
	case StepDate:
		t.chooseDate(msg)
	case StepTime:
		t.chooseTime(msg)
	}
}

// looksLikeValue reports whether a question-shaped message still holds the step's value
// ("10h ?" at the time step).
func (t *turn) looksLikeValue(msg string, ws []string) bool {
	switch t.s.Step {
	case StepDate, StepTime:
		w := ParseWhen(msg, t.e.localNow(t.ctx), t.s.Step == StepTime)
		return w.Date != "" || w.Time != ""
	case StepService:
		_, ok := serviceIn(ws, t.catalogue().Services)
		return ok && topicOf(ws) == ""
	case StepEmail, StepPhone:
		_, code := checkValue(t.s.Step, msg)
		return code == ""
	}
	return false
}

func (t *turn) answerThenAsk(msg string, ws []string) {
	ans, src := t.e.answerFree(t.ctx, t.lang(), msg, ws, t.catalogue())
	t.say(ans, src)
	t.ask()
}

func (t *turn) set(step, v string) {
	c := &t.s.Collected
	switch step {
	case StepName:
		c.Name = v
	case StepEmail:
		c.Email = v
	case StepPhone:
		c.Phone = v
	case StepCompany:
		c.Company, t.s.CompanyDone = v, true
	}
}

// correct changes an earlier answer: with the new value at once, or by asking for it.
func (t *turn) correct(field, value string) {
	t.s.Choosing = false
	l := t.lang()
	switch field {
	case StepName, StepEmail, StepPhone, StepCompany:
		if value == "" {
			t.moveTo(field)
			t.ask()
			return
		}
		v, code := checkValue(field, value)
		if code != "" {
			t.moveTo(field)
			t.fail(text(l, code))
			return
		}
		t.set(field, v)
		t.moveTo(t.nextStep())
		t.askWith(text(l, "corrected"))
	case StepService:
		if value != "" && t.setService(words(value)) {
			t.moveTo(t.nextStep())
			t.askWith(text(l, "corrected"))
			return
		}
		t.s.Collected.Service, t.s.ServiceSlug = "", ""
		t.moveTo(StepService)
		t.ask()
	case StepDate, StepTime:
		if value != "" {
			w := ParseWhen(value, t.e.localNow(t.ctx), field == StepTime)
			if w.Date != "" || (w.Time != "" && t.s.Collected.Date != "") {
				t.moveTo(field)
				if w.Date != "" {
					t.chooseDate(value)
				} else {
					t.chooseTime(value)
				}
				return
			}
		}
		if field == StepDate {
			t.s.Collected.Date = ""
		}
		t.s.Collected.Time = ""
		t.moveTo(t.nextStep())
		t.ask()
	}
}

// confirm handles the answer to the summary.
func (t *turn) confirm(msg string, ws []string) {
	if field, value, ok := correction(msg, ws); ok {
		t.correct(field, value)
		return
	}
	when := ParseWhen(msg, t.e.localNow(t.ctx), false)
	switch {
	case noWords.score(ws) == 0 && yesWords.score(ws) > 0:
		t.book()
	case when.Date != "":
		t.moveTo(StepDate)
		t.chooseDate(msg)
	case when.Time != "":
		t.moveTo(StepTime)
		t.chooseTime(msg)
	case noWords.score(ws) > 0:
		t.s.Choosing = true
		t.say(text(t.lang(), "what_change"), SourceFlow)
		t.s.QuickReplies = t.fieldReplies()
	case isQuestion(msg, ws):
		ans, src := t.e.answerFree(t.ctx, t.lang(), msg, ws, t.catalogue())
		t.say(ans, src)
		t.say(text(t.lang(), "confirm_again"), SourceFlow)
	default:
		t.say(text(t.lang(), "confirm_again"), SourceFlow)
	}
}

func (t *turn) fieldReplies() []QuickReply {
	l := t.lang()
	out := []QuickReply{}
	for _, f := range []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepDate, StepTime} {
		label := text(l, "field_"+f)
		out = append(out, QuickReply{label, text(l, "change") + " " + strings.ToLower(label)})
	}
	return append(out, QuickReply{text(l, "qr_cancel"), text(l, "qr_cancel")})
}

// errSlot tells apart the booking errors that offer other slots.
func slotAlternatives(err error) ([]booking.SlotRef, string, bool) {
	var taken *booking.SlotTakenError
	var closed *booking.SlotClosedError
	switch {
	case errors.As(err, &taken):
		return taken.Alternatives, "slot_taken", true
	case errors.As(err, &closed):
		return closed.Alternatives, "slot_closed_" + closed.Reason, true
	}
	return nil, "", false
}
