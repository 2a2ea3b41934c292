package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/migrations/testdb"
)

// meID is the signed-in user's id.
func (s *staff) meID() string {
	s.t.Helper()
	r := s.do("GET", "/api/admin/me", nil)
	id, _ := r.Body["id"].(string)
	if id == "" {
		if u, ok := r.Body["user"].(map[string]any); ok {
			id, _ = u["id"].(string)
		}
	}
	if id == "" {
		s.t.Fatalf("me: %s", r.Raw)
	}
	return id
}

// makeConsultant makes a staff user a consultant.
func makeConsultant(t *testing.T, userID, name string) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `INSERT INTO consultants (user_id, name, services) VALUES ($1, $2, '{}')`,
		userID, name); err != nil {
		t.Fatal(err)
	}
	// The other tests book without consultants: this one is gone with the test.
	t.Cleanup(func() { _, _ = pool.Exec(context.Background(), `DELETE FROM consultants WHERE user_id = $1`, userID) })
}

// A consultant makes their private feed, which serves their calendar until revoked; sets
// a calendar address, which is read before it is saved; and sees only their own, where
// an administrator sees everyone's.
func TestConsultantCalendarRoutes(t *testing.T) {
	srv := newConsoleServerOn(t, "cal"+testdb.RandomHex(4)+":", rdb, func(d *api.Deps) {
		r, err := mail.NewRenderer("", "https://dota.test")
		if err != nil {
			t.Fatal(err)
		}
		core := booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, PublicURL: "https://dota.test"}))
		d.Calendars = calendars.New(pool, calendars.Config{PublicURL: "https://dota.test", AllowPrivate: true})
		d.Calendars.Attach(core)
	})
	ed := signIn(t, srv.URL, "editor")
	id := ed.meID()
	makeConsultant(t, id, "Yacine")
	other := signIn(t, srv.URL, "moderator")
	otherID := other.meID()
	makeConsultant(t, otherID, "Amina")
	admin := signIn(t, srv.URL, "admin")

	if r := ed.do("GET", "/api/admin/consultants/"+id+"/calendar", nil); r.Status != 200 || r.Body["feed"] != false ||
		r.Body["source_kind"] != "" || r.Body["busy_count"].(float64) != 0 {
		t.Fatalf("own calendar: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("GET", "/api/admin/consultants/"+otherID+"/calendar", nil); r.Status != 403 || errorCode(r) != "forbidden" {
		t.Fatalf("another's calendar: %d %s", r.Status, r.Raw)
	}
	if r := admin.do("GET", "/api/admin/consultants/"+otherID+"/calendar", nil); r.Status != 200 {
		t.Fatalf("an admin on another's calendar: %d %s", r.Status, r.Raw)
	}
	if r := admin.do("GET", "/api/admin/consultants/"+admin.meID()+"/calendar", nil); r.Status != 404 {
		t.Fatalf("who is no consultant: %d %s", r.Status, r.Raw)
	}

	feed := ed.do("POST", "/api/admin/consultants/"+id+"/calendar/feed", nil)
	url, _ := feed.Body["url"].(string)
	if feed.Status != 200 || !strings.HasPrefix(url, "https://dota.test/api/calendar/") ||
		!strings.HasPrefix(feed.Body["webcal_url"].(string), "webcal://dota.test/api/calendar/") {
		t.Fatalf("new feed: %d %s", feed.Status, feed.Raw)
	}
	path := strings.TrimPrefix(url, "https://dota.test")
	r := do(t, "GET", srv.URL+path, nil)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(r.Header.Get("Cache-Control"), "no-store") || !strings.Contains(string(r.Raw), "BEGIN:VCALENDAR") {
		t.Fatalf("the feed: %d %v %s", r.Status, r.Header, r.Raw)
	}
	if r := ed.do("GET", "/api/admin/consultants/"+id+"/calendar", nil); r.Body["feed"] != true {
		t.Fatalf("status with a feed: %s", r.Raw)
	}
	if r := ed.do("DELETE", "/api/admin/consultants/"+id+"/calendar/feed", nil); r.Status != 200 || r.Body["message"] == "" {
		t.Fatalf("revoke: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "GET", srv.URL+path, nil); r.Status != 404 || errorCode(r) != "not_found" {
		t.Fatalf("a revoked feed: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "GET", srv.URL+"/api/calendar/nothing.ics", nil); r.Status != 404 {
		t.Fatalf("an unknown feed: %d %s", r.Status, r.Raw)
	}

	calendar := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path != "/good.ics" {
			http.NotFound(w, req)
			return
		}
		_, _ = w.Write([]byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nEND:VCALENDAR\r\n"))
	}))
	defer calendar.Close()
	bad := ed.do("PUT", "/api/admin/consultants/"+id+"/calendar?lang=en",
		map[string]any{"source_kind": "ics", "source_url": calendar.URL + "/missing.ics"})
	fields, _ := bad.Body["error"].(map[string]any)["fields"].(map[string]any)
	if bad.Status != 400 || errorCode(bad) != "validation" || !strings.Contains(fields["source_url"].(string), "404") {
		t.Fatalf("an unreadable address: %d %s", bad.Status, bad.Raw)
	}
	good := ed.do("PUT", "/api/admin/consultants/"+id+"/calendar",
		map[string]any{"source_kind": "ics", "source_url": calendar.URL + "/good.ics", "source_username": "me", "source_password": "pw"})
	if good.Status != 200 || good.Body["source_url"] != calendar.URL+"/good.ics" || good.Body["last_ok_at"] == nil ||
		strings.Contains(string(good.Raw), "pw") {
		t.Fatalf("a readable address: %d %s", good.Status, good.Raw)
	}
}
