package api_test

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

func TestServicesAreLocalized(t *testing.T) {
	srv := newServer(t)
	fr := do(t, "GET", srv.URL+"/api/services?lang=fr", nil)
	en := do(t, "GET", srv.URL+"/api/services?order=name", nil, "Accept-Language", "en-GB,en;q=0.9")
	if fr.Status != 200 || en.Status != 200 {
		t.Fatalf("status %d %d", fr.Status, en.Status)
	}
	frItems, enItems := fr.Body["items"].([]any), en.Body["items"].([]any)
	if len(frItems) != 7 || len(enItems) != 7 {
		t.Fatalf("%d and %d services, want 7", len(frItems), len(enItems))
	}
	names := map[string]bool{}
	for _, it := range frItems {
		names[it.(map[string]any)["name"].(string)] = true
	}
	if !names["Développement web"] {
		t.Fatalf("French names: %v", names)
	}
	first := enItems[0].(map[string]any)["name"].(string)
	for _, it := range enItems[1:] {
		if n := it.(map[string]any)["name"].(string); strings.ToLower(n) < strings.ToLower(first) {
			t.Fatalf("order=name: %q before %q", first, n)
		}
		first = it.(map[string]any)["name"].(string)
	}
	if lim := do(t, "GET", srv.URL+"/api/services?limit=6", nil); len(lim.Body["items"].([]any)) != 6 {
		t.Fatal("limit=6")
	}
	if bad := do(t, "GET", srv.URL+"/api/services?limit=x", nil); bad.Status != 400 || errorCode(bad) != "validation" {
		t.Fatalf("limit=x: %d %s", bad.Status, bad.Raw)
	}
}

func TestServiceDetailAndProjects(t *testing.T) {
	srv := newServer(t)
	svc := do(t, "GET", srv.URL+"/api/services/developpement-web?lang=ar", nil)
	if svc.Status != 200 || len(svc.Body["qa"].([]any)) == 0 || len(svc.Body["details_blocks"].([]any)) != 2 {
		t.Fatalf("service: %d %s", svc.Status, svc.Raw)
	}
	if nf := do(t, "GET", srv.URL+"/api/services/nope", nil); nf.Status != 404 || errorCode(nf) != "not_found" {
		t.Fatalf("unknown slug: %d", nf.Status)
	}
	projects := do(t, "GET", srv.URL+"/api/services/developpement-web/projects", nil)
	if projects.Status != 200 || len(projects.Body["items"].([]any)) == 0 {
		t.Fatalf("service projects: %s", projects.Raw)
	}
	all := do(t, "GET", srv.URL+"/api/projects", nil)
	items := all.Body["items"].([]any)
	if len(items) < 6 {
		t.Fatalf("%d published projects", len(items))
	}
	for _, it := range items {
		if _, leaked := it.(map[string]any)["devis"]; leaked {
			t.Fatal("a visitor sees the project's quote")
		}
	}
	id := items[0].(map[string]any)["id"].(string)
	if one := do(t, "GET", srv.URL+"/api/projects/"+id, nil); one.Status != 200 || one.Body["id"] != id {
		t.Fatalf("project: %s", one.Raw)
	}
	if bad := do(t, "GET", srv.URL+"/api/projects/not-a-uuid", nil); bad.Status != 404 {
		t.Fatalf("malformed id: %d", bad.Status)
	}
}

func TestSlots(t *testing.T) {
	srv := newServer(t)
	sunday := do(t, "GET", srv.URL+"/api/slots?date=2026-11-29", nil)
	if sunday.Status != 200 || sunday.Body["closed"] != false || len(sunday.Body["slots"].([]any)) != 8 {
		t.Fatalf("Sunday: %s", sunday.Raw)
	}
	friday := do(t, "GET", srv.URL+"/api/slots?date=2026-11-27", nil)
	if friday.Body["closed"] != true || friday.Body["reason"] != "closed_day" {
		t.Fatalf("Friday: %s", friday.Raw)
	}
	if bad := do(t, "GET", srv.URL+"/api/slots?date=tomorrow", nil); bad.Status != 400 || errorCode(bad) != "validation" {
		t.Fatalf("bad date: %s", bad.Raw)
	}
}

