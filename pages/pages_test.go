package pages

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
)

const publicOrigin = "http://dota.example"

// prerenderedApp is a web build with prerendered pages, as web/scripts/prerender.mjs
// writes them for the routes of the site.
func prerenderedApp() fstest.MapFS {
	app := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>shell</title><div id=root></div>")},
		"assets/app-1234.js": {Data: []byte("console.log('app')")},
		"favicon.svg":        {Data: []byte("<svg></svg>")},
	}
	for _, lang := range built.Languages {
		for _, page := range []string{"home", "services", "service", "not-found"} {
			body := `<html lang="` + lang + `"><link rel="canonical" href="` + built.PrerenderOrigin + `/x">` +
				`<main>` + page + ` ` + lang + strings.Repeat(" padding", 100) + `</main>`
			app["pages/"+lang+"/"+page+".html"] = &fstest.MapFile{Data: []byte(body)}
		}
	}
	return app
}

// fakeCatalogue holds services and projects, and fails for the slug "broken".
type fakeCatalogue struct {
	services []catalogue.Service
	projects []catalogue.Project
	err      error // of every list
}

func (f *fakeCatalogue) ServiceBySlug(_ context.Context, slug string) (catalogue.Service, error) {
	if slug == "broken" {
		return catalogue.Service{}, errors.New("database unavailable")
	}
	for _, s := range f.services {
		if s.Slug == slug {
			return s, nil
		}
	}
	return catalogue.Service{}, catalogue.ErrNotFound
}

func (f *fakeCatalogue) Services(context.Context, catalogue.ServiceOrder, string, int) ([]catalogue.Service, error) {
	return f.services, f.err
}

func (f *fakeCatalogue) PublishedProjects(context.Context, string) ([]catalogue.Project, error) {
	return f.projects, f.err
}

// newSite serves app with the services given, mounted as package api mounts it.
func newSite(app fs.FS, services ...catalogue.Service) http.Handler {
	gin.SetMode(gin.TestMode)
	s := New(Config{Web: app, Origin: publicOrigin, Catalogue: &fakeCatalogue{services: services}})
	r := gin.New()
	s.Mount(r)
	r.NoRoute(func(c *gin.Context) {
		if !s.Serve(c) {
			c.String(http.StatusTeapot, "refused")
		}
	})
	return r
}

type served struct {
	status int
	header http.Header
	body   string
}

func get(t *testing.T, h http.Handler, target string, headers map[string]string) served {
	t.Helper()
	return do(t, h, http.MethodGet, target, headers)
}

func do(t *testing.T, h http.Handler, method, target string, headers map[string]string) served {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	req.Host = "dota.example"
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	body := w.Body.String()
	if w.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatalf("%s: gzip: %v", target, err)
		}
		raw, _ := io.ReadAll(zr)
		body = string(raw)
	}
	return served{status: w.Code, header: w.Header(), body: body}
}

func TestPrerenderedPagesByRouteAndLanguage(t *testing.T) {
	h := newSite(prerenderedApp())
	cases := []struct {
		name, target string
		headers      map[string]string
		status       int
		want         string
	}{
		{"home in French by default", "/", nil, 200, "<main>home fr"},
		{"?lang= picks the language", "/?lang=en", nil, 200, "<main>home en"},
		{"the cookie remembers a choice", "/services", map[string]string{"Cookie": "lang=ar"}, 200, "<main>services ar"},
		{"?lang= wins over the cookie", "/services?lang=en", map[string]string{"Cookie": "lang=ar"}, 200, "<main>services en"},
		{"an unknown language falls back", "/?lang=de", map[string]string{"Cookie": "lang=xx"}, 200, "<main>home fr"},
		{"a pattern takes any one segment", "/services/broken", nil, 200, "<main>service fr"},
		{"a trailing slash is the same page", "/services/", nil, 200, "<main>services fr"},
		{"deeper paths are not found", "/services/bots-ia/extra", nil, 404, "<main>not-found fr"},
		{"unknown paths are not found, in the language", "/nope?lang=en", nil, 404, "<main>not-found en"},
		{"a route without its pages gets the shell", "/about", nil, 200, "<title>shell</title>"},
		{"the console gets the app's shell", "/admin/appointments", nil, 200, "<title>shell</title>"},
		{"so does the console's root", "/admin", nil, 200, "<title>shell</title>"},
		{"page files are not served as files", "/pages/fr/home.html", nil, 404, "<main>not-found fr"},
		{"nor is the shell", "/index.html", nil, 404, "<main>not-found fr"},
		{"files are served as they are", "/favicon.svg", nil, 200, "<svg></svg>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := get(t, h, tc.target, tc.headers)
			if got.status != tc.status || !strings.Contains(got.body, tc.want) {
				t.Fatalf("GET %s = %d %.80q, want %d with %q", tc.target, got.status, got.body, tc.status, tc.want)
			}
			if strings.Contains(got.body, built.PrerenderOrigin) {
				t.Errorf("GET %s still carries the placeholder origin", tc.target)
			}
		})
	}
}

