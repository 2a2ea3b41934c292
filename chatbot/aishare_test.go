package chatbot

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// TestAIVisitorShare: one visitor asking question after question spends their share of the
// AI budget, not the site's: past it they are answered from the rules (no error), from a
// new conversation on the same address too, while another visitor still gets Gemini.
func TestAIVisitorShare(t *testing.T) {
	fake := geminitest.New(t, aiReply)
	e, _ := newEngine(t, sundayMorning, Config{AIVisitorShare: 2, AIBudgetPerMinute: 60, AIQueueInterval: time.Millisecond},
		WithAI(newGemini(t, fake)))
	ctx := context.Background()
	ask := func(id, ip, question string) (string, Reply) {
		t.Helper()
		r, err := e.Send(ctx, id, question, "en", ip)
		if err != nil {
			t.Fatalf("%s asks %q: %v", ip, question, err)
		}
		return r.Messages[0].Source, r
	}
	visitor, err := e.Start(ctx, "en", "198.51.100.7", nil)
	if err != nil {
		t.Fatal(err)
	}
	questions := []string{"Can you manage my Instagram page?", "Can you print my flyers?",
		"Can you design my wedding invitations?", "Do you repair laptops?"}
	for i, q := range questions {
		src, r := ask(visitor.SessionID, "198.51.100.7", q)
		want := SourceAI
		if i >= 2 {
			want = SourceFallback
		}
		if src != want {
			t.Fatalf("question %d: source %q, want %q (%d calls)", i+1, src, want, fake.Calls())
		}
		if want == SourceFallback && r.Messages[0].Text != text("en", "answer_fallback") {
			t.Fatalf("question %d: %q", i+1, r.Messages[0].Text)
		}
	}
	if fake.Calls() != 2 {
		t.Fatalf("%d calls to Gemini, want the share of 2", fake.Calls())
	}
	// A new conversation from the same address has no fresh share.
	again, err := e.Start(ctx, "en", "198.51.100.7", nil)
	if err != nil {
		t.Fatal(err)
	}
	if src, _ := ask(again.SessionID, "198.51.100.7", "Do you sell domain names?"); src != SourceFallback {
		t.Fatalf("same address, new conversation: source %q", src)
	}
	// Another visitor still reaches Gemini: the site's budget was not spent.
	other, err := e.Start(ctx, "en", "203.0.113.9", nil)
	if err != nil {
		t.Fatal(err)
	}
	if src, _ := ask(other.SessionID, "203.0.113.9", "Do you sell domain names?"); src != SourceAI || fake.Calls() != 3 {
		t.Fatalf("another visitor: source %q after %d calls", src, fake.Calls())
	}
	rep, err := e.Ops(ctx, "1h")
	if err != nil || rep.Totals.AIFailures != 3 {
		t.Fatalf("ops %+v, %v: want the three answers past the share counted", rep.Totals, err)
	}
}
