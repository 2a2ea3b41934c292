package blackbox

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// TestGeminiFaults points the binary's Gemini client at a fake that answers 500, 429,
// garbage or nothing at all: the visitor always gets a readable answer from the rules
// within the configured AI time-out, and the service stays ready.
func TestGeminiFaults(t *testing.T) {
	fake := geminitest.New(t, "Bien sûr, nous pouvons vous aider.")
	e := baseEnv(t, database(t))
	e["GEMINI_API_KEY"] = "AIzaSyFakeKeyForTheFaultTests0000000000"
	e["DOTA_GEMINI_BASE_URL"] = fake.URL
	e["DOTA_AI_TIMEOUT"] = "1s"
	e["DOTA_AI_QUEUE_INTERVAL"] = "10ms"
	srv := startDota(t, e)
	chat := must(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "fr"})
	id, _ := chat.Body["session_id"].(string)
	if chat.Status != http.StatusCreated {
		t.Fatalf("chat: %d %s", chat.Status, chat.Raw)
	}
	for i, mode := range []string{geminitest.Fail, geminitest.RateLimited, geminitest.Garbage, geminitest.Stall,
		geminitest.Empty} {
		fake.SetMode(mode)
		start := time.Now()
		r := must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages",
			map[string]any{"text": "Pouvez-vous gérer ma page Instagram ?" + strings.Repeat(" vraiment", i)})
		took := time.Since(start)
		msgs, _ := r.Body["messages"].([]any)
		if r.Status != http.StatusOK || len(msgs) == 0 {
			t.Errorf("%s: %d %s", mode, r.Status, r.Raw)
			continue
		}
		last, _ := msgs[len(msgs)-1].(map[string]any)
		if text, _ := last["text"].(string); len(text) < 10 {
			t.Errorf("%s: no readable answer: %s", mode, r.Raw)
		}
		if took > 3*time.Second {
			t.Errorf("%s: the visitor waited %v with a 1 s AI time-out", mode, took)
		}
		t.Logf("%s: answered from the rules in %v (%d calls to Gemini so far): %.80s", mode, took.Round(time.Millisecond), fake.Calls(), last["text"])
	}
	if r := must(t, "GET", srv.URL+"/readyz", nil); r.Status != http.StatusOK {
		t.Errorf("readyz while Gemini fails: %d", r.Status)
	}
	if fake.Calls() < 5 {
		t.Errorf("Gemini was called %d times for 5 questions: the test proved nothing", fake.Calls())
	}
}
