package chatbot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/chatbot/geminitest"
)

const aiReply = "Oui, nous gérons aussi les réseaux sociaux de nos clients : calendrier éditorial, visuels et suivi."

func newGemini(t *testing.T, fake *geminitest.Server) *gemini.Client {
	t.Helper()
	g, err := gemini.New(context.Background(), gemini.Config{APIKey: "test-key", BaseURL: fake.URL, ConnectTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGeminiAnswersWhatNoRuleDoes(t *testing.T) {
	fake := geminitest.New(t, aiReply)
	e, _ := newEngine(t, sundayMorning, Config{AIQueueInterval: time.Millisecond}, WithAI(newGemini(t, fake)))
	c := start(t, e, "fr")
	q := "Pouvez-vous gérer ma page Instagram ?"
	c.say(q)
	c.expect(StepGreeting, aiReply)
	if src := c.last.Messages[0].Source; src != SourceAI {
		t.Fatalf("source %q", src)
	}
	p := fake.LastPrompt()
	for _, want := range []string{"French", "150 words", "Alger", "Formation", ContactEmail, q} {
		if !strings.Contains(p, want) {
			t.Fatalf("prompt lacks %q:\n%s", want, p)
		}
	}
	// The same question again comes from the reply cache.
	c.say("pouvez vous gerer ma PAGE instagram")
	if src := c.last.Messages[0].Source; src != SourceCache || fake.Calls() != 1 {
		t.Fatalf("source %q after %d calls", src, fake.Calls())
	}
	// A question a rule answers never reaches Gemini.
	c.say("Quels sont vos tarifs ?")
	if src := c.last.Messages[0].Source; src != SourceRule || fake.Calls() != 1 {
		t.Fatalf("source %q after %d calls", src, fake.Calls())
	}
}

func TestGeminiFailuresFallBackToRules(t *testing.T) {
	for i, mode := range []string{geminitest.Fail, geminitest.RateLimited, geminitest.Garbage, geminitest.Empty, geminitest.Stall} {
		t.Run(mode, func(t *testing.T) {
			fake := geminitest.New(t, aiReply)
			fake.SetMode(mode)
			e, _ := newEngine(t, sundayMorning, Config{AITimeout: 300 * time.Millisecond, AIQueueInterval: time.Millisecond},
				WithAI(newGemini(t, fake)))
			before := testutil.ToFloat64(chatMessages.WithLabelValues("en", SourceFallback))
			c := start(t, e, "en")
			c.say("Can you manage my Instagram page? " + strings.Repeat("really ", i))
			c.expect(StepGreeting, "I don't have a precise answer")
			if src := c.last.Messages[0].Source; src != SourceFallback {
				t.Fatalf("source %q", src)
			}
			if after := testutil.ToFloat64(chatMessages.WithLabelValues("en", SourceFallback)); after != before+1 {
				t.Fatalf("fallback counter %v → %v", before, after)
			}
			rep, err := e.Ops(context.Background(), "1h")
			if err != nil || rep.Totals.AIFailures != 1 || rep.Totals.Fallbacks != 1 {
				t.Fatalf("ops %+v, %v", rep.Totals, err)
			}
		})
	}
}

func TestAIBudgetAndQueueBounds(t *testing.T) {
	fake := geminitest.New(t, aiReply)
	e, _ := newEngine(t, sundayMorning, Config{AIBudgetPerMinute: 1, AIQueueInterval: time.Millisecond}, WithAI(newGemini(t, fake)))
	c := start(t, e, "en")
	c.say("Can you manage my Instagram page?")
	c.say("Can you print my flyers?")
	if src := c.last.Messages[0].Source; src != SourceFallback || fake.Calls() != 1 {
		t.Fatalf("over budget: source %q after %d calls", src, fake.Calls())
	}

	// Calls 10 s apart with a 15 s time-out: the second waits, the third would wait too long.
	q, _ := newEngine(t, sundayMorning, Config{AIQueueInterval: 10 * time.Second, AITimeout: 15 * time.Second, AIQueueMax: 5})
	ctx := context.Background()
	w1, d1, ok1, err1 := q.queue.Reserve(ctx)
	w2, d2, ok2, err2 := q.queue.Reserve(ctx)
	_, _, ok3, err3 := q.queue.Reserve(ctx)
	if err1 != nil || err2 != nil || err3 != nil || !ok1 || !ok2 || ok3 {
		t.Fatalf("reserve: %v %v %v / %v %v %v", ok1, ok2, ok3, err1, err2, err3)
	}
	if w1 != 0 || d1 != 0 || w2 <= 9*time.Second || w2 > 10*time.Second || d2 != 1 {
		t.Fatalf("waits %v (%d) and %v (%d)", w1, d1, w2, d2)
	}

	// A full queue answers from the rules at once.
	full, _ := newEngine(t, sundayMorning, Config{AIQueueInterval: time.Second, AIQueueMax: 1}, WithAI(newGemini(t, fake)))
	if _, _, ok, _ := full.queue.Reserve(ctx); !ok {
		t.Fatal("first reservation refused")
	}
	fc := start(t, full, "en")
	fc.say("Can you design my wedding invitations?")
	if src := fc.last.Messages[0].Source; src != SourceFallback {
		t.Fatalf("queue full: source %q", src)
	}
}

func TestClip(t *testing.T) {
	long := strings.Repeat("mot ", 200)
	if got := len(strings.Fields(clip(long))); got != MaxAnswerWords+1 {
		t.Fatalf("%d words", got)
	}
	if got := clip("**Bonjour** <b>vous</b>"); got != "Bonjour bvous/b" {
		t.Fatalf("%q", got)
	}
}
