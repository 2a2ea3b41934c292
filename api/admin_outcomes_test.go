package api_test

import (
	"context"
	"testing"
	"time"
)

// pastAppointment inserts an appointment that started at start (the console's clock is
// now), with its outcome ("" none).
func pastAppointment(t *testing.T, start time.Time, outcome string, client *string) string {
	t.Helper()
	var id string
	err := pool.QueryRow(context.Background(), `INSERT INTO appointments (name, date, time, starts_at, outcome,
			outcome_at, client_id, service, source, status)
		VALUES ('Outcome Test', $1::date, '10:00', $2, nullif($3, ''), CASE WHEN $3 <> '' THEN $2::timestamptz END, $4,
			'consultation', 'form', 'confirmed') RETURNING id::text`,
		start.Format(time.DateOnly), start, outcome, client).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestOutcomeIsRecordedThroughTheAPIWithRoleChecks(t *testing.T) {
	srv := newConsoleServer(t)
	past := pastAppointment(t, now.Add(-3*time.Hour), "", nil)
	future := pastAppointment(t, now.Add(5*time.Hour), "", nil)
	path := "/api/admin/appointments/" + past + "/outcome?lang=en"

	if r := anonymous(t, srv.URL).do("PUT", path, map[string]any{"outcome": "attended"}); r.Status != 401 {
		t.Fatalf("signed out: %d %s", r.Status, r.Raw)
	}
	// Editors may update appointments (the matrix), so they record outcomes too; an
	// editor whose role is narrowed in the policy is refused like any update.
	ed := signIn(t, srv.URL, "editor")
	r := ed.do("PUT", path, map[string]any{"outcome": "no_show"})
	if r.Status != 200 || r.Body["appointment"].(map[string]any)["outcome"] != "no_show" {
		t.Fatalf("editor: %d %s", r.Status, r.Raw)
	}
	mod := signIn(t, srv.URL, "moderator")
	if r := mod.do("PUT", path, map[string]any{"outcome": "attended"}); r.Status != 200 ||
		r.Body["appointment"].(map[string]any)["outcome"] != "attended" {
		t.Fatalf("moderator correcting it: %d %s", r.Status, r.Raw)
	}
	h := mod.do("GET", "/api/admin/appointments/"+past+"/history?lang=en", nil)
	if items := h.Body["items"].([]any); len(items) != 2 ||
		items[0].(map[string]any)["notes"] != "Outcome changed from no_show to attended" {
		t.Fatalf("history: %s", h.Raw)
	}
	// Before the meeting's time: 422, naming outcome.
	r = mod.do("PUT", "/api/admin/appointments/"+future+"/outcome?lang=en", map[string]any{"outcome": "attended"})
	if r.Status != 422 || errorCode(r) != "validation" ||
		r.Body["error"].(map[string]any)["fields"].(map[string]any)["outcome"] == nil {
		t.Fatalf("before its time: %d %s", r.Status, r.Raw)
	}
	if r := mod.do("PUT", path, map[string]any{"outcome": "late"}); r.Status != 400 {
		t.Fatalf("unknown outcome: %d %s", r.Status, r.Raw)
	}
	if r := mod.do("PUT", "/api/admin/appointments/"+someID+"/outcome", map[string]any{"outcome": "attended"}); r.Status != 404 {
		t.Fatalf("unknown appointment: %d %s", r.Status, r.Raw)
	}
	// The list's filter.
	list := mod.do("GET", "/api/admin/appointments?outcome=attended&q=Outcome%20Test&size=20", nil)
	found := false
	for _, it := range list.Body["items"].([]any) {
		found = found || it.(map[string]any)["id"] == past
	}
	if list.Status != 200 || !found {
		t.Fatalf("outcome=attended: %d %s", list.Status, list.Raw)
	}
	if r := mod.do("GET", "/api/admin/appointments?outcome=late", nil); r.Status != 400 {
		t.Fatalf("outcome=late: %d", r.Status)
	}
}

func TestClientRecordShowsOutcomesAndTheBadge(t *testing.T) {
	srv := newConsoleServer(t)
	var client string
	if err := pool.QueryRow(context.Background(), `INSERT INTO clients (nom, prenom) VALUES ('Badge', 'Test')
		RETURNING id::text`).Scan(&client); err != nil {
		t.Fatal(err)
	}
	pastAppointment(t, now.Add(-72*time.Hour), "no_show", &client)
	pastAppointment(t, now.Add(-48*time.Hour), "no_show", &client)
	again := pastAppointment(t, now.Add(48*time.Hour), "", &client)
	mod := signIn(t, srv.URL, "moderator")
	r := mod.do("GET", "/api/admin/appointments/"+again, nil)
	if r.Status != 200 || r.Body["client_no_shows"] != float64(2) {
		t.Fatalf("details of the new booking: %d %s", r.Status, r.Raw)
	}
	r = mod.do("GET", "/api/admin/clients/"+client+"/outcomes", nil)
	counts, _ := r.Body["counts"].(map[string]any)
	if r.Status != 200 || counts["no_show"] != float64(2) || r.Body["no_show_badge"] != true ||
		len(r.Body["appointments"].([]any)) != 2 {
		t.Fatalf("client's outcomes: %d %s", r.Status, r.Raw)
	}
	if r := signIn(t, srv.URL, "editor").do("GET", "/api/admin/clients/"+client+"/outcomes", nil); r.Status != 403 {
		t.Fatalf("editor: %d", r.Status)
	}
}

func TestDashboardOutcomeRates(t *testing.T) {
	srv := newConsoleServer(t)
	day := time.Date(2026, 10, 6, 9, 0, 0, 0, time.UTC) // a Tuesday
	for _, o := range []string{"attended", "attended", "attended", "no_show"} {
		pastAppointment(t, day, o, nil)
	}
	mod := signIn(t, srv.URL, "moderator")
	r := mod.do("GET", "/api/admin/dashboard/outcomes?from=2026-10-05&to=2026-10-07", nil)
	if r.Status != 200 || r.Body["no_show_rate"] != 0.25 || r.Body["meetings"] != float64(4) {
		t.Fatalf("rates: %d %s", r.Status, r.Raw)
	}
	byDay := r.Body["by_weekday"].([]any)
	if len(byDay) != 1 || byDay[0].(map[string]any)["key"] != "2" || byDay[0].(map[string]any)["no_show"] != float64(1) {
		t.Fatalf("by weekday: %s", r.Raw)
	}
	if r := mod.do("GET", "/api/admin/dashboard/outcomes?from=2026-10-07&to=2026-10-05", nil); r.Status != 400 {
		t.Fatalf("backwards period: %d", r.Status)
	}
	if r := signIn(t, srv.URL, "editor").do("GET", "/api/admin/dashboard/outcomes", nil); r.Status != 403 {
		t.Fatalf("editor: %d", r.Status)
	}
}

func TestFollowUpSettingNeedsAWebAddress(t *testing.T) {
	srv := newConsoleServer(t)
	ad := signIn(t, srv.URL, "admin")
	st := ad.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)
	for url, field := range map[string]string{"": "follow_up_url", "ftp://dota.dz/next": "follow_up_url"} {
		st["follow_up_email"], st["follow_up_url"] = true, url
		r := ad.do("PUT", "/api/admin/settings?lang=en", st)
		if r.Status != 400 || errorCode(r) != "validation" || r.Body["error"].(map[string]any)["fields"].(map[string]any)[field] == nil {
			t.Fatalf("follow-up on with %q: %d %s", url, r.Status, r.Raw)
		}
	}
	st["follow_up_email"], st["follow_up_url"] = true, "https://dota.dz/next-step"
	r := ad.do("PUT", "/api/admin/settings", st)
	saved, _ := r.Body["settings"].(map[string]any)
	if r.Status != 200 || saved["follow_up_email"] != true || saved["follow_up_url"] != "https://dota.dz/next-step" {
		t.Fatalf("saved: %d %s", r.Status, r.Raw)
	}
	st["follow_up_email"], st["follow_up_url"] = false, ""
	if r := ad.do("PUT", "/api/admin/settings", st); r.Status != 200 {
		t.Fatalf("switched off: %d %s", r.Status, r.Raw)
	}
}
