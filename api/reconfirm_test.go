package api_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// The reminder's "I'll be there" through HTTP: recorded once (the second visit says it was
// already), 404 for a link that names nothing, 410 once the appointment is cancelled.
func TestReconfirmRoute(t *testing.T) {
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET min_notice_minutes = 1440`); err != nil {
		t.Fatal(err)
	}
	smtp := mailtest.Start(t)
	url := mailServer(t, smtp)
	date, hhmm := slotAhead(t, url, 6, 0)
	res := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Sara Meziane", "email": "sara@meziane.dz",
		"phone": "0555 12 21 12", "service": "Développement mobile", "date": date, "time": hhmm}, "Accept-Language", "ar")
	if res.Status != 201 {
		t.Fatalf("book: %d %v", res.Status, res.Body)
	}
	m := manageLink.FindStringSubmatch(messageTo(t, smtp, "sara@meziane.dz").Text)
	if m == nil {
		t.Fatal("no manage link")
	}
	link := url + "/api/reconfirm/" + m[1]

	first := do(t, "GET", link, nil)
	appt, _ := first.Body["appointment"].(map[string]any)
	if first.Status != 200 || first.Body["already"] != false || first.Body["lang"] != "ar" || appt["date"] != date ||
		!strings.Contains(first.Header.Get("Cache-Control"), "no-store") {
		t.Fatalf("reconfirm: %d %v", first.Status, first.Body)
	}
	if again := do(t, "GET", link, nil); again.Status != 200 || again.Body["already"] != true {
		t.Errorf("again: %d %v", again.Status, again.Body)
	}
	id, _ := appt["id"].(string)
	a, err := booking.New(pool).Appointment(context.Background(), id)
	if err != nil || a.ReconfirmedAt == nil {
		t.Errorf("reconfirmed_at: %v %v", a.ReconfirmedAt, err)
	}
	for _, bad := range []string{strings.Repeat("x", 43), "short"} {
		if r := do(t, "GET", url+"/api/reconfirm/"+bad, nil); r.Status != 404 || errorCode(r) != "not_found" {
			t.Errorf("token %q: %d %v", bad, r.Status, r.Body)
		}
	}
	if r := do(t, "POST", url+"/api/manage/"+m[1]+"/cancel", nil); r.Status != 200 {
		t.Fatalf("cancel: %d %v", r.Status, r.Body)
	}
	if r := do(t, "GET", link, nil, "Accept-Language", "en"); r.Status != 410 || errorCode(r) != "gone" ||
		!strings.Contains(errMessage(r), "cancelled") {
		t.Errorf("a cancelled appointment: %d %v", r.Status, r.Body)
	}
}
