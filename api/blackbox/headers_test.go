package blackbox

import (
	"crypto/tls"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
)

// directives parses a Content-Security-Policy into its directives.
func directives(csp string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[strings.ToLower(f[0])] = f[1:]
		}
	}
	return out
}

// checkSecurityHeaders verifies the headers every response must carry.
func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	d := directives(csp)
	scripts, ok := d["script-src"]
	if !ok {
		scripts, ok = d["default-src"]
	}
	switch {
	case csp == "":
		t.Errorf("%s: no Content-Security-Policy", what)
	case !ok:
		t.Errorf("%s: CSP %q restricts no scripts", what, csp)
	default:
		for _, s := range scripts {
			if s == "'unsafe-inline'" || s == "'unsafe-eval'" || s == "*" || s == "data:" || s == "http:" || s == "https:" {
				t.Errorf("%s: CSP allows scripts from %s", what, s)
			}
		}
	}
	if fa := strings.Join(d["frame-ancestors"], " "); fa != "'none'" {
		t.Errorf("%s: CSP frame-ancestors %q, want 'none'", what, fa)
	}
	if obj := strings.Join(d["object-src"], " "); obj != "'none'" {
		t.Errorf("%s: CSP object-src %q, want 'none'", what, obj)
	}
	if _, ok := d["base-uri"]; !ok {
		t.Errorf("%s: CSP without base-uri", what)
	}
	if v := h.Get("X-Content-Type-Options"); v != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q", what, v)
	}
	switch v := h.Get("Referrer-Policy"); v {
	case "no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin":
	default:
		t.Errorf("%s: Referrer-Policy %q", what, v)
	}
	pp := h.Get("Permissions-Policy")
	for _, feature := range []string{"camera=()", "microphone=()", "geolocation=()"} {
		if !strings.Contains(pp, feature) {
			t.Errorf("%s: Permissions-Policy %q does not deny %s", what, pp, feature)
		}
	}
	if v := h.Get("X-Frame-Options"); v != "DENY" {
		t.Errorf("%s: X-Frame-Options %q", what, v)
	}
}

var scriptTag = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
var inlineHandler = regexp.MustCompile(`(?i)<[^>]+\son[a-z]+\s*=`)

// dataBlock matches the type of a script element that holds data (JSON-LD): the browser
// never runs it, so the policy does not apply to it.
var dataBlock = regexp.MustCompile(`(?i)\btype="application/(ld\+)?json"`)

// TestSecurityHeaders checks the security headers on every kind of response — API
// answers and errors, the web app, its assets, health and metrics — that the web app's
// page needs no inline script the policy would block, and that HSTS is sent exactly when
// the visitor came over TLS, directly or through a trusted TLS-terminating proxy.
func TestSecurityHeaders(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_MAX_BODY_BYTES"] = "2048"
	srv := startDota(t, e)

	asset := ""
	if r := must(t, "GET", srv.URL+"/", nil); r.Status == http.StatusOK {
		for _, m := range scriptTag.FindAllStringSubmatch(string(r.Raw), -1) {
			if dataBlock.MatchString(m[1]) {
				continue
			}
			if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
				t.Errorf("the page has an inline script the CSP blocks: %.120s", m[0])
			}
			if src := regexp.MustCompile(`src="([^"]+)"`).FindStringSubmatch(m[1]); src != nil && asset == "" {
				asset = src[1]
			}
		}
		if inlineHandler.Match(r.Raw) {
			t.Error("the page has an inline event handler the CSP blocks")
		}
	}
	requests := []struct{ method, path, body string }{
		{"GET", "/", ""}, {"HEAD", "/", ""}, {"GET", "/services/developpement-web", ""}, {"GET", "/favicon.svg", ""},
		{"GET", "/assets/missing-0000.js", ""}, {"GET", "/api/services", ""}, {"GET", "/api/services/nope", ""},
		{"GET", "/api/slots?date=x", ""}, {"POST", "/api/appointments", "{}"},
		{"POST", "/api/appointments", `{"message":"` + strings.Repeat("x", 4096) + `"}`},
		{"POST", "/api/newsletter", "{"}, {"GET", "/api/nope", ""}, {"PUT", "/api/services", "{}"},
		{"OPTIONS", "/api/services", ""}, {"DELETE", "/", ""}, {"GET", "/healthz", ""}, {"GET", "/readyz", ""},
		{"GET", "/metrics", ""}, {"GET", "/api/services/%00", ""}, {"POST", "/api/chat/sessions", "{}"},
		{"GET", "/api/chat/sessions/unknown", ""}, {"GET", "/api/admin/me", ""}, {"GET", "/api/admin/events", ""},
		{"POST", "/api/admin/login", `{"email":"nobody@dota.example","password":"wrong-password"}`},
	}
	if asset != "" {
		requests = append(requests, struct{ method, path, body string }{"GET", asset, ""})
	}
	for _, rq := range requests {
		var body any
		if rq.body != "" {
			body = rq.body
		}
		r := must(t, rq.method, srv.URL+rq.path, body)
		what := rq.method + " " + rq.path + " (" + http.StatusText(r.Status) + ")"
		checkSecurityHeaders(t, what, r.Header)
		if v := r.Header.Get("Strict-Transport-Security"); v != "" {
			t.Errorf("%s: HSTS %q over plain HTTP", what, v)
		}
		if strings.HasPrefix(rq.path, "/api/admin/") && r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: a console answer may be cached (Cache-Control %q)", what, r.Header.Get("Cache-Control"))
		}
	}
	r := must(t, "GET", srv.URL+"/", nil, "X-Forwarded-Proto", "https")
	if v := r.Header.Get("Strict-Transport-Security"); v != "" {
		t.Errorf("an untrusted X-Forwarded-Proto turned HSTS on: %q", v)
	}

	t.Run("an https site behind a TLS balancer", func(t *testing.T) {
		e := baseEnv(t, dbURL)
		e["DOTA_PUBLIC_URL"] = "https://www.dota.example"
		e["DOTA_TRUSTED_PROXIES"] = "127.0.0.1/32"
		proxied := startDota(t, e)
		for _, path := range []string{"/", "/api/services", "/api/nope", "/healthz"} {
			r := must(t, "GET", proxied.URL+path, nil)
			checkSecurityHeaders(t, path, r.Header)
			checkHSTS(t, path, r.Header)
		}
	})

	t.Run("over TLS", func(t *testing.T) {
		h := api.New(api.Deps{Booking: booking.New(nil), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Web: os.DirFS(filepath.Join(root(t), "web", "dist"))})
		ts := httptest.NewTLSServer(h)
		defer ts.Close()
		c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
		for _, path := range []string{"/", "/healthz", "/api/nope"} {
			r, err := call(c, "GET", ts.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkSecurityHeaders(t, path, r.Header)
			checkHSTS(t, path, r.Header)
		}
	})
}

func checkHSTS(t *testing.T, what string, h http.Header) {
	t.Helper()
	v := h.Get("Strict-Transport-Security")
	m := regexp.MustCompile(`max-age=(\d+)`).FindStringSubmatch(v)
	if m == nil || len(m[1]) < 8 { // at least 10000000 s, about four months
		t.Errorf("%s: HSTS %q over TLS, want a long max-age", what, v)
	}
}
