package gemini

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

func TestGeminiProbe(t *testing.T) {
	fake := geminitest.New(t, "OK")
	g, err := New(context.Background(), Config{APIKey: "test-key", BaseURL: fake.URL, ConnectTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Probe(context.Background()); err != nil {
		t.Fatal(err)
	}
	fake.SetMode(geminitest.Stall)
	if err := g.Probe(context.Background()); err == nil {
		t.Fatal("a stalled probe passed")
	}
}
