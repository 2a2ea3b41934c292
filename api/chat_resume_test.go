package api_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

// newReachServer is the hand-off's server whose staff answers reach visitors who left by
// e-mail (sent to srv once unread for a moment), as cmd/dota wires it; it returns its
// URL and its Redis key prefix.
func newReachServer(t *testing.T, srv *mailtest.Server) (string, string) {
	t.Helper()
	r, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := func() time.Time { return officeHours }
	pub := live.NewPublisher[booking.Event](r, prefix, log)
	sender, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	renderer, err := mail.NewRenderer("", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	core := booking.New(pool, booking.WithClock(clock), booking.WithPublisher(pub),
		booking.WithMail(booking.Mail{Renderer: renderer, Sender: sender, PublicURL: publicURL}))
	cons := console.New(core, pool, r, prefix, console.Config{}, log)
	events := api.NewEvents(cons, log)
	dota := closedAtEnd(t, chatbot.New(core, pool, r, chatbot.Config{RedisPrefix: prefix, AnswerMailAfter: 200 * time.Millisecond},
		chatbot.WithClock(clock), chatbot.WithLogger(log), chatbot.WithPublisher(pub), chatbot.WithAnswerMail(core)))
	core.OnChatAnswer(dota.WriteAnswerMail)
	if err := core.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: dota, DB: pool, Redis: r, Web: webApp,
		Logger: log, Console: cons, Events: events, RedisPrefix: prefix, Forms: roomyForms, PublicURL: publicURL})))
	t.Cleanup(func() {
		events.Close()
		hs.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(ctx)
	})
	return hs.URL, prefix
}

// chatAnswerTo waits up to 15 s for the chat answer sent to address (the jobs of earlier
// tests' messages may go out to srv too).
func chatAnswerTo(t *testing.T, srv *mailtest.Server, address string) *mailtest.Parsed {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range srv.Messages() {
			if p := m.Parse(t); strings.Contains(p.To, address) {
				return p
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no chat answer to %s", address)
	return nil
}

var resumeLink = regexp.MustCompile(`\?lang=fr&chat=([A-Za-z0-9_%-]+)`)

// The link of an e-mailed staff answer reopens its conversation over HTTP: 200 with the
// session and the answer, 404 for a token altered, 410 once the conversation ended; and
// the visitor's rating after the hand-back shows on the operations page.
func TestResumeLinkAndRatingOverHTTP(t *testing.T) {
	srv := mailtest.Start(t)
	base, prefix := newReachServer(t, srv)
	editor := signIn(t, base, console.RoleEditor)
	live, _ := editor.subscribe(t)

	r := do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	sid, _ := r.Body["session_id"].(string)
	do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "je voudrais parler à un conseiller"})
	conv, _ := waitFor(t, live, chatbot.EventConversationUpdated, 5*time.Second).Data["data"].(map[string]any)
	id, _ := conv["id"].(string)
	do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "mon e-mail : lina.http@example.net"})
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/claim", nil); r.Status != 200 {
		t.Fatalf("claim: %d %s", r.Status, r.Raw)
	}
	answer := "Bonjour Lina, voici notre réponse."
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": answer}); r.Status != 201 {
		t.Fatalf("answer: %d %s", r.Status, r.Raw)
	}
	p := chatAnswerTo(t, srv, "lina.http@example.net")
	m := resumeLink.FindStringSubmatch(p.Text)
	if m == nil || !strings.Contains(p.Text, answer) || !strings.Contains(p.Text, publicURL+"/?lang=fr&chat=") {
		t.Fatalf("the e-mail:\n%s", p.Text)
	}
	token, _ := url.QueryUnescape(m[1])

	r = do(t, "GET", base+"/api/chat/resume/"+url.PathEscape(token), nil)
	if r.Status != 200 || r.Body["session_id"] != sid || !strings.Contains(string(r.Raw), answer) {
		t.Fatalf("resume: %d %s", r.Status, r.Raw)
	}
	bad := []byte(token)
	bad[0] ^= 2
	if r := do(t, "GET", base+"/api/chat/resume/"+url.PathEscape(string(bad)), nil); r.Status != 404 || errorCode(r) != "not_found" {
		t.Fatalf("a tampered token: %d %s", r.Status, r.Raw)
	}

	// The hand-back asks one question; the visitor's answer shows on the operations page.
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/release", nil); r.Status != 200 {
		t.Fatalf("release: %d %s", r.Status, r.Raw)
	}
	r = do(t, "GET", base+"/api/chat/sessions/"+sid, nil)
	if !strings.Contains(string(r.Raw), "👍 Oui") || !strings.Contains(string(r.Raw), "👎 Non") {
		t.Fatalf("no satisfaction question after the hand-back: %s", r.Raw)
	}
	do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "👍 Oui"})
	admin := signIn(t, base, console.RoleAdmin)
	ops := admin.do("GET", "/api/admin/ops", nil)
	ratings, _ := ops.Body["ratings"].([]any)
	if ops.Status != 200 || len(ratings) == 0 {
		t.Fatalf("ops: %d %s", ops.Status, ops.Raw)
	}

	// The session gone, the link is gone.
	if err := rdb.Del(context.Background(), prefix+"chat:s:"+sid).Err(); err != nil {
		t.Fatal(err)
	}
	if r := do(t, "GET", base+"/api/chat/resume/"+url.PathEscape(token), nil); r.Status != 410 || errorCode(r) != "gone" {
		t.Fatalf("resume once the session ended: %d %s", r.Status, r.Raw)
	}
}
