package api_test

import (
	"strings"
	"testing"
)

// A manage link (/manage/{token}, in every e-mail about an appointment) is the app's
// shell, kept out of caches, search engines and other sites' Referer headers; the rest
// of the site keeps its usual headers.
func TestManageLinkIsServedPrivately(t *testing.T) {
	srv := newServer(t)
	token := strings.Repeat("aB3-_", 8) + "xyz" // 43 url-safe base64 characters
	for _, target := range []string{"/manage/" + token, "/manage/" + token + "?lang=ar", "/manage/unknown"} {
		page := do(t, "GET", srv.URL+target, nil, "Accept-Encoding", "gzip")
		h := page.Header
		if page.Status != 200 || h.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("GET %s: %d %q, want the app's shell", target, page.Status, h.Get("Content-Type"))
		}
		if h.Get("Cache-Control") != "no-store" || h.Get("Referrer-Policy") != "no-referrer" || h.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("GET %s: Cache-Control %q, Referrer-Policy %q, X-Robots-Tag %q; want no-store, no-referrer, noindex",
				target, h.Get("Cache-Control"), h.Get("Referrer-Policy"), h.Get("X-Robots-Tag"))
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") {
			t.Errorf("GET %s: the page lost its Content-Security-Policy: %q", target, h.Get("Content-Security-Policy"))
		}
	}
	if page := do(t, "GET", srv.URL+"/manage/"+token, nil); !strings.Contains(string(page.Raw), "<title>Dota</title>") {
		t.Errorf("GET /manage/{token}: %q, want index.html", page.Raw)
	}

	other := do(t, "GET", srv.URL+"/rendez-vous", nil)
	if h := other.Header; h.Get("Cache-Control") != "no-cache" || h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" ||
		h.Get("X-Robots-Tag") != "" {
		t.Errorf("GET /rendez-vous: Cache-Control %q, Referrer-Policy %q, X-Robots-Tag %q: the site's usual headers changed",
			h.Get("Cache-Control"), h.Get("Referrer-Policy"), h.Get("X-Robots-Tag"))
	}
}
