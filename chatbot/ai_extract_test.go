package chatbot

import (
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// Gemini reads the fields of an answer the rules could not, through the real client and
// its structured output; the rules' own message stands when it cannot.
func TestGeminiExtractsWhatTheRulesCouldNotRead(t *testing.T) {
	fake := geminitest.New(t, `{"service": "Développement web", "day": "2026-11-24", "hour": ""}`)
	e, _ := newEngine(t, sundayMorning, Config{AIQueueInterval: time.Millisecond}, WithAI(newGemini(t, fake)))
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Nadia Rahmani", "nadia@rahmani.dz", "0661 22 33 44", "aucune"} {
		c.say(m)
	}
	c.expect(StepService)
	c.say("quelque chose pour vendre mes gâteaux sur internet dès mardi")
	c.expect(StepTime, "Développement web")
	if got := c.last.Collected; got.Service != "Développement web" || got.Date != "2026-11-24" {
		t.Fatalf("collected %+v", got)
	}
	if !strings.Contains(fake.LastPrompt(), "vendre mes gâteaux") {
		t.Errorf("Gemini was not asked about the message: %q", fake.LastPrompt())
	}

	// Gemini failing changes nothing: the step's own message, and the step stays.
	fake.SetMode(geminitest.Fail)
	c2 := start(t, e, "fr")
	for _, m := range []string{"oui", "Nadia Rahmani", "nadia@rahmani.dz", "0661 22 33 44", "aucune"} {
		c2.say(m)
	}
	c2.say("quelque chose pour vendre mes gâteaux sur internet")
	c2.expect(StepService)
}
