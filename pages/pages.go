// Package pages serves the web app: its files, the prerendered page of each route of the
// site in the visitor's language (the routes of web/src/lib/routes.json), a service's
// page filled in with the service, robots.txt and the sitemap. The JSON API (package api)
// mounts it; it answers no /api path.
package pages

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"text/template"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/httpx"
)

// pagesDir holds the prerendered pages, written by the web build
// (web/scripts/prerender.mjs): pages/<lang>/<page>.html, and <page>.tmpl for a page
// the server fills in.
const pagesDir = "pages/"

// notBuilt is served when the binary was built without the web app.
const notBuilt = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Dota</title></head>
<body><h1>Dota</h1><p>The web app is not built into this binary. Run <code>make run</code>.</p></body></html>`

// Catalogue is what the pages read of the catalogue (catalogue.Store).
type Catalogue interface {
	ServiceBySlug(ctx context.Context, slug string) (catalogue.Service, error)
	Services(ctx context.Context, order catalogue.ServiceOrder, lang string, limit int) ([]catalogue.Service, error)
	PublishedProjects(ctx context.Context, category string) ([]catalogue.Project, error)
}

// Config is what the page server needs.
type Config struct {
	// Web is the built web app; nil serves a notice.
	Web fs.FS
	// Origin is the site's public origin (httpx.ParsePublicURL), the start of every
	// absolute address the pages hold; httpx.DefaultPublicURL when empty.
	Origin    string
	Catalogue Catalogue
	Logger    *slog.Logger
}

// Site serves the web app's files and pages.
type Site struct {
	contract  *Contract
	origin    string
	catalogue Catalogue
	log       *slog.Logger
	// files are the app's files served as they are: not index.html, not the pages.
	files map[string]*asset
	// shell is index.html, the app's empty shell.
	shell *asset
	// pages are the prerendered pages by "<lang>/<page>", the site's origin in them.
	pages map[string]*asset
	// templates are the templates of the pages the server fills in, by "<lang>/<page>"
	// (service.go).
	templates map[string]*template.Template
}

// New reads the web app's files and pages, ready to serve.
func New(cfg Config) *Site {
	if cfg.Origin == "" {
		cfg.Origin = httpx.DefaultPublicURL
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Site{contract: built, origin: cfg.Origin, catalogue: cfg.Catalogue, log: cfg.Logger,
		files: loadAssets(cfg.Web), pages: map[string]*asset{}, templates: map[string]*template.Template{}}
	s.shell = s.files["index.html"]
	if s.shell == nil {
		s.shell = &asset{data: []byte(notBuilt), ctype: "text/html; charset=utf-8", etag: `"not-built"`}
	}
	delete(s.files, "index.html")
	for name, a := range s.files {
		if strings.HasPrefix(name, pagesDir) {
			delete(s.files, name)
			s.loadPage(strings.TrimPrefix(name, pagesDir), a.data)
		}
	}
	return s
}

// loadPage keeps a prerendered page (fr/home.html) or template (fr/service.tmpl) with the
// site's origin in place of the one it was written with.
func (s *Site) loadPage(name string, data []byte) {
	data = bytes.ReplaceAll(data, []byte(s.contract.PrerenderOrigin), []byte(s.origin))
	switch key, ext := strings.TrimSuffix(name, path.Ext(name)), path.Ext(name); ext {
	case ".html":
		s.pages[key] = newAsset(data, ext)
	case ".tmpl":
		t, err := parseTemplate(name, data)
		if err != nil {
			s.log.Error("a page's template cannot be read: the page goes without its data", "page", name, "err", err)
			return
		}
		s.templates[key] = t
	}
}

// Serve answers a GET or HEAD request for a path of the web app: a file as it is (hashed
// assets cached for good), the page of the path's route, or the app's shell. It reports
// false for any other method, for the caller to answer.
func (s *Site) Serve(c *gin.Context) bool {
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		return false
	}
	clean := path.Clean("/" + c.Request.URL.Path)
	name := strings.TrimPrefix(clean, "/")
	if a, ok := s.files[name]; ok {
		a.serve(c, http.StatusOK, a.maxAge)
		return true
	}
	if strings.HasPrefix(name, "assets/") {
		c.String(http.StatusNotFound, "not found")
		return true
	}
	route, ok := s.contract.match(clean)
	switch {
	case !ok:
		s.shell.serve(c, http.StatusOK, "no-cache")
	case route.Private:
		s.servePrivate(c)
	default:
		s.servePage(c, route, clean)
	}
	return true
}

// servePage serves the page of route at urlPath in the visitor's language: filled in
// with its data, for a route the server draws (service.go), else as prerendered, else (a
// route drawn in the browser, or a build without pages) the shell.
func (s *Site) servePage(c *gin.Context, route Route, urlPath string) {
	lang := s.contract.language(c.Request)
	key := lang + "/" + route.Page
	page := s.pages[key]
	if page == nil {
		s.shell.serve(c, http.StatusOK, "no-cache")
		return
	}
	// The page depends on the language cookie.
	c.Writer.Header().Add("Vary", "Cookie")
	if route.ServerDraws == "service" {
		segments := segmentsOf(urlPath)
		s.serveService(c, page, s.templates[key], segments[len(segments)-1], lang)
		return
	}
	page.serve(c, route.status(), "no-cache")
}

// servePrivate serves the shell for a page whose address is a secret (a manage link's
// token): no cache keeps it, no search engine lists it, and no request from it, to this
// site or another, names its address in a Referer.
func (s *Site) servePrivate(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	s.shell.serve(c, http.StatusOK, "no-store")
}
