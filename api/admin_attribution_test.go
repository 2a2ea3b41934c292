package api_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

func TestAppointmentsFilteredBySourceAndCampaignWithTheirCSV(t *testing.T) {
	srv := newConsoleServer(t)
	visit := map[string]any{
		"first": map[string]any{"referrer": "www.google.com", "landing": "/services"},
		"last":  map[string]any{"utm_source": "Facebook", "utm_campaign": "Ramadan", "utm_medium": "=cpc", "landing": "/contact"},
	}
	// The message marks this test's bookings: the package's other tests book too.
	const tag = "origineattribuee"
	fb := book(t, srv.URL, map[string]any{"name": "Soraya Attribuee", "phone": "0664000011", "message": tag, "attribution": visit})
	book(t, srv.URL, map[string]any{"name": "Walid Sansorigine", "phone": "0664000012", "message": tag})
	if _, err := pool.Exec(t.Context(), `UPDATE appointments SET answers = '[{"id": "budget", "type": "choice",
		"question": {"fr": "Budget", "en": "Budget", "ar": "الميزانية"}, "value": "small",
		"label": {"fr": "Moins de 100 000 DA", "en": "Under 100,000 DA", "ar": "أقل من 100000 دج"}},
		{"id": "site", "type": "url", "question": {"fr": "Site actuel", "en": "Current site", "ar": "الموقع الحالي"},
		"value": "https://exemple.dz"}]' WHERE id = $1`, fb["id"]); err != nil {
		t.Fatal(err)
	}
	ed := signIn(t, srv.URL, "editor")
	for _, q := range []string{"traffic_source=FACEBOOK", "campaign=ramadan", "traffic_source=facebook&campaign=Ramadan"} {
		r := ed.do("GET", "/api/admin/appointments?q="+tag+"&"+q, nil)
		items, _ := r.Body["items"].([]any)
		if r.Status != 200 || len(items) != 1 || items[0].(map[string]any)["id"] != fb["id"] {
			t.Fatalf("%s: %d %s", q, r.Status, r.Raw)
		}
	}
	if r := ed.do("GET", "/api/admin/appointments?q="+tag+"&traffic_source=direct", nil); r.Body["total"] != float64(1) {
		t.Fatalf("direct: %s", r.Raw)
	}
	if r := ed.do("GET", "/api/admin/appointments?q="+tag+"&traffic_source=facebook&campaign=eid", nil); r.Body["total"] != float64(0) {
		t.Fatalf("another campaign: %s", r.Raw)
	}
	if r := ed.do("GET", "/api/admin/appointments/stats?q="+tag+"&traffic_source=facebook", nil); r.Body["total"] != float64(1) {
		t.Fatalf("stats: %s", r.Raw)
	}
	long := strings.Repeat("x", 151)
	for _, field := range []string{"traffic_source", "campaign"} {
		for _, path := range []string{"/api/admin/appointments", "/api/admin/appointments/export.csv"} {
			r := ed.do("GET", path+"?"+field+"="+long, nil)
			fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
			if r.Status != 400 || errorCode(r) != "validation" || fields[field] == nil {
				t.Fatalf("%s too long on %s: %d %s", field, path, r.Status, r.Raw)
			}
		}
	}

	r := ed.do("GET", "/api/admin/appointments/export.csv?q="+tag+"&traffic_source=Facebook", nil)
	if r.Status != 200 {
		t.Fatalf("export: %d %s", r.Status, r.Raw)
	}
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Raw, []byte("\uFEFF")))).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("CSV: %v %q", err, r.Raw)
	}
	cells := map[string]string{}
	for i, h := range recs[0] {
		cells[h] = recs[1][i]
	}
	want := map[string]string{
		"Name":           "Soraya Attribuee",
		"Traffic Source": "facebook",
		"Campaign":       "ramadan",
		"First Touch":    "referrer=www.google.com; landing=/services",
		"Last Touch":     "utm_source=Facebook; utm_medium==cpc; utm_campaign=Ramadan; landing=/contact",
		"Answers":        "Budget: Moins de 100 000 DA; Site actuel: https://exemple.dz",
	}
	for k, v := range want {
		if cells[k] != v {
			t.Errorf("%s: %q, want %q", k, cells[k], v)
		}
	}
	// A touch's value starting a cell with a formula's sign is neutralized.
	evil := map[string]any{"first": map[string]any{"utm_source": "=cmd"}, "last": map[string]any{"utm_source": "=cmd"}}
	book(t, srv.URL, map[string]any{"name": "Farid Formule", "phone": "0664000013", "message": tag, "attribution": evil})
	r = ed.do("GET", "/api/admin/appointments/export.csv?q="+tag+"&traffic_source==cmd", nil)
	if !strings.Contains(string(r.Raw), tag+",pending,") || !strings.Contains(string(r.Raw), ",'=cmd,,utm_source==cmd,utm_source==cmd,") {
		t.Errorf("formula in a source: %s", r.Raw)
	}
}

func TestNewsletterKeepsWhereItsVisitCameFromCleaned(t *testing.T) {
	srv := newConsoleServer(t)
	const email = "abonnee.origine@example.dz"
	touch := map[string]any{"utm_source": "Instagram", "utm_campaign": strings.Repeat("é", 500),
		"fbclid": "<script>", "referrer": "https://l.instagram.com/?u=x", "landing": "/blog?token=secret"}
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": email,
		"attribution": map[string]any{"last": touch}}); r.Status != 201 {
		t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
	}
	var source, campaign, fbclid, referrer, landing, first string
	if err := pool.QueryRow(t.Context(), `SELECT attribution->'last'->>'utm_source', attribution->'last'->>'utm_campaign',
			coalesce(attribution->'last'->>'fbclid', ''), attribution->'last'->>'referrer', attribution->'last'->>'landing',
			attribution->'first'->>'utm_source'
		FROM newsletter_subscriptions WHERE email = $1`, email).
		Scan(&source, &campaign, &fbclid, &referrer, &landing, &first); err != nil {
		t.Fatal(err)
	}
	if source != "Instagram" || campaign != strings.Repeat("é", 150) || fbclid != "" || referrer != "l.instagram.com" ||
		landing != "/blog" || first != "Instagram" {
		t.Errorf("stored: %q %d runes %q %q %q %q", source, len([]rune(campaign)), fbclid, referrer, landing, first)
	}
	// Without one, the subscription has none.
	const other = "sans." + email
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": other}); r.Status != 201 {
		t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
	}
	var none bool
	if err := pool.QueryRow(t.Context(), `SELECT attribution IS NULL FROM newsletter_subscriptions WHERE email = $1`,
		other).Scan(&none); err != nil || !none {
		t.Errorf("a subscription without attribution: %v %v", none, err)
	}
}
