package api

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"
)

// pagesDir holds the prerendered public pages and their route table, written by the
// web build (web/scripts/prerender.mjs).
const pagesDir = "pages/"

// pageTable is dist/pages/routes.json: the app's routes, in the router's order.
type pageTable struct {
	// Origin is the placeholder the pages carry where the site's public origin goes.
	Origin          string      `json:"origin"`
	Languages       []string    `json:"languages"`
	DefaultLanguage string      `json:"defaultLanguage"`
	LanguageCookie  string      `json:"languageCookie"`
	Routes          []pageRoute `json:"routes"`
	// ServiceParts serve to draw service pages (service_page.go).
	ServiceParts serviceParts `json:"serviceParts"`
}

// pageRoute is one route: Page names its prerendered files (pages/<lang>/<page>.html);
// a route without one (the console) is served the app's empty shell, index.html.
type pageRoute struct {
	Pattern string `json:"pattern"`
	Page    string `json:"page"`
	Status  int    `json:"status"`
	// ServerDraws names what the server draws into the page: "service" for a
	// service's page (service_page.go), whose slug is the path's last segment.
	ServerDraws string `json:"serverDraws"`

	segments []string // of Pattern, split once at start-up
}

// pages chooses and serves the prerendered page of a path, in the visitor's language,
// with the site's public origin in its absolute URLs.
type pages struct {
	table    pageTable
	files    map[string]*asset
	shell    *asset
	origin   string
	services *servicePages
}

// loadPages reads the route table among the web app's files; nil when the build has
// none (every path then gets the shell). Service pages are drawn with what find returns.
func loadPages(assets map[string]*asset, shell *asset, origin string, find serviceFinder, log *slog.Logger) *pages {
	raw := assets[pagesDir+"routes.json"]
	if raw == nil {
		return nil
	}
	var t pageTable
	if err := json.Unmarshal(raw.data, &t); err != nil || len(t.Languages) == 0 || t.Origin == "" {
		return nil
	}
	for i := range t.Routes {
		t.Routes[i].segments = segmentsOf(t.Routes[i].Pattern)
	}
	p := &pages{table: t, files: assets, shell: shell, origin: origin}
	if find != nil {
		if log == nil {
			log = slog.Default()
		}
		p.services = &servicePages{parts: t.ServiceParts, find: find, log: log}
	}
	return p
}

// segmentsOf splits a path or pattern into its segments; "/" has none.
func segmentsOf(path string) []string {
	if path = strings.Trim(path, "/"); path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// match finds the route of a clean path ("/services/web"): static segments match
// themselves, ":name" any one segment, and a final "*" the rest of the path.
func (p *pages) match(path string) (pageRoute, bool) {
	segments := segmentsOf(path)
	for _, r := range p.table.Routes {
		if patternMatches(r.segments, segments) {
			return r, true
		}
	}
	return pageRoute{}, false
}

func patternMatches(pattern, segments []string) bool {
	for i, want := range pattern {
		if want == "*" && i == len(pattern)-1 {
			return true
		}
		if i >= len(segments) || (want != segments[i] && !(strings.HasPrefix(want, ":") && segments[i] != "")) {
			return false
		}
	}
	return len(segments) == len(pattern)
}

// language is the one the visitor asked for with ?lang=, else the one their last
// visit chose (a cookie the app sets), else the default.
func (p *pages) language(r *http.Request) string {
	if lang := r.URL.Query().Get("lang"); slices.Contains(p.table.Languages, lang) {
		return lang
	}
	if ck, err := r.Cookie(p.table.LanguageCookie); err == nil && slices.Contains(p.table.Languages, ck.Value) {
		return ck.Value
	}
	return p.table.DefaultLanguage
}

// serve answers a clean path outside /api and the static files; false when no route takes it.
func (p *pages) serve(c *gin.Context, path string) bool {
	route, ok := p.match(path)
	if !ok {
		return false
	}
	lang := p.language(c.Request)
	page := p.files[pagesDir+lang+"/"+route.Page+".html"]
	if route.Page == "" || page == nil {
		p.shell.serve(c, "no-cache")
		return true
	}
	status := route.Status
	if status == 0 {
		status = http.StatusOK
	}
	origin := p.origin
	body := bytes.ReplaceAll(page.data, []byte(p.table.Origin), []byte(origin))
	if route.ServerDraws == "service" && p.services != nil {
		segments := segmentsOf(path)
		body, status = p.services.draw(c, body, segments[len(segments)-1], lang, origin)
	}

	h := c.Writer.Header()
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	h.Add("Vary", "Cookie")
	if status == http.StatusOK {
		sum := sha256.Sum256(body)
		etag := `"` + hex.EncodeToString(sum[:12]) + `"`
		h.Set("ETag", etag)
		if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, etag) {
			c.Status(http.StatusNotModified)
			return true
		}
	}
	if strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = zw.Write(body)
		_ = zw.Close()
		h.Set("Content-Encoding", "gzip")
		body = buf.Bytes()
	}
	c.Data(status, page.ctype, body)
	return true
}
