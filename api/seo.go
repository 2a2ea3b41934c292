package api

import (
	"encoding/xml"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// sitePages are the public site's fixed pages, as the React router serves them.
var sitePages = []string{"/", "/hero", "/about", "/services", "/projects", "/contact", "/rendez-vous", "/privacy"}

// seo serves robots.txt and sitemap.xml, built from the catalogue in the database, with
// the site's public origin in every address.
type seo struct {
	booking *booking.Core
	origin  string
}

// registerSEO adds /robots.txt and /sitemap.xml to the router.
func registerSEO(r gin.IRoutes, core *booking.Core, origin string) {
	s := &seo{booking: core, origin: origin}
	r.GET("/robots.txt", s.robots)
	r.GET("/sitemap.xml", s.sitemap)
}

func (s *seo) robots(c *gin.Context) {
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

// pageURL is a page's address in a language: French, the default, has no ?lang=.
func pageURL(origin, path, lang string) string {
	if lang == i18n.Default {
		return origin + path
	}
	return origin + path + "?lang=" + lang
}

// entry lists a page once per language, each with the alternates of every language.
func entry(origin, path string, lastMod time.Time) []sitemapURL {
	alts := make([]alternate, 0, len(i18n.Languages)+1)
	for _, l := range i18n.Languages {
		alts = append(alts, alternate{Rel: "alternate", HrefLang: l, Href: pageURL(origin, path, l)})
	}
	alts = append(alts, alternate{Rel: "alternate", HrefLang: "x-default", Href: origin + path})
	mod := ""
	if !lastMod.IsZero() {
		mod = lastMod.UTC().Format(time.DateOnly)
	}
	out := make([]sitemapURL, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		out = append(out, sitemapURL{Loc: pageURL(origin, path, l), LastMod: mod, Alternates: alts})
	}
	return out
}

func (s *seo) sitemap(c *gin.Context) {
	services, err := s.booking.Services(c, booking.OrderName, i18n.Default, 0)
	if err != nil {
		_ = c.Error(err)
		return
	}
	projects, err := s.booking.PublishedProjects(c, "")
	if err != nil {
		_ = c.Error(err)
		return
	}
	origin := s.origin
	set := urlSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, p := range sitePages {
		set.URLs = append(set.URLs, entry(origin, p, time.Time{})...)
	}
	for _, sv := range services {
		set.URLs = append(set.URLs, entry(origin, "/services/"+sv.Slug, sv.CreatedAt)...)
	}
	for _, p := range projects {
		set.URLs = append(set.URLs, entry(origin, "/projects/"+p.ID, p.UpdatedAt)...)
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, "application/xml; charset=utf-8", append([]byte(xml.Header), out...))
}