func TestBookingThroughTheForm(t *testing.T) {
	srv := newServer(t)
	body := map[string]any{"name": "Samia Haddad", "phone": "0770 11 22 33", "email": "samia@example.dz",
		"service": "Développement web", "date": "2026-11-30", "time": "11:00", "message": "Un site vitrine"}
	first := do(t, "POST", srv.URL+"/api/appointments", body, "Idempotency-Key", "form-1")
	if first.Status != 201 || first.Body["status"] != "pending" || first.Body["client_id"] == "" {
		t.Fatalf("book: %d %s", first.Status, first.Raw)
	}
	again := do(t, "POST", srv.URL+"/api/appointments", body, "Idempotency-Key", "form-1")
	if again.Status != 201 || again.Body["id"] != first.Body["id"] || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry: %d %s", again.Status, again.Raw)
	}
	noPhone := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Samia"})
	fields, _ := noPhone.Body["error"].(map[string]any)["fields"].(map[string]any)
	if noPhone.Status != 400 || errorCode(noPhone) != "validation" || fields["phone"] == nil {
		t.Fatalf("without phone: %d %s", noPhone.Status, noPhone.Raw)
	}
	if msg := noPhone.Body["error"].(map[string]any)["message"]; msg != "Name and phone number are required." {
		t.Fatalf("message %q", msg)
	}
	closed := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Samia", "phone": "0770112233",
		"date": "2026-11-27", "time": "10:00"})
	if closed.Status != 422 || errorCode(closed) != "slot_closed" {
		t.Fatalf("Friday: %d %s", closed.Status, closed.Raw)
	}
}

func TestConcurrentBookingsOfOneSlotOverHTTP(t *testing.T) {
	srv := newServer(t)
	const n = 20
	var wg sync.WaitGroup
	results := make([]response, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = do(t, "POST", srv.URL+"/api/appointments", map[string]any{
				"name": "Visitor", "phone": fmt.Sprintf("06600000%02d", i), "date": "2026-12-01", "time": "15:00"})
		}()
	}
	wg.Wait()
	created, taken := 0, 0
	for _, r := range results {
		switch {
		case r.Status == 201:
			created++
		case r.Status == 409 && errorCode(r) == "slot_taken" && len(r.Body["error"].(map[string]any)["alternatives"].([]any)) > 0:
			taken++
		default:
			t.Errorf("unexpected answer %d %s", r.Status, r.Raw)
		}
	}
	if created != 1 || taken != n-1 {
		t.Fatalf("%d created, %d slot_taken; want 1 and %d", created, taken, n-1)
	}
}

func TestNewsletterDuplicateInAnotherCase(t *testing.T) {
	srv := newServer(t)
	if r := do(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "News@Example.dz"}); r.Status != 201 {
		t.Fatalf("subscribe: %d %s", r.Status, r.Raw)
	}
	dup := do(t, "POST", srv.URL+"/api/newsletter?lang=en", map[string]any{"email": "news@EXAMPLE.dz"})
	if dup.Status != 409 || errorCode(dup) != "already_subscribed" {
		t.Fatalf("duplicate: %d %s", dup.Status, dup.Raw)
	}
	if msg := dup.Body["error"].(map[string]any)["message"]; msg != "This email is already subscribed" {
		t.Fatalf("message %q", msg)
	}
	if empty := do(t, "POST", srv.URL+"/api/newsletter?lang=en", map[string]any{"email": ""}); errorCode(empty) != "validation" {
		t.Fatalf("empty: %s", empty.Raw)
	}
}

func TestBadInputGetsTheEnvelope(t *testing.T) {
	srv := newServer(t)
	cases := []struct {
		body   string
		status int
		code   string
	}{
		{`{"name": "x"`, 400, "validation"},
		{`{"name": 12, "phone": "0555123456"}`, 400, "validation"},
		{`[]`, 400, "validation"},
		{`{"name":"` + strings.Repeat("a", 70<<10) + `"}`, 413, "too_large"},
	}
	for _, c := range cases {
		r := do(t, "POST", srv.URL+"/api/appointments", c.body)
		if r.Status != c.status || errorCode(r) != c.code {
			t.Errorf("%.40s: %d %s, want %d %s", c.body, r.Status, r.Raw, c.status, c.code)
		}
	}
}

