package blackbox

import (
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dota-agency/dota/migrations/testdb"
)

// secretPatterns are shapes of credentials that must never reach a browser.
var secretPatterns = map[string]*regexp.Regexp{
	"Google API key":       regexp.MustCompile(`AIza[0-9A-Za-z_\-]{35}`),
	"JWT (Supabase key)":   regexp.MustCompile(`eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.`),
	"service role":         regexp.MustCompile(`(?i)service_role`),
	"private key":          regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----`),
	"database URL":         regexp.MustCompile(`(?i)(postgres(ql)?|rediss?|mongodb)://[^\s"'<>]+`),
	"AWS access key":       regexp.MustCompile(`AKIA[0-9A-Z]{16}`),
	"GitHub token":         regexp.MustCompile(`gh[pousr]_[A-Za-z0-9]{36}`),
	"Slack token":          regexp.MustCompile(`xox[abpr]-[A-Za-z0-9-]{10,}`),
	"OpenAI or Stripe key": regexp.MustCompile(`\b(sk|rk)_(live|test)_[A-Za-z0-9]{16,}|\bsk-[A-Za-z0-9]{32,}`),
}

// scanSecrets reports every secret pattern and every configured secret value in data.
func scanSecrets(t *testing.T, where string, data []byte, values map[string]string) {
	t.Helper()
	for name, re := range secretPatterns {
		if m := re.Find(data); m != nil {
			t.Errorf("%s holds a %s: %.60s", where, name, m)
		}
	}
	for name, v := range values {
		if strings.Contains(string(data), v) {
			t.Errorf("%s holds the configured %s", where, name)
		}
	}
}

// TestNoSecretInServedAssets runs dota with recognizable secrets configured — a Gemini
// key, a database password and a Redis password — and scans the built web app on disk,
// every file the binary serves from it, and the public API's answers, for those values
// and for the shapes of known credentials.
func TestNoSecretInServedAssets(t *testing.T) {
	dist := filepath.Join(root(t), "web", "dist")
	if _, err := os.Stat(filepath.Join(dist, "index.html")); err != nil {
		t.Fatalf("the web app is not built (%v): run `make web` first; `make test-faults` does", err)
	}
	canary := testdb.RandomHex(8)
	secrets := map[string]string{
		"GEMINI_API_KEY":    "AIzaSyReliabilityCanary" + canary + "xyz",
		"database password": "pg-canary-" + canary,
		"Redis password":    "redis-canary-" + canary,
	}
	dbURL := database(t)
	rs := startRedis(t, "--requirepass", secrets["Redis password"])
	e := baseEnv(t, strings.Replace(dbURL, "postgres@", "postgres:"+secrets["database password"]+"@", 1))
	e["REDIS_URL"] = fmt.Sprintf("redis://:%s@127.0.0.1:%d/0", secrets["Redis password"], rs.port)
	e["GEMINI_API_KEY"] = secrets["GEMINI_API_KEY"]
	srv := startDota(t, e)
	if r := must(t, "GET", srv.URL+"/readyz", nil); r.Status != http.StatusOK {
		t.Fatalf("readyz with the configured secrets: %d %s", r.Status, r.Raw)
	}

	files := 0
	err := filepath.WalkDir(dist, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dist, path)
		scanSecrets(t, "web/dist/"+rel, data, secrets)
		// The documents (the app's shell and the prerendered pages) are served by route,
		// with the visitor's origin in them: the paths below cover them.
		if d.Name() == ".keep" || rel == "index.html" || strings.HasPrefix(filepath.ToSlash(rel), "pages/") {
			return nil
		}
		served := must(t, "GET", srv.URL+"/"+filepath.ToSlash(rel), nil)
		if served.Status != http.StatusOK || string(served.Raw) != string(data) {
			t.Errorf("/%s is not served as built: %d", rel, served.Status)
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d built files scanned on disk and as served", files)
	for _, path := range []string{"/", "/services", "/services/bots-ia?lang=ar", "/admin", "/nope", "/api/services", "/api/services?raw=1", "/api/projects",
		"/api/slots?date=2026-11-30", "/healthz", "/readyz", "/metrics", "/api/nope", "/robots.txt", "/sitemap.xml",
		"metrics listener /metrics"} {
		url := srv.URL + path
		if rest, ok := strings.CutPrefix(path, "metrics listener "); ok {
			url = srv.MetricsURL + rest // what Prometheus stores must not hold a secret either
		}
		r := must(t, "GET", url, nil)
		scanSecrets(t, path, r.Raw, secrets)
		for k, vs := range r.Header {
			scanSecrets(t, path+" header "+k, []byte(strings.Join(vs, " ")), secrets)
		}
	}
}

// TestSecretPatternsMatch keeps the scanner honest: each pattern finds a planted example.
func TestSecretPatternsMatch(t *testing.T) {
	planted := map[string]string{
		"Google API key":       "const k='AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'",
		"JWT (Supabase key)":   "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZSJ9.sig",
		"service role":         `{"role":"service_role"}`,
		"private key":          "-----BEGIN RSA PRIVATE KEY-----",
		"database URL":         `"postgres://app:pw@db:5432/dota"`,
		"AWS access key":       "AKIAIOSFODNN7EXAMPLE",
		"GitHub token":         "ghp_" + strings.Repeat("a1", 18),
		"Slack token":          "xoxb-1234567890-abcdef",
		"OpenAI or Stripe key": "sk_live_" + strings.Repeat("x", 24),
	}
	for name, re := range secretPatterns {
		if !re.MatchString(planted[name]) {
			t.Errorf("the %s pattern misses %q", name, planted[name])
		}
	}
}
