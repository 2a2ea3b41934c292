package api

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gin-gonic/gin"
)

const testOrigin = "http://origin.dota.invalid"

// prerenderedApp is a web build with prerendered pages, as web/scripts/prerender.mjs writes it.
func prerenderedApp() fstest.MapFS {
	app := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>shell</title><div id=root></div>")},
		"assets/app-1234.js": {Data: []byte("console.log('app')")},
		"pages/routes.json": {Data: []byte(`{"origin":"` + testOrigin + `","languages":["fr","en","ar"],
			"defaultLanguage":"fr","languageCookie":"lang","routes":[
			{"pattern":"/admin/*"},
			{"pattern":"/","page":"home","status":200},
			{"pattern":"/services","page":"services","status":200},
			{"pattern":"/services/:serviceSlug","page":"services-serviceSlug","status":200},
			{"pattern":"/*","page":"not-found","status":404}]}`)},
	}
	for _, lang := range []string{"fr", "en", "ar"} {
		for _, page := range []string{"home", "services", "services-serviceSlug", "not-found"} {
			body := `<html lang="` + lang + `"><link rel="canonical" href="` + testOrigin + `/x">` +
				`<main>` + page + ` ` + lang + strings.Repeat(" padding", 100) + `</main>`
			app["pages/"+lang+"/"+page+".html"] = &fstest.MapFile{Data: []byte(body)}
		}
	}
	return app
}

type served struct {
	status int
	header http.Header
	body   string
}

func get(t *testing.T, h gin.HandlerFunc, target string, headers map[string]string) served {
	t.Helper()
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.NoRoute(h)
	req := httptest.NewRequest(http.MethodGet, target, nil)
	req.Host = "dota.example"
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
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
	h := spa(prerenderedApp(), "http://dota.example", nil, nil)
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
		{"a pattern takes any one segment", "/services/bots-ia", nil, 200, "<main>services-serviceSlug fr"},
		{"a trailing slash is the same page", "/services/", nil, 200, "<main>services fr"},
		{"deeper paths are not found", "/services/bots-ia/extra", nil, 404, "<main>not-found fr"},
		{"unknown paths are not found, in the language", "/nope?lang=en", nil, 404, "<main>not-found en"},
		{"the console gets the app's shell", "/admin/appointments", nil, 200, "<title>shell</title>"},
		{"so does the console's root", "/admin", nil, 200, "<title>shell</title>"},
		{"a manage link gets the shell, though no route names it", "/manage/tok?lang=ar", nil, 200, "<title>shell</title>"},
		{"page files are not served as files", "/pages/fr/home.html", nil, 404, "<main>not-found fr"},
		{"the route table is not served as a file", "/pages/routes.json", nil, 404, "<main>not-found fr"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := get(t, h, tc.target, tc.headers)
			if got.status != tc.status || !strings.Contains(got.body, tc.want) {
				t.Fatalf("GET %s = %d %.80q, want %d with %q", tc.target, got.status, got.body, tc.status, tc.want)
			}
			if strings.Contains(got.body, testOrigin) {
				t.Errorf("GET %s still carries the placeholder origin", tc.target)
			}
		})
	}
}

func TestPrerenderedPageCarriesThePublicOrigin(t *testing.T) {
	got := get(t, spa(prerenderedApp(), "http://dota.example", nil, nil), "/", map[string]string{"Accept-Encoding": "gzip"})
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
		got := get(t, spa(prerenderedApp(), "http://dota.example", nil, nil), "/", headers)
		if strings.Contains(got.body, "evil.example") || strings.Contains(got.body, "<script>") ||
			!strings.Contains(got.body, `href="http://dota.example/x"`) {
			t.Errorf("a forwarded host reached the page: %.120q", got.body)
		}
	}
}

func TestPrerenderedPageRevalidates(t *testing.T) {
	h := spa(prerenderedApp(), "http://dota.example", nil, nil)
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
	app := prerenderedApp()
	delete(app, "pages/routes.json")
	for _, target := range []string{"/", "/services/web", "/nope"} {
		if got := get(t, spa(app, "http://dota.example", nil, nil), target, nil); got.status != 200 || !strings.Contains(got.body, "<title>shell</title>") {
			t.Errorf("GET %s = %d %.60q, want the shell", target, got.status, got.body)
		}
	}
}
