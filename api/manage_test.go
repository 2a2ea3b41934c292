package api_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

var manageLink = regexp.MustCompile(`/manage/([A-Za-z0-9_-]{43})\?lang=`)

// mailServer is a router on the real clock whose booking core sends through an SMTP
// server and works its jobs.
func mailServer(t *testing.T, smtp *mailtest.Server) string {
	t.Helper()
	tr, err := mail.NewTransport(smtp.URL())
	if err != nil {
		t.Fatal(err)
	}
	var core *booking.Core
	srv := newServerWith(t, roomyForms, time.Now(), func(d *api.Deps) {
		r, err := mail.NewRenderer("", publicURL)
		if err != nil {
			t.Fatal(err)
		}
		core = booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, Sender: tr, PublicURL: publicURL}))
		d.Booking = core
	})
	if err := core.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(ctx)
	})
	return srv.URL
}

// slotAhead is a free slot at least days ahead on the real calendar.
func slotAhead(t *testing.T, url string, days, skip int) (string, string) {
	t.Helper()
	d := time.Now().AddDate(0, 0, days)
	for range 30 {
		date := d.Format("2006-01-02")
		res := do(t, "GET", url+"/api/slots?date="+date, nil)
		if slots, ok := res.Body["slots"].([]any); ok && res.Body["closed"] != true {
			for _, s := range slots {
				sl := s.(map[string]any)
				if sl["free"] == true && sl["past"] != true {
					if skip == 0 {
						return date, sl["time"].(string)
					}
					skip--
				}
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no free slot")
	return "", ""
}

func TestManageLinkRoutes(t *testing.T) {
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET min_notice_minutes = 1440`); err != nil {
		t.Fatal(err)
	}
	smtp := mailtest.Start(t)
	url := mailServer(t, smtp)
	date, hhmm := slotAhead(t, url, 5, 0)
	res := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Lina Haddad", "email": "lina@haddad.dz",
		"phone": "0555 44 33 22", "service": "Développement mobile", "date": date, "time": hhmm}, "Accept-Language", "en")
	if res.Status != 201 || res.Body["confirmation_email"] != true {
		t.Fatalf("book: %d %v", res.Status, res.Body)
	}
	msg := messageTo(t, smtp, "lina@haddad.dz")
	m := manageLink.FindStringSubmatch(msg.Text)
	if m == nil {
		t.Fatalf("no manage link in:\n%s", msg.Text)
	}
	link := url + "/api/manage/" + m[1]

	got := do(t, "GET", link, nil)
	if got.Status != 200 || got.Body["date"] != date || got.Body["can_cancel"] != true || got.Body["lang"] != "en" ||
		!strings.Contains(got.Header.Get("Cache-Control"), "no-store") {
		t.Fatalf("show: %d %v %v", got.Status, got.Body, got.Header)
	}

	// A move to a free slot three days ahead (inside a week's notice, beyond a day's); to no
	// slot is 400; to a full one 409 with alternatives.
	to, toTime := slotAhead(t, url, 3, 1)
	moved := do(t, "POST", link+"/reschedule", map[string]string{"date": to, "time": toTime})
	if moved.Status != 200 || moved.Body["date"] != to || moved.Body["time"] != toTime {
		t.Fatalf("reschedule: %d %v", moved.Status, moved.Body)
	}
	if r := do(t, "POST", link+"/reschedule", map[string]string{"date": to, "time": "13:00"}); r.Status != 400 {
		t.Errorf("reschedule to no slot: %d %v", r.Status, r.Body)
	}
	other, otherTime := slotAhead(t, url, 9, 0)
	if r := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Karim Saidi", "phone": "0661 22 33 44",
		"date": other, "time": otherTime}); r.Status != 201 {
		t.Fatalf("second booking: %d %v", r.Status, r.Body)
	}
	full := do(t, "POST", link+"/reschedule", map[string]string{"date": other, "time": otherTime})
	if full.Status != 409 || errorCode(full) != "slot_taken" || full.Body["error"].(map[string]any)["alternatives"] == nil {
		t.Errorf("reschedule into a full slot: %d %v", full.Status, full.Body)
	}

	// Inside a week's notice: 422 too_late, saying how to reach the agency.
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET min_notice_minutes = 10080`); err != nil {
		t.Fatal(err)
	}
	late := do(t, "POST", link+"/cancel", nil, "Accept-Language", "fr")
	st, err := booking.New(pool).Settings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if late.Status != 422 || errorCode(late) != "too_late" || !strings.Contains(errMessage(late), st.Agency.Phone()) || st.Agency.Phone() == "" {
		t.Errorf("cancel inside the notice: %d %v", late.Status, late.Body)
	}
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET min_notice_minutes = 1440`); err != nil {
		t.Fatal(err)
	}

	if r := do(t, "POST", link+"/cancel", nil); r.Status != 200 || r.Body["status"] != "cancelled" || r.Body["can_cancel"] != false {
		t.Fatalf("cancel: %d %v", r.Status, r.Body)
	}
	if r := do(t, "POST", link+"/cancel", nil); r.Status != 409 || errorCode(r) != "conflict" {
		t.Errorf("second cancel: %d %v", r.Status, r.Body)
	}
	for _, bad := range []string{strings.Repeat("x", 43), "short", m[1] + "A"} {
		if r := do(t, "GET", url+"/api/manage/"+bad, nil); r.Status != 404 || errorCode(r) != "not_found" {
			t.Errorf("token %q: %d %v", bad, r.Status, r.Body)
		}
	}
}

// messageTo waits for the first message to rcpt: the jobs of the package's other tests
// go out through the same server.
func messageTo(t *testing.T, smtp *mailtest.Server, rcpt string) *mailtest.Parsed {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range smtp.Messages() {
			if len(m.To) == 1 && m.To[0] == rcpt {
				return m.Parse(t)
			}
		}
	}
	t.Fatalf("no message to %s", rcpt)
	return nil
}

func errMessage(r response) string {
	e, _ := r.Body["error"].(map[string]any)
	c, _ := e["message"].(string)
	return c
}
