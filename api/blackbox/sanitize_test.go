package blackbox

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// strings collects every string in a decoded JSON value.
func jsonStrings(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, e := range x {
			jsonStrings(e, out)
		}
	case map[string]any:
		for _, e := range x {
			jsonStrings(e, out)
		}
	}
}

// TestServiceDetailsSanitized stores script in a service's details, as a careless or
// compromised editor might, and reads the service as a visitor in every shape the API
// offers, one language or all: no script, frame, event handler or javascript: URL
// reaches the browser.
func TestServiceDetailsSanitized(t *testing.T) {
	dbURL := database(t)
	if _, err := pool(t, dbURL).Exec(context.Background(), `UPDATE services SET details = $1::jsonb WHERE slug = 'developpement-web'`,
		`{"fr":"<p onclick=\"steal()\">Intro<script>alert(1)</script></p><!-- service-features --><img src=x onerror=alert(2)><a href=\"javascript:alert(3)\">x</a>",`+
			`"en":"<iframe src=//evil.example></iframe><p>ok</p>","ar":"<svg onload=alert(4)><p>نعم</p>"}`); err != nil {
		t.Fatal(err)
	}
	srv := startDota(t, baseEnv(t, dbURL))
	for _, path := range []string{"/api/services/developpement-web?lang=fr", "/api/services/developpement-web?lang=en",
		"/api/services/developpement-web?lang=ar", "/api/services/developpement-web?raw=1", "/api/services?raw=1",
		"/api/services?lang=fr"} {
		r := must(t, "GET", srv.URL+path, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
		var all []string
		jsonStrings(r.Body, &all)
		for _, s := range all {
			low := strings.ToLower(s)
			for _, bad := range []string{"<script", "onclick", "onerror", "onload", "javascript:", "<iframe", "<svg"} {
				if strings.Contains(low, bad) {
					t.Errorf("%s hands the browser %q in %.120q", path, bad, s)
				}
			}
		}
	}
}
