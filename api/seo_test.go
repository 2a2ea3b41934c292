package api_test

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
)

func TestRobots(t *testing.T) {
	srv := newServer(t)
	res := do(t, "GET", srv.URL+"/robots.txt", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	body := string(res.Raw)
	for _, want := range []string{"User-agent: *", "Disallow: /admin", "Disallow: /api/", "Sitemap: " + publicURL + "/sitemap.xml"} {
		if !strings.Contains(body, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, body)
		}
	}
}

func TestSitemapListsPagesServicesAndProjects(t *testing.T) {
	srv := newServer(t)
	res := do(t, "GET", srv.URL+"/sitemap.xml", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	var set struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				HrefLang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(res.Raw, &set); err != nil {
		t.Fatalf("not XML: %v\n%s", err, res.Raw)
	}
	locs := map[string]int{}
	for _, u := range set.URLs {
		locs[u.Loc] = len(u.Links)
	}
	projects := do(t, "GET", srv.URL+"/api/projects", nil).Body["items"].([]any)
	firstProject := projects[0].(map[string]any)["id"].(string)
	tests := []struct {
		loc  string
		want bool
	}{
		{publicURL + "/", true},
		{publicURL + "/services?lang=ar", true},
		{publicURL + "/privacy?lang=en", true},
		{publicURL + "/services/developpement-web", true},
		{publicURL + "/services/formation?lang=en", true},
		{publicURL + "/projects/" + firstProject, true},
		{publicURL + "/admin", false},
	}
	for _, tt := range tests {
		links, ok := locs[tt.loc]
		if ok != tt.want {
			t.Errorf("%s listed: %v, want %v", tt.loc, ok, tt.want)
		}
		if ok && links != 4 {
			t.Errorf("%s has %d alternates, want fr, en, ar and x-default", tt.loc, links)
		}
	}
	// Unpublished projects stay out.
	var unpublished string
	if err := pool.QueryRow(t.Context(), `SELECT id FROM projects WHERE NOT published LIMIT 1`).Scan(&unpublished); err != nil {
		t.Fatal(err)
	}
	if _, ok := locs[publicURL+"/projects/"+unpublished]; ok {
		t.Error("an unpublished project is in the sitemap")
	}
}

// TestAbsoluteAddressesComeFromThePublicURL: robots.txt and the sitemap name the
// configured public address, whatever Host or forwarded headers a request carries —
// even from a trusted proxy.
func TestAbsoluteAddressesComeFromThePublicURL(t *testing.T) {
	srv := newServer(t, func(d *api.Deps) { d.TrustedProxies = loopback })
	spoof := []string{"X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "http"}
	for _, path := range []string{"/robots.txt", "/sitemap.xml", "/.well-known/security.txt"} {
		res := do(t, "GET", srv.URL+path, nil, spoof...)
		if res.Status != 200 || strings.Contains(string(res.Raw), "evil.example") || !strings.Contains(string(res.Raw), publicURL+"/") {
			t.Errorf("%s with a forged host: %d\n%s", path, res.Status, res.Raw)
		}
	}
}
