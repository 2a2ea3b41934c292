package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// The dashboard's sources join the visits the site counted with the bookings they led to.
func TestDashboardSourcesJoinVisitsAndBookings(t *testing.T) {
	srv := newConsoleServer(t)
	ctx := context.Background()
	// Other tests count visits and bookings of their own: this one's source is its own.
	source := "sources-test-" + testdb.RandomHex(4)
	visitor := anonymous(t, srv.URL)
	fb := map[string]any{"last": map[string]any{"utm_source": source, "utm_campaign": "Ramadan", "landing": "/"}}
	for range 2 {
		if r := visitor.do("POST", "/api/events", map[string]any{"name": "visit", "attribution": fb}); r.Status != 204 {
			t.Fatalf("visit: %d %s", r.Status, r.Raw)
		}
	}
	if r := visitor.do("POST", "/api/events", map[string]any{"name": "visit"}); r.Status != 204 {
		t.Fatalf("direct visit: %d %s", r.Status, r.Raw)
	}
	// The console's bookings are not the site's: only the form's counts.
	if _, err := pool.Exec(ctx, `INSERT INTO appointments (name, source, status, traffic_source, campaign)
		VALUES ('Source Test', 'form', 'pending', $1, 'ramadan'), ('Source Test', 'console', 'pending', $1, 'ramadan')`,
		source); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Format(time.DateOnly)
	mod := signIn(t, srv.URL, "moderator")
	r := mod.do("GET", "/api/admin/dashboard/sources?from="+today+"&to="+today, nil)
	if r.Status != 200 || r.Body["visits"].(float64) < 3 || r.Body["bookings"].(float64) < 1 {
		t.Fatalf("sources: %d %s", r.Status, r.Raw)
	}
	var row map[string]any
	for _, x := range r.Body["rows"].([]any) {
		if x.(map[string]any)["source"] == source {
			row = x.(map[string]any)
		}
	}
	if row == nil || row["campaign"] != "ramadan" || row["visits"] != float64(2) || row["bookings"] != float64(1) ||
		row["booking_rate"] != 0.5 {
		t.Fatalf("the source's row: %v in %s", row, r.Raw)
	}
	if r := mod.do("GET", "/api/admin/dashboard/sources?from=2026-13-01", nil); r.Status != 400 {
		t.Fatalf("a bad day: %d", r.Status)
	}
	if r := signIn(t, srv.URL, "editor").do("GET", "/api/admin/dashboard/sources", nil); r.Status != 403 {
		t.Fatalf("editor: %d", r.Status)
	}
}