func TestInjectionIsStoredAsText(t *testing.T) {
	srv := newServer(t)
	// The name is a person's name; the company and the message are free text.
	company := "Robert'); DROP TABLE clients;--"
	r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Robert Tables", "phone": "0555123499",
		"company": company, "message": "<script>alert(1)</script>"})
	if r.Status != 201 || r.Body["company"] != company || r.Body["message"] != "<script>alert(1)</script>" {
		t.Fatalf("%d %s", r.Status, r.Raw)
	}
	var n int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM clients WHERE nom_entreprise = $1`, company).Scan(&n); err != nil || n != 1 {
		t.Fatalf("clients: %d %v", n, err)
	}
}

func TestWebAppAndHeaders(t *testing.T) {
	srv := newServer(t)
	page := do(t, "GET", srv.URL+"/services/developpement-web", nil)
	if page.Status != 200 || !strings.Contains(string(page.Raw), "<title>Dota</title>") ||
		page.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("SPA fallback: %d %q", page.Status, page.Header.Get("Cache-Control"))
	}
	asset := do(t, "GET", srv.URL+"/assets/app-abc1.js", nil)
	if asset.Status != 200 || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %q", asset.Status, asset.Header.Get("Cache-Control"))
	}
	gz := do(t, "GET", srv.URL+"/assets/big-abc2.js", nil, "Accept-Encoding", "gzip")
	if gz.Status != 200 || gz.Header.Get("Content-Encoding") != "gzip" || len(gz.Raw) > 1000 {
		t.Fatalf("compressed asset: %d %q %d bytes", gz.Status, gz.Header.Get("Content-Encoding"), len(gz.Raw))
	}
	if again := do(t, "GET", srv.URL+"/assets/big-abc2.js", nil, "If-None-Match", gz.Header.Get("ETag")); again.Status != 304 {
		t.Fatalf("revalidation: %d", again.Status)
	}
	if missing := do(t, "GET", srv.URL+"/api/unknown", nil); missing.Status != 404 || errorCode(missing) != "not_found" {
		t.Fatalf("unknown API route: %d %s", missing.Status, missing.Raw)
	}
	h := page.Header
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Content-Type-Options") != "nosniff" ||
		h.Get("Referrer-Policy") == "" || h.Get("Permissions-Policy") == "" || h.Get("X-Request-ID") == "" {
		t.Fatalf("security headers: %v", h)
	}
	if ready := do(t, "GET", srv.URL+"/readyz", nil); ready.Status != http.StatusOK {
		t.Fatalf("readyz: %s", ready.Raw)
	}
	if m := do(t, "GET", metricsServer(t)+"/metrics", nil); m.Status != 200 || !strings.Contains(string(m.Raw), "dota_http_requests_total") {
		t.Fatal("metrics")
	}
	// The public router does not expose them (the web app answers): they have a listener of their own.
	if m := do(t, "GET", srv.URL+"/metrics", nil); strings.Contains(string(m.Raw), "dota_http_requests_total") {
		t.Fatalf("the public router serves /metrics: %d", m.Status)
	}
}

func TestJSONAnswersAreCompressed(t *testing.T) {
	srv := newServer(t)
	req, _ := http.NewRequest("GET", srv.URL+"/api/services?lang=fr", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Items []any }
	if err := json.NewDecoder(zr).Decode(&body); err != nil || len(body.Items) != 7 {
		t.Fatalf("decoded %d services, %v", len(body.Items), err)
	}
	// An error envelope after the handler still reaches the client whole.
	bad := do(t, "GET", srv.URL+"/api/services/nope", nil, "Accept-Encoding", "gzip")
	if bad.Status != 404 || errorCode(bad) != "not_found" {
		t.Fatalf("error through the compressor: %d %q", bad.Status, bad.Raw)
	}
}
