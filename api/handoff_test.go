package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/migrations/testdb"
)

// officeHours is within the team's hours: Tuesday 24 November 2026, 10:00 in Algiers.
var officeHours = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// newHandoffServer is a router with the chat and the console, within office hours.
func newHandoffServer(t *testing.T) string {
	t.Helper()
	r, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := func() time.Time { return officeHours }
	pub := live.NewPublisher[booking.Event](r, prefix, log)
	core := booking.New(pool, booking.WithClock(clock), booking.WithPublisher(pub))
	cons := console.New(core, pool, r, prefix, console.Config{}, log)
	events := api.NewEvents(cons, log)
	dota := closedAtEnd(t, chatbot.New(core, pool, r, chatbot.Config{RedisPrefix: prefix}, chatbot.WithClock(clock),
		chatbot.WithLogger(log), chatbot.WithPublisher(pub)))
	cons.OnStaffGone(dota.ReleaseAgent) // as cmd/dota wires it
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: dota, DB: pool, Redis: r, Web: webApp,
		Logger: log, Console: cons, Events: events, RedisPrefix: prefix, Forms: roomyForms})))
	t.Cleanup(func() {
		events.Close()
		srv.Close()
	})
	return srv.URL
}

func messageOf(ev sseEvent) map[string]any { m, _ := ev.Data["message"].(map[string]any); return m }

func TestHandoffOverHTTP(t *testing.T) {
	base := newHandoffServer(t)
	editor := signIn(t, base, console.RoleEditor)
	moderator := signIn(t, base, console.RoleModerator)
	live, _ := editor.subscribe(t)

	r := do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "ar"})
	sid, _ := r.Body["session_id"].(string)
	r = do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "بغيت نهدر مع شخص"})
	handoff, _ := r.Body["handoff"].(map[string]any)
	if r.Status != 200 || handoff["state"] != "waiting" {
		t.Fatalf("hand-off: %d %s", r.Status, r.Raw)
	}
	msgs, _ := r.Body["messages"].([]any)
	last, _ := msgs[len(msgs)-1].(map[string]any)["id"].(string)

	// Staff hear of it live, and find it among the waiting conversations.
	ev := waitFor(t, live, chatbot.EventConversationUpdated, 5*time.Second)
	conv, _ := ev.Data["data"].(map[string]any)
	id, _ := conv["id"].(string)
	if conv["state"] != "waiting" || id == "" {
		t.Fatalf("live event %+v", ev.Data)
	}
	page := editor.do("GET", "/api/admin/conversations?state=waiting", nil)
	if page.Status != 200 || page.Body["waiting"].(float64) < 1 || !strings.Contains(string(page.Raw), id) {
		t.Fatalf("waiting inbox: %d %s", page.Status, page.Raw)
	}
	if r := editor.do("GET", "/api/admin/conversations?state=nope", nil); r.Status != 400 {
		t.Errorf("a bad state filter: %d", r.Status)
	}

	visitor, cancel := openStream(t, http.DefaultClient, base+"/api/chat/sessions/"+sid+"/stream?after="+last, nil)
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/claim", nil); r.Status != 200 || r.Body["state"] != "staff" {
		t.Fatalf("claim: %d %s", r.Status, r.Raw)
	}
	if r := moderator.do("POST", "/api/admin/conversations/"+id+"/claim", nil); r.Status != 409 || errorCode(r) != "conflict" {
		t.Fatalf("second claim: %d %s", r.Status, r.Raw)
	}
	joined := waitFor(t, visitor, "message", 5*time.Second)
	if h, _ := joined.Data["handoff"].(map[string]any); h["state"] != "staff" {
		t.Fatalf("joined: %+v", joined.Data)
	}
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": "مرحبا!"}); r.Status != 201 {
		t.Fatalf("answer: %d %s", r.Status, r.Raw)
	}
	answer := waitFor(t, visitor, "message", 5*time.Second)
	if m := messageOf(answer); m["text"] != "مرحبا!" || m["sender"] != "staff" || m["author"] == "" ||
		answer.ID != m["id"] {
		t.Fatalf("answer event %+v (id %s)", answer.Data, answer.ID)
	}

	// The visitor's network drops; staff answer twice meanwhile; the widget reconnects
	// with the last id it has and gets both, once each, in order.
	cancel()
	for _, msg := range []string{"واحد", "اثنان"} {
		if r := editor.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": msg}); r.Status != 201 {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
	}
	again, _ := openStream(t, http.DefaultClient, base+"/api/chat/sessions/"+sid+"/stream", http.Header{"Last-Event-Id": {answer.ID}})
	n, _ := strconv.Atoi(answer.ID)
	for i, want := range []string{"واحد", "اثنان"} {
		ev := waitFor(t, again, "message", 5*time.Second)
		if messageOf(ev)["text"] != want || ev.ID != strconv.Itoa(n+i+1) {
			t.Fatalf("after reconnecting, event %s %+v, want %q", ev.ID, ev.Data, want)
		}
	}
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/release", nil); r.Status != 200 || r.Body["state"] != "bot" {
		t.Fatalf("release: %d %s", r.Status, r.Raw)
	}
	if h, _ := waitFor(t, again, "message", 5*time.Second).Data["handoff"].(map[string]any); h["state"] != "ended" {
		t.Fatalf("release event: %+v", h)
	}
	d := editor.do("GET", "/api/admin/conversations/"+id, nil)
	if d.Status != 200 || len(d.Body["transcript"].([]any)) < 6 {
		t.Fatalf("detail: %d %s", d.Status, d.Raw)
	}
	if r := editor.do("GET", "/api/admin/questions?window=7d", nil); r.Status != 200 {
		t.Fatalf("questions: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "GET", base+"/api/chat/sessions/"+strings.Repeat("ab", 16)+"/stream", nil); r.Status != 404 {
		t.Errorf("the stream of an unknown session: %d", r.Status)
	}
	// One conversation holds a few streams (tabs), not the replica's connections.
	for range api.MaxStreamsPerConversation - 1 {
		openStream(t, http.DefaultClient, base+"/api/chat/sessions/"+sid+"/stream", nil)
	}
	if r := do(t, "GET", base+"/api/chat/sessions/"+sid+"/stream", nil); r.Status != 429 || errorCode(r) != "rate_limited" {
		t.Errorf("one stream too many: %d %s", r.Status, r.Raw)
	}
}
