package api_test

import (
	"strings"
	"testing"

	"github.com/dota-agency/dota/mail/mailtest"
)

// TestTheFormsBookingOpensItsConfirmation: the form's booking answers a manage token,
// which reads the appointment and its calendar file (the confirmation page's "add to
// calendar") with the same UID as the e-mailed invitation; another token reads nothing.
func TestTheFormsBookingOpensItsConfirmation(t *testing.T) {
	smtp := mailtest.Start(t)
	url := mailServer(t, smtp)
	date, hhmm := slotAhead(t, url, 4, 0)
	res := do(t, "POST", url+"/api/appointments", map[string]any{"name": "Yacine Haddad", "email": "yacine@haddad.dz",
		"phone": "0555 66 77 88", "service": "formation", "date": date, "time": hhmm}, "Accept-Language", "en")
	token, _ := res.Body["manage_token"].(string)
	if res.Status != 201 || len(token) != 43 {
		t.Fatalf("book: %d %s", res.Status, res.Raw)
	}
	if got := do(t, "GET", url+"/api/manage/"+token, nil); got.Status != 200 || got.Body["date"] != date || got.Body["time"] != hhmm {
		t.Fatalf("the token does not read the booking: %d %s", got.Status, got.Raw)
	}
	ics := do(t, "GET", url+"/api/manage/"+token+"/calendar.ics", nil)
	body := strings.ReplaceAll(string(ics.Raw), "\r\n ", "")
	if ics.Status != 200 || !strings.HasPrefix(ics.Header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(body, "BEGIN:VEVENT") || !strings.Contains(body, "UID:"+res.Body["id"].(string)+"@") ||
		ics.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("calendar: %d %v\n%s", ics.Status, ics.Header, body)
	}
	mailed := messageTo(t, smtp, "yacine@haddad.dz").Attachment("invite.ics")
	if mailed == nil || !strings.Contains(strings.ReplaceAll(string(mailed.Data), "\r\n ", ""), "UID:"+res.Body["id"].(string)+"@") {
		t.Errorf("the e-mailed invitation names another event")
	}
	other := strings.Repeat("A", 43)
	if r := do(t, "GET", url+"/api/manage/"+other+"/calendar.ics", nil); r.Status != 404 || errorCode(r) != "not_found" {
		t.Errorf("an unknown token: %d %s", r.Status, r.Raw)
	}
}
