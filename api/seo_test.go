package api_test

import (
	"encoding/xml"
	"strings"
	"testing"
)

func TestRobots(t *testing.T) {
	srv := newServer(t)
	res := do(t, "GET", srv.URL+"/robots.txt", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("robots.txt: %d %s", res.Status, res.Header.Get("Content-Type"))
	}
	body := string(res.Raw)
	for _, want := range []string{"User-agent: *", "Disallow: /admin", "Disallow: /api/", "Sitemap: " + srv.URL + "/sitemap.xml"} {
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
		{srv.URL + "/", true},
		{srv.URL + "/services?lang=ar", true},
		{srv.URL + "/privacy?lang=en", true},
		{srv.URL + "/services/developpement-web", true},
		{srv.URL + "/services/formation?lang=en", true},
		{srv.URL + "/projects/" + firstProject, true},
		{srv.URL + "/admin", false},
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
	if _, ok := locs[srv.URL+"/projects/"+unpublished]; ok {
		t.Error("an unpublished project is in the sitemap")
	}
}
