package api_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/migrations/testdb"
)

func TestAChatOpenedFromACampaignIsCountedAndItsBookingCarriesIt(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	srv := chatServer(t, rdb, prefix, chatbot.Config{})
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	campaign := "ramadan-" + hex.EncodeToString(b)
	touch := map[string]string{"utm_source": "facebook", "utm_campaign": campaign, "landing": "/"}
	r := do(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "en",
		"attribution": map[string]any{"first": touch, "last": touch}})
	if r.Status != http.StatusCreated {
		t.Fatalf("start: %d %s", r.Status, r.Raw)
	}
	ctx := context.Background()
	var chats int
	if err := pool.QueryRow(ctx, `SELECT coalesce(sum(chats), 0) FROM traffic WHERE source = 'facebook' AND campaign = $1`,
		campaign).Scan(&chats); err != nil {
		t.Fatal(err)
	}
	if chats != 1 {
		t.Fatalf("chats opened from the campaign: %d, want 1", chats)
	}

	c := &conversation{t: t, replicas: []*httptest.Server{srv}}
	c.id, c.last = r.Body["session_id"].(string), r
	c.say("I'd like an appointment", "name", "")
	c.say("Rania Cherif", "email", "")
	c.say("rania.cherif@example.dz", "phone", "")
	c.say("0555 44 33 22", "company", "")
	c.say("skip", "service", "")
	c.say("training", "date", "")
	c.say(firstReply(t, c.last), "time", "")
	c.say(firstReply(t, c.last), "confirm", "")
	c.say("yes", "booked", "")
	var source, got string
	if err := pool.QueryRow(ctx, `SELECT traffic_source, coalesce(campaign, '') FROM appointments WHERE id = $1`,
		c.last.Body["appointment_id"]).Scan(&source, &got); err != nil {
		t.Fatal(err)
	}
	if source != "facebook" || got != campaign {
		t.Fatalf("the chat's booking came from %q, campaign %q; want facebook, %q", source, got, campaign)
	}
}

// firstReply is the value of the first quick reply of a chat's answer.
func firstReply(t *testing.T, r response) string {
	t.Helper()
	qr, _ := r.Body["quick_replies"].([]any)
	if len(qr) == 0 {
		t.Fatalf("no quick reply in %s", r.Raw)
	}
	v, _ := qr[0].(map[string]any)["value"].(string)
	return v
}
