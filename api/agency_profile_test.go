package api_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

// TestAgencyProfileEditedInTheConsoleShowsEverywhere edits the agency's profile in the
// console and finds it, on the same running server (settings cached for an hour, so only
// the save's own renewal can show it), in the site's public settings, in Dota's answers,
// in the next confirmation e-mail and in its calendar invitation's LOCATION.
func TestAgencyProfileEditedInTheConsoleShowsEverywhere(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	smtp := mailtest.Start(t)
	tr, err := mail.NewTransport(smtp.URL())
	if err != nil {
		t.Fatal(err)
	}
	r, err := mail.NewRenderer("", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	core := booking.New(pool, booking.WithSettingsTTL(time.Hour),
		booking.WithMail(booking.Mail{Renderer: r, Sender: tr, PublicURL: publicURL}))
	log := slog.New(slog.DiscardHandler)
	engine := closedAtEnd(t, chatbot.New(core, pool, rdb, chatbot.Config{RedisPrefix: prefix}, chatbot.WithLogger(log)))
	cons := console.New(core, pool, rdb, prefix, console.Config{}, log)
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: engine, Console: cons, DB: pool,
		Redis: rdb, Web: webApp, MaxBodyBytes: 64 << 10, PublicURL: publicURL, Logger: log, RedisPrefix: prefix, Forms: roomyForms})))
	t.Cleanup(srv.Close)
	if err := core.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(ctx)
	})

	adm := signIn(t, srv.URL, "admin")
	// Read once through the cache, so that a stale copy would be there to serve.
	before := do(t, "GET", srv.URL+"/api/site", nil).Body["agency"].(map[string]any)
	if phones := before["phones"].([]any); len(phones) == 0 || phones[0] == "+213 21 64 10 10" {
		t.Fatalf("seeded profile: %v", before)
	}
	st := adm.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)
	t.Cleanup(func() {
		st["agency"] = before
		if r := adm.do("PUT", "/api/admin/settings", st); r.Status != 200 {
			t.Errorf("restore: %d %s", r.Status, r.Raw)
		}
	})
	edited := map[string]any{}
	for k, v := range before {
		edited[k] = v
	}
	edited["phones"] = []string{"+213 21 64 10 10", "+213 770 12 34 56"}
	edited["address"] = map[string]any{"street": "7 boulevard Zighoud Youcef", "city": "Alger", "postal_code": "16004",
		"country": "DZ", "country_name": "Algérie"}
	edited["hours"] = map[string]any{"days": []string{"sun", "mon", "tue", "wed", "thu"}, "opens": "08:30", "closes": "16:00"}
	edited["prices"] = []map[string]any{{"service": "developpement-web", "min": 8000, "max": 120000}}
	st["agency"] = edited

	bad := map[string]any{}
	for k, v := range edited {
		bad[k] = v
	}
	bad["phones"] = []string{"call us"}
	st["agency"] = bad
	if r := adm.do("PUT", "/api/admin/settings?lang=en", st); r.Status != 400 || !strings.Contains(string(r.Raw), `"agency.phones.0"`) {
		t.Fatalf("a phone that is no number: %d %s", r.Status, r.Raw)
	}
	st["agency"] = edited
	if r := adm.do("PUT", "/api/admin/settings", st); r.Status != 200 {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}

	// The site.
	site := do(t, "GET", srv.URL+"/api/site", nil).Body["agency"].(map[string]any)
	if site["phones"].([]any)[0] != "+213 21 64 10 10" || site["address"].(map[string]any)["street"] != "7 boulevard Zighoud Youcef" {
		t.Fatalf("the site still shows the old profile: %v", site)
	}

	// Dota.
	c := &conversation{t: t, replicas: []*httptest.Server{srv}}
	c.start("en")
	c.say("how can I contact you?", "greeting", "+213 21 64 10 10")
	c.say("where is your office?", "greeting", "7 boulevard Zighoud Youcef")
	c.say("what are your opening hours?", "greeting", "8:30 to 16:00")
	c.say("what are your prices?", "greeting", "8,000 to 120,000 DZD")

	// The next e-mail and its invitation.
	date, hhmm := slotAhead(t, srv.URL, 3, 0)
	res := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Nadia Ferhat", "email": "nadia@ferhat.dz",
		"phone": "0555 98 76 54", "service": "Développement web", "date": date, "time": hhmm}, "Accept-Language", "fr")
	if res.Status != 201 {
		t.Fatalf("book: %d %s", res.Status, res.Raw)
	}
	msg := messageTo(t, smtp, "nadia@ferhat.dz")
	if !strings.Contains(msg.Text, "+213 21 64 10 10") || !strings.Contains(msg.Text, "7 boulevard Zighoud Youcef") {
		t.Errorf("the e-mail does not give the new phone and address:\n%s", msg.Text)
	}
	ics := ""
	for _, a := range msg.Attachments {
		if strings.HasSuffix(a.Filename, ".ics") {
			ics = strings.ReplaceAll(string(a.Data), "\r\n ", "")
		}
	}
	if !strings.Contains(ics, "LOCATION:7 boulevard Zighoud Youcef\\, 16004 Alger\\, Algérie") {
		t.Errorf("the invitation's LOCATION is not the new address:\n%s", ics)
	}
}
