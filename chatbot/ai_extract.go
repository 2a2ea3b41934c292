package chatbot

import (
	"context"
	"fmt"
	"strings"

	"github.com/dota-agency/dota/chatbot/gemini"
)

// With Gemini configured, a message the rules could not read may still give its fields:
// Gemini extracts them as structured output (a JSON schema), and each is then checked by
// its own rules, as if the visitor had typed it alone. The rules never depend on it.

// extractPrompt asks for a message's fields, with the catalogue's services and today.
func (t *turn) extractPrompt(msg string) string {
	names := []string{}
	for _, s := range t.catalogue().Services {
		names = append(names, s.Name.In(t.lang()))
	}
	return fmt.Sprintf("Today is %s (Africa/Algiers). A visitor of a digital agency's site wrote the message "+
		"below, in French, English, Arabic or Algerian darija. Extract only what it states: their name, e-mail, "+
		"phone, the service they want (one of: %s), the day (YYYY-MM-DD) and hour (HH:MM) they want. Leave a "+
		"field empty when the message does not state it.\nMessage: %s",
		t.e.localNow(t.ctx).Format("Monday 2006-01-02"), strings.Join(names, ", "), msg)
}

// aiFields reads, through Gemini, the fields of a message the rules read none of, each
// checked by its own rules; the zero found without Gemini or when it fails.
func (t *turn) aiFields(msg string) found {
	x, ok := t.e.ai.(gemini.Extractor)
	if !ok || x == nil {
		return found{}
	}
	var got gemini.Extracted
	if t.e.queue.Call(t.ctx, t.aiShares(), func(ctx context.Context) error {
		var err error
		got, err = x.Extract(ctx, t.extractPrompt(msg))
		return err
	}) != "ok" {
		return found{}
	}
	var f found
	if v, code := checkValue(StepName, got.Name); got.Name != "" && code == "" {
		f.Name = v
	}
	if v, code := checkValue(StepEmail, got.Email); got.Email != "" && code == "" {
		f.Email = v
	}
	if v, code := checkValue(StepPhone, got.Phone); got.Phone != "" && code == "" {
		f.Phone = v
	}
	if got.Service != "" {
		f.Service, f.HasService = serviceIn(words(got.Service), t.catalogue().Services)
	}
	if got.Day != "" {
		f.When = ParseWhen(strings.TrimSpace(got.Day+" "+got.Hour), t.e.localNow(t.ctx), false)
	}
	return f
}

// aiRescue lets Gemini read an answer the current step's rules could not: when it gives
// the step's value (checked by the step's rules), that value and any other it gives are
// stored and the next question asked. It reports whether it did.
func (t *turn) aiRescue(msg string) bool {
	if t.e.ai == nil {
		return false
	}
	step := t.s.Step
	f := t.aiFields(msg)
	if f.count() == 0 {
		return false
	}
	before := t.s.Collected
	noted := t.absorb(f)
	if steps[step].missing(t.s) {
		t.s.Collected = before // not the answer asked for: leave it to the step's own message
		return false
	}
	t.moveTo(t.nextStep())
	t.askWith(text(t.lang(), "understood", "list", strings.Join(noted, ", ")))
	return true
}
