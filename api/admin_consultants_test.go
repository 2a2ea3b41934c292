package api_test

import (
	"context"
	"testing"
)

// userID is the id of the staff user with that e-mail.
func userID(t *testing.T, email string) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `SELECT id FROM admin_users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestConsultants(t *testing.T) {
	srv := newConsoleServer(t)
	t.Cleanup(func() { _, _ = pool.Exec(context.Background(), `TRUNCATE consultants CASCADE`) })
	admin := signIn(t, srv.URL, "admin")
	amel := signIn(t, srv.URL, "editor")
	yacineEmail, _ := newUser(t, "editor")
	amelID, yacineID := userID(t, amel.Email), userID(t, yacineEmail)

	tuesday := []map[string]any{{"weekday": 2, "starts": "09:00", "ends": "12:00"}}
	body := map[string]any{"name": "Amel", "services": []string{"developpement-web"}, "hours": tuesday, "days_off": []string{}}
	if r := amel.do("PUT", "/api/admin/consultants/"+amelID, body); r.Status != 403 {
		t.Fatalf("an editor makes a consultant: %d %s", r.Status, r.Raw)
	}
	r := admin.do("PUT", "/api/admin/consultants/"+amelID, body)
	if r.Status != 200 || r.Body["email"] != amel.Email || r.Body["active"] != true {
		t.Fatalf("make Amel a consultant: %d %s", r.Status, r.Raw)
	}
	r = admin.do("PUT", "/api/admin/consultants/"+yacineID, map[string]any{"name": "Yacine",
		"services": []string{"developpement-web", "bots-ia"}, "days_off": []string{"2026-11-30"},
		"hours": []map[string]any{{"weekday": 2, "starts": "09:00", "ends": "12:00"}}})
	if r.Status != 200 {
		t.Fatalf("make Yacine a consultant: %d %s", r.Status, r.Raw)
	}
	bad := admin.do("PUT", "/api/admin/consultants/"+yacineID, map[string]any{"name": "Yacine",
		"services": []string{"astrologie"}, "hours": []map[string]any{}, "days_off": []string{}})
	if bad.Status != 400 || errorCode(bad) != "validation" {
		t.Fatalf("an unknown service: %d %s", bad.Status, bad.Raw)
	}
	if r := admin.do("PUT", "/api/admin/consultants/00000000-0000-0000-0000-000000000001", body); r.Status != 404 {
		t.Fatalf("an unknown user: %d %s", r.Status, r.Raw)
	}
	if r := amel.do("GET", "/api/admin/consultants", nil); r.Status != 200 || len(r.Body["items"].([]any)) != 2 {
		t.Fatalf("the consultants, as staff read them: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "GET", srv.URL+"/api/consultants?service=bots-ia", nil); r.Status != 200 || len(r.Body["items"].([]any)) != 1 {
		t.Fatalf("the AI bots' consultants: %d %s", r.Status, r.Raw)
	}

	// Amel's 10:00 is booked for her; asked again, it is taken, and Yacine's is still free.
	booked := book(t, srv.URL, map[string]any{"name": "Nadia Amrani", "phone": "0555123401", "service": "developpement-web",
		"date": "2026-11-24", "time": "10:00", "consultant_id": amelID})
	if booked["consultant_id"] != amelID || booked["consultant_name"] != "Amel" {
		t.Fatalf("booked %v", booked)
	}
	taken := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Karim Haddad", "phone": "0555123402",
		"service": "developpement-web", "date": "2026-11-24", "time": "10:00", "consultant_id": amelID})
	if taken.Status != 409 || errorCode(taken) != "slot_taken" {
		t.Fatalf("Amel's 10:00 again: %d %s", taken.Status, taken.Raw)
	}
	slots := do(t, "GET", srv.URL+"/api/slots?date=2026-11-24&service=developpement-web&consultant="+yacineID, nil)
	if slots.Status != 200 || !slotFree(slots.Body, "10:00") {
		t.Fatalf("Yacine's slots: %d %s", slots.Status, slots.Raw)
	}
	if slots := do(t, "GET", srv.URL+"/api/slots?date=2026-11-24&consultant="+amelID, nil); slotFree(slots.Body, "10:00") {
		t.Fatalf("Amel's 10:00 is still offered: %s", slots.Raw)
	}

	// Amel sees hers; reassigned to Yacine, it is his.
	mine := amel.do("GET", "/api/admin/appointments?consultant=me", nil)
	if mine.Status != 200 || len(mine.Body["items"].([]any)) != 1 {
		t.Fatalf("Amel's appointments: %d %s", mine.Status, mine.Raw)
	}
	id := booked["id"].(string)
	r = admin.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"consultant_id": yacineID})
	if r.Status != 200 || r.Body["appointment"].(map[string]any)["consultant_name"] != "Yacine" {
		t.Fatalf("reassign: %d %s", r.Status, r.Raw)
	}
	week := amel.do("GET", "/api/admin/appointments/calendar?from=2026-11-22&to=2026-11-28&consultant="+yacineID, nil)
	if week.Status != 200 || week.Body["total"] != float64(1) {
		t.Fatalf("Yacine's week: %d %s", week.Status, week.Raw)
	}
	if r := amel.do("GET", "/api/admin/appointments/calendar?from=2026-11-01&to=2026-12-31", nil); r.Status != 400 {
		t.Fatalf("two months by range: %d %s", r.Status, r.Raw)
	}
	if r := amel.do("GET", "/api/admin/appointments?consultant=none", nil); r.Status != 200 {
		t.Fatalf("the appointments of no consultant: %d %s", r.Status, r.Raw)
	}

	if r := admin.do("DELETE", "/api/admin/consultants/"+amelID, nil); r.Status != 200 {
		t.Fatalf("remove Amel: %d %s", r.Status, r.Raw)
	}
	if r := admin.do("DELETE", "/api/admin/consultants/"+amelID, nil); r.Status != 404 {
		t.Fatalf("remove Amel again: %d %s", r.Status, r.Raw)
	}
}

// slotFree reports whether a day's answer offers the slot.
func slotFree(day map[string]any, hhmm string) bool {
	slots, _ := day["slots"].([]any)
	for _, s := range slots {
		s := s.(map[string]any)
		if s["time"] == hhmm {
			return s["free"] == true
		}
	}
	return false
}