func TestPrerenderedPageCarriesThePublicOrigin(t *testing.T) {
	got := get(t, newSite(prerenderedApp()), "/", map[string]string{"Accept-Encoding": "gzip"})
	if got.header.Get("Content-Encoding") != "gzip" {
		t.Errorf("Content-Encoding = %q, want gzip", got.header.Get("Content-Encoding"))
	}
	if !strings.Contains(got.body, `href="http://dota.example/x"`) {
		t.Errorf("page does not name the public origin: %.120q", got.body)
	}
	if vary := strings.Join(got.header.Values("Vary"), ","); !strings.Contains(vary, "Cookie") {
		t.Errorf("Vary = %q, want Cookie among them (the page depends on the language cookie)", vary)
	}

	// The page names the configured public origin, never a host the request names.
	for _, headers := range []map[string]string{
		{"X-Forwarded-Host": "www.evil.example", "X-Forwarded-Proto": "https"},
		{"X-Forwarded-Host": `x"><script>alert(1)</script>`},
	} {
		got := get(t, newSite(prerenderedApp()), "/", headers)
		if strings.Contains(got.body, "evil.example") || strings.Contains(got.body, "<script>") ||
			!strings.Contains(got.body, `href="http://dota.example/x"`) {
			t.Errorf("a forwarded host reached the page: %.120q", got.body)
		}
	}
}

func TestPrerenderedPageRevalidates(t *testing.T) {
	h := newSite(prerenderedApp())
	first := get(t, h, "/services", nil)
	etag := first.header.Get("ETag")
	if etag == "" || first.header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("ETag %q, Cache-Control %q: want an ETag and no-cache", etag, first.header.Get("Cache-Control"))
	}
	if again := get(t, h, "/services", map[string]string{"If-None-Match": etag}); again.status != http.StatusNotModified {
		t.Errorf("revalidation = %d, want 304", again.status)
	}
	if other := get(t, h, "/services?lang=en", map[string]string{"If-None-Match": etag}); other.status != http.StatusOK {
		t.Errorf("another language with the French ETag = %d, want 200", other.status)
	}
}

func TestBuildWithoutPrerenderedPagesServesTheShell(t *testing.T) {
	app := fstest.MapFS{"index.html": prerenderedApp()["index.html"]}
	for _, target := range []string{"/", "/services/web", "/nope"} {
		if got := get(t, newSite(app), target, nil); got.status != 200 || !strings.Contains(got.body, "<title>shell</title>") {
			t.Errorf("GET %s = %d %.60q, want the shell", target, got.status, got.body)
		}
	}
	if got := get(t, newSite(nil), "/", nil); got.status != 200 || !strings.Contains(got.body, "not built into this binary") {
		t.Errorf("without a web app: %d %.60q, want the notice", got.status, got.body)
	}
}

// A manage link (/manage/{token}, in every e-mail about an appointment) and a waitlist
// offer's are the app's shell, kept out of caches, search engines and other sites'
// Referer headers, down to any path below them.
func TestSecretAddressesAreServedPrivately(t *testing.T) {
	h := newSite(prerenderedApp())
	for _, target := range []string{"/manage/tok", "/manage/tok?lang=ar", "/manage/tok/deeper", "/waitlist/offers/tok"} {
		got := get(t, h, target, nil)
		hd := got.header
		if got.status != 200 || !strings.Contains(got.body, "<title>shell</title>") || hd.Get("Cache-Control") != "no-store" ||
			hd.Get("Referrer-Policy") != "no-referrer" || hd.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("GET %s = %d %.40q, Cache-Control %q, Referrer-Policy %q, X-Robots-Tag %q", target, got.status, got.body,
				hd.Get("Cache-Control"), hd.Get("Referrer-Policy"), hd.Get("X-Robots-Tag"))
		}
	}
	if got := get(t, h, "/manage", nil); got.status != 404 || got.header.Get("Cache-Control") != "no-cache" {
		t.Errorf("GET /manage = %d %q, want the not-found page", got.status, got.header.Get("Cache-Control"))
	}
}

func TestFiles(t *testing.T) {
	h := newSite(prerenderedApp())
	if got := get(t, h, "/assets/app-1234.js", nil); got.status != 200 || !strings.Contains(got.header.Get("Cache-Control"), "immutable") {
		t.Errorf("hashed asset: %d %q", got.status, got.header.Get("Cache-Control"))
	}
	if got := get(t, h, "/assets/gone-0000.js", nil); got.status != 404 || got.body != "not found" {
		t.Errorf("missing asset: %d %q, want a plain 404 (not a page)", got.status, got.body)
	}
	if got := do(t, h, http.MethodPost, "/services", nil); got.status != http.StatusTeapot {
		t.Errorf("POST /services = %d, want the caller to answer", got.status)
	}
	if got := do(t, h, http.MethodHead, "/services", nil); got.status != 200 {
		t.Errorf("HEAD /services = %d", got.status)
	}
}
