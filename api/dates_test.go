package api_test

import "testing"

// TestYearZeroDatesAreValidationErrors: a date of year 0000 (which the database cannot
// hold) is a 400 naming the date on every path that takes one, not a 500.
func TestYearZeroDatesAreValidationErrors(t *testing.T) {
	srv := newConsoleServer(t)
	fieldNamed := func(r response, field string) bool {
		e, _ := r.Body["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		return r.Status == 400 && errorCode(r) == "validation" && fields[field] != nil
	}
	for _, date := range []string{"0000-01-01", "1999-12-31", "3000-01-01"} {
		if r := do(t, "GET", srv.URL+"/api/slots?date="+date, nil); !fieldNamed(r, "date") {
			t.Errorf("slots of %s: %d %s", date, r.Status, r.Raw)
		}
	}
	a := book(t, srv.URL, map[string]any{"name": "Date Zero", "phone": "0661 10 20 30"})
	mod := signIn(t, srv.URL, "moderator")
	if r := mod.do("PATCH", "/api/admin/appointments/"+a["id"].(string),
		map[string]any{"date": "0000-01-01", "time": "10:00"}); !fieldNamed(r, "date") {
		t.Errorf("console edit: %d %s", r.Status, r.Raw)
	}
	adm := signIn(t, srv.URL, "admin")
	st := adm.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)
	st["closed_dates"] = []string{"2026-12-24", "0000-01-01"}
	if r := adm.do("PUT", "/api/admin/settings", st); !fieldNamed(r, "closed_dates") {
		t.Errorf("settings: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Date Zero", "phone": "0661 10 20 30",
		"date": "0000-01-02", "time": "10:00"}); !fieldNamed(r, "date") {
		t.Errorf("form: %d %s", r.Status, r.Raw)
	}
}
