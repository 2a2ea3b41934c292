package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

var offerLink = regexp.MustCompile(`/waitlist/offers/([A-Za-z0-9_-]{43})\?lang=(fr|en|ar)`)

// The waitlist's routes over HTTP: joining from the form, staff reading the line, the
// offer link's answers, and removal.
func TestWaitlistRoutes(t *testing.T) {
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET min_notice_minutes = 1440, slot_capacity = 1`); err != nil {
		t.Fatal(err)
	}
	smtp := mailtest.Start(t)
	url := mailServer(t, smtp)
	date, hhmm := slotAhead(t, url, 6, 0)
	join := func(name, email string, header ...string) response {
		return do(t, "POST", url+"/api/waitlist", map[string]any{"date": date, "time": hhmm, "name": name,
			"phone": "0661 22 33 44", "email": email, "service": "Application mobile"}, header...)
	}
	if r := join("Amel Bouzid", "amel@wait.dz"); r.Status != 409 || errorCode(r) != "conflict" {
		t.Fatalf("joining a free slot: %d %v", r.Status, r.Body)
	}
	res := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Lina Haddad", "email": "lina@wait-holder.dz",
		"phone": "0555 44 33 22", "date": date, "time": hhmm})
	if res.Status != 201 {
		t.Fatalf("book: %d %v", res.Status, res.Body)
	}
	if r := join("Amel Bouzid", ""); r.Status != 400 || errorCode(r) != "validation" {
		t.Errorf("joining without an e-mail: %d %v", r.Status, r.Body)
	}
	first := join("Amel Bouzid", "amel@wait.dz", "Accept-Language", "ar")
	if first.Status != 201 || first.Body["email"] != "amel@wait.dz" || first.Body["date"] != date ||
		!strings.Contains(first.Header.Get("Cache-Control"), "no-store") {
		t.Fatalf("join: %d %v %v", first.Status, first.Body, first.Header)
	}
	// The answer names no entry and no place in line: joining with an address already in
	// line (anyone's) is answered exactly as a new place is, so it tells nobody who waits.
	for _, k := range []string{"id", "position"} {
		if _, ok := first.Body[k]; ok {
			t.Errorf("the join's answer carries %q: %s", k, first.Raw)
		}
	}
	if again := join("Amel Bouzid", "amel@wait.dz"); again.Status != first.Status || string(again.Raw) != string(first.Raw) {
		t.Errorf("joining again: %d %s, want %d %s", again.Status, again.Raw, first.Status, first.Raw)
	}
	second := join("Karim Saadi", "karim@wait.dz")
	if second.Status != first.Status {
		t.Fatalf("second: %d %v", second.Status, second.Body)
	}

	// Staff see the line in order; editors may read and remove, moderators too.
	staffURL := newConsoleServer(t).URL
	mod := signIn(t, staffURL, "moderator")
	list := mod.do("GET", "/api/admin/waitlist?date="+date, nil)
	items, _ := list.Body["items"].([]any)
	if list.Status != 200 || len(items) != 1 {
		t.Fatalf("list: %d %s", list.Status, list.Body)
	}
	entries := items[0].(map[string]any)["entries"].([]any)
	if len(entries) != 2 || entries[0].(map[string]any)["name"] != "Amel Bouzid" || entries[1].(map[string]any)["position"] != float64(2) {
		t.Fatalf("entries: %v", list.Body)
	}
	secondID := entries[1].(map[string]any)["id"].(string)
	if r := mod.do("GET", "/api/admin/waitlist?date=someday", nil); r.Status != 400 {
		t.Errorf("a bad date: %d %s", r.Status, r.Body)
	}

	// The holder cancels through the manage link: the first in line is offered the place,
	// in their language.
	holder := messageTo(t, smtp, "lina@wait-holder.dz")
	m := manageLink.FindStringSubmatch(holder.Text)
	if m == nil {
		t.Fatalf("no manage link in:\n%s", holder.Text)
	}
	if r := do(t, "POST", url+"/api/manage/"+m[1]+"/cancel", nil); r.Status != 200 {
		t.Fatalf("cancel: %d %v", r.Status, r.Body)
	}
	offer := messageTo(t, smtp, "amel@wait.dz")
	o := offerLink.FindStringSubmatch(offer.Text)
	if o == nil || o[2] != "ar" {
		t.Fatalf("no Arabic offer link in:\n%s", offer.Text)
	}
	link := url + "/api/waitlist/offers/" + o[1]
	got := do(t, "GET", link, nil)
	if got.Status != 200 || got.Body["state"] != "offered" || got.Body["date"] != date || got.Body["hold_until"] == nil ||
		!strings.Contains(got.Header.Get("Cache-Control"), "no-store") {
		t.Fatalf("offer: %d %v", got.Status, got.Body)
	}
	// Held: the form cannot take it.
	if r := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Walid Kaci", "phone": "0550 99 88 77",
		"date": date, "time": hhmm}); r.Status != 409 || errorCode(r) != "slot_taken" {
		t.Errorf("booking the held slot: %d %v", r.Status, r.Body)
	}
	acc := do(t, "POST", link+"/accept", nil)
	if acc.Status != 201 || acc.Body["email"] != "amel@wait.dz" || acc.Body["date"] != date {
		t.Fatalf("accept: %d %v", acc.Status, acc.Body)
	}
	if r := do(t, "POST", link+"/accept", nil); r.Status != 201 || r.Body["id"] != acc.Body["id"] ||
		r.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("accepting again: %d %v", r.Status, r.Body)
	}
	if r := do(t, "POST", link+"/decline", nil); r.Status != 410 || errorCode(r) != "gone" {
		t.Errorf("declining an accepted offer: %d %v", r.Status, r.Body)
	}
	if r := do(t, "GET", url+"/api/waitlist/offers/"+strings.Repeat("x", 43), nil); r.Status != 404 {
		t.Errorf("an unknown offer: %d %v", r.Status, r.Body)
	}

	// An editor takes the second out of line; staff watching the waitlist see it live.
	live, _ := mod.subscribe(t)
	ed := signIn(t, staffURL, "editor")
	if r := ed.do("DELETE", "/api/admin/waitlist/"+secondID, nil); r.Status != 204 {
		t.Fatalf("remove: %d %s", r.Status, r.Body)
	}
	if ev := waitFor(t, live, "waitlist.updated", 5*time.Second); ev.Data["data"].(map[string]any)["date"] != date {
		t.Errorf("the live event: %+v", ev)
	}
	list = ed.do("GET", "/api/admin/waitlist?date="+date, nil)
	if raw := string(list.Raw); !strings.Contains(raw, `"state":"removed"`) || !strings.Contains(raw, `"state":"booked"`) {
		t.Errorf("after removal: %s", raw)
	}
	if r := ed.do("DELETE", "/api/admin/waitlist/00000000-0000-4000-8000-000000000000", nil); r.Status != 404 {
		t.Errorf("removing an unknown entry: %d %s", r.Status, r.Body)
	}
}

// Dota's joins of a waitlist count in the budgets of the waitlist form, per address and
// per contact, so the chat is no way around them: with three joins an hour from one
// address, two joins in conversations and one through the form spend them, and the next
// join is refused in the conversation as at the form, with nobody put in line.
func TestChatJoinsCountInTheWaitlistFormBudgets(t *testing.T) {
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE settings SET min_notice_minutes = 1440, slot_capacity = 1`); err != nil {
		t.Fatal(err)
	}
	_, prefix := testdb.Redis(t)
	clock := func() time.Time { return now }
	core := booking.New(pool, booking.WithClock(clock))
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	engine := closedAtEnd(t, chatbot.New(core, pool, rdb, chatbot.Config{RedisPrefix: prefix},
		chatbot.WithClock(clock), chatbot.WithLogger(log)))
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: engine, DB: pool, Redis: rdb,
		Web: webApp, Logger: log, RedisPrefix: prefix,
		Forms: api.FormLimits{Window: formWindow, PerAddress: 3, ChallengeAfter: 100, PerContact: 100}})))
	t.Cleanup(srv.Close)
	const date, hhmm = "2027-01-13", "10:00"
	if _, err := core.Book(ctx, booking.Request{Name: "Lina Haddad", Phone: "0555 44 33 21", Date: date, Time: hhmm}); err != nil {
		t.Fatal(err)
	}
	// joinByChat goes through a conversation up to "yes" to the slot's waitlist, and
	// returns Dota's last answer.
	joinByChat := func(i int) string {
		t.Helper()
		c := &conversation{t: t, replicas: []*httptest.Server{srv}}
		c.start("fr")
		for _, msg := range []string{"Je voudrais prendre rendez-vous", "Samira Haddad", fmt.Sprintf("chat%d@flood.example", i),
			fmt.Sprintf("0661 22 33 %02d", i), "passer", "application mobile", date + " " + hhmm, date + " " + hhmm, "oui"} {
			r := do(t, "POST", srv.URL+"/api/chat/sessions/"+c.id+"/messages", map[string]string{"text": msg})
			if r.Status != http.StatusOK {
				t.Fatalf("join %d, %q: %d %s", i, msg, r.Status, r.Raw)
			}
			c.last = r
		}
		return c.botText()
	}
	joinByForm := func(i int) response {
		return do(t, "POST", srv.URL+"/api/waitlist?lang=en", map[string]any{"date": date, "time": hhmm, "name": "Karim Saadi",
			"phone": fmt.Sprintf("0770 11 22 %02d", i), "email": fmt.Sprintf("form%d@flood.example", i)})
	}
	for i := range 2 {
		if said := joinByChat(i); !strings.Contains(said, "vous êtes sur la liste d'attente") {
			t.Fatalf("chat join %d within the budget: %q", i, said)
		}
	}
	if r := joinByForm(0); r.Status != http.StatusCreated {
		t.Fatalf("form join within the budget: %d %s", r.Status, r.Raw)
	}
	if said := joinByChat(2); strings.Contains(said, "vous êtes sur la liste d'attente") || !strings.Contains(said, "Trop de demandes") {
		t.Errorf("a chat join past the budget: %q", said)
	}
	wantRateLimited(t, joinByForm(1), "a form join past the budget")
	var inLine int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM waitlist WHERE date = $1 AND time = $2 AND email LIKE '%@flood.example'`,
		date, hhmm).Scan(&inLine); err != nil || inLine != 3 {
		t.Errorf("%d in line, want the 3 within the budget (%v)", inLine, err)
	}
}
