package chatbot

import (
	"errors"

	"github.com/dota-agency/dota/booking"
)

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
	ans, src := t.e.answerFree(t.ctx, t.aiShares(), t.lang(), msg, ws, t.catalogue())
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
		ans, src := t.e.answerFree(t.ctx, t.aiShares(), t.lang(), msg, ws, t.catalogue())
		t.say(ans, src)
		t.say(text(t.lang(), "confirm_again"), SourceFlow)
	default:
		t.say(text(t.lang(), "confirm_again"), SourceFlow)
	}
}

// slotAlternatives tells apart the booking errors that offer other slots.
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
