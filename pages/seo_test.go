package pages

import (
	"encoding/xml"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
)

func TestSitemapListsTheRoutesAndTheCatalogue(t *testing.T) {
	created := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	cat := &fakeCatalogue{
		services: []catalogue.Service{{Slug: "bots-ia", CreatedAt: created}},
		projects: []catalogue.Project{{ID: "p1", UpdatedAt: created.AddDate(0, 1, 0)}},
	}
	gin.SetMode(gin.TestMode)
	r := gin.New()
	New(Config{Origin: publicOrigin, Catalogue: cat}).Mount(r)
	got := get(t, r, "/sitemap.xml", nil)
	if got.status != 200 || !strings.HasPrefix(got.header.Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap.xml: %d %s", got.status, got.header.Get("Content-Type"))
	}
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
			Links   []struct {
				HrefLang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(got.body), &set); err != nil {
		t.Fatalf("not XML: %v\n%s", err, got.body)
	}
	locs := map[string]string{}
	for _, u := range set.URLs {
		locs[u.Loc] = u.LastMod
		if len(u.Links) != len(built.Languages)+1 {
			t.Errorf("%s has %d alternates, want one per language and x-default", u.Loc, len(u.Links))
		}
	}
	for loc, mod := range map[string]string{
		publicOrigin + "/":                         "",
		publicOrigin + "/about?lang=en":            "",
		publicOrigin + "/rendez-vous?lang=ar":      "",
		publicOrigin + "/services/bots-ia":         "2026-03-01",
		publicOrigin + "/services/bots-ia?lang=en": "2026-03-01",
		publicOrigin + "/projects/p1?lang=ar":      "2026-04-01",
	} {
		if got, ok := locs[loc]; !ok || got != mod {
			t.Errorf("%s listed %v with lastmod %q, want %q", loc, ok, got, mod)
		}
	}
	// Pages of no address of their own are not listed.
	if want := 8*len(built.Languages) + 2*len(built.Languages); len(set.URLs) != want {
		t.Errorf("%d addresses, want %d: %v", len(set.URLs), want, locs)
	}

	cat.err = errors.New("database unavailable")
	r = gin.New()
	r.Use(func(c *gin.Context) {
		c.Next()
		if len(c.Errors) > 0 {
			c.String(http.StatusServiceUnavailable, "down")
		}
	})
	New(Config{Origin: publicOrigin, Catalogue: cat}).Mount(r)
	if got := get(t, r, "/sitemap.xml", nil); got.status != http.StatusServiceUnavailable {
		t.Errorf("with the catalogue down: %d, want the error handed to the router's handler", got.status)
	}
}

func TestRobots(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	New(Config{Origin: publicOrigin, Catalogue: &fakeCatalogue{}}).Mount(r)
	got := get(t, r, "/robots.txt", nil)
	for _, want := range []string{"User-agent: *", "Disallow: /admin", "Disallow: /api/", "Sitemap: " + publicOrigin + "/sitemap.xml"} {
		if !strings.Contains(got.body, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, got.body)
		}
	}
}
