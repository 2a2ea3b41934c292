package pages

import (
	"encoding/xml"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
)

// Mount adds robots.txt and sitemap.xml to r, both built with the site's public origin
// in every address, whatever host a request names.
func (s *Site) Mount(r gin.IRoutes) {
	r.GET("/robots.txt", s.robots)
	r.GET("/sitemap.xml", s.sitemap)
}

func (s *Site) robots(c *gin.Context) {
	body := "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: " + s.origin + "/sitemap.xml\n"
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(body))
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc        string      `xml:"loc"`
	LastMod    string      `xml:"lastmod,omitempty"`
	Alternates []alternate `xml:"xhtml:link"`
}

type alternate struct {
	Rel      string `xml:"rel,attr"`
	HrefLang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// entry lists a page once per language, each with the alternates of every language.
func (s *Site) entry(path string, lastMod time.Time) []sitemapURL {
	langs := s.contract.Languages
	alts := make([]alternate, 0, len(langs)+1)
	for _, l := range langs {
		alts = append(alts, alternate{Rel: "alternate", HrefLang: l, Href: s.contract.pageURL(s.origin, path, l)})
	}
	alts = append(alts, alternate{Rel: "alternate", HrefLang: "x-default", Href: s.origin + path})
	mod := ""
	if !lastMod.IsZero() {
		mod = lastMod.UTC().Format(time.DateOnly)
	}
	out := make([]sitemapURL, 0, len(langs))
	for _, l := range langs {
		out = append(out, sitemapURL{Loc: s.contract.pageURL(s.origin, path, l), LastMod: mod, Alternates: alts})
	}
	return out
}

// sitemap lists the site's fixed pages, and a page per active service and published
// project, as the routes name them.
func (s *Site) sitemap(c *gin.Context) {
	services, err := s.catalogue.Services(c, catalogue.OrderName, s.contract.DefaultLanguage, 0)
	if err != nil {
		_ = c.Error(err)
		return
	}
	projects, err := s.catalogue.PublishedProjects(c, "")
	if err != nil {
		_ = c.Error(err)
		return
	}
	set := urlSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, r := range s.contract.Routes {
		switch {
		case r.fixed():
			set.URLs = append(set.URLs, s.entry(r.Pattern, time.Time{})...)
		case r.Sitemap == "services":
			for _, sv := range services {
				set.URLs = append(set.URLs, s.entry(r.with(sv.Slug), sv.CreatedAt)...)
			}
		case r.Sitemap == "projects":
			for _, p := range projects {
				set.URLs = append(set.URLs, s.entry(r.with(p.ID), p.UpdatedAt)...)
			}
		}
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, "application/xml; charset=utf-8", append([]byte(xml.Header), out...))
}
