package pages

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/dota-agency/dota/web"
)

// Contract is the site's routes and languages, web/src/lib/routes.json: the web app is
// built from it, and the server reads it to serve each address its page.
// web/src/lib/contract.ts describes each field.
type Contract struct {
	Languages       []string `json:"languages"`
	DefaultLanguage string   `json:"defaultLanguage"`
	LanguageCookie  string   `json:"languageCookie"`
	// PrerenderOrigin is the origin the pages are written with; the server puts the
	// site's in its place.
	PrerenderOrigin string  `json:"prerenderOrigin"`
	Routes          []Route `json:"routes"`
}

// Route is one route of the site, in matching order.
type Route struct {
	Pattern string `json:"pattern"`
	// Page names the route's prerendered pages, pages/<lang>/<page>.html; a route
	// without one (the console, a manage link) is sent the app's shell, index.html.
	Page string `json:"page"`
	// Status is the pages' HTTP status; 200 when zero.
	Status int `json:"status"`
	// ServerDraws names the data the server fills the page's template with
	// (pages/<lang>/<page>.tmpl): "service" (service.go).
	ServerDraws string `json:"serverDraws"`
	// Sitemap names the catalogue whose items each have a page at Pattern: "services",
	// "projects" (seo.go).
	Sitemap string `json:"sitemap"`
	// Private routes' addresses hold a secret: the path and every path below its
	// static start are sent the shell, kept out of caches, search engines and Referers.
	Private bool `json:"private"`

	segments []string // of Pattern, split once
}

// built is the contract the binary was built with.
var built = mustParseContract(web.Routes)

// parseContract reads a contract and checks that it names its languages and routes.
func parseContract(raw []byte) (*Contract, error) {
	var c Contract
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, err
	}
	if len(c.Languages) == 0 || !slices.Contains(c.Languages, c.DefaultLanguage) || c.LanguageCookie == "" ||
		c.PrerenderOrigin == "" || len(c.Routes) == 0 {
		return nil, errors.New("pages: the contract lacks its languages, origin or routes")
	}
	for i := range c.Routes {
		c.Routes[i].segments = segmentsOf(c.Routes[i].Pattern)
	}
	return &c, nil
}

func mustParseContract(raw []byte) *Contract {
	c, err := parseContract(raw)
	if err != nil {
		panic(err) // embedded at build time: a build mistake, caught by every test
	}
	return c
}

// segmentsOf splits a path or pattern into its segments; "/" has none.
func segmentsOf(path string) []string {
	if path = strings.Trim(path, "/"); path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// match finds the route of a clean path ("/services/web"): static segments match
// themselves, ":name" any one segment, and a final "*" the rest of the path. A private
// route also takes every path below its static start (/manage/{token}/anything).
func (c *Contract) match(path string) (Route, bool) {
	segments := segmentsOf(path)
	for _, r := range c.Routes {
		if r.matches(segments) {
			return r, true
		}
	}
	return Route{}, false
}

func (r Route) matches(segments []string) bool {
	for i, want := range r.segments {
		switch {
		case want == "*" && i == len(r.segments)-1:
			return true
		case r.Private && strings.HasPrefix(want, ":"):
			return i < len(segments)
		case i >= len(segments) || (want != segments[i] && !(strings.HasPrefix(want, ":") && segments[i] != "")):
			return false
		}
	}
	return len(segments) == len(r.segments)
}

// status is the route's HTTP status.
func (r Route) status() int {
	if r.Status == 0 {
		return http.StatusOK
	}
	return r.Status
}

// with is the route's pattern with its parameter set to value: /services/{slug}.
func (r Route) with(value string) string {
	out := make([]string, len(r.segments))
	for i, s := range r.segments {
		if strings.HasPrefix(s, ":") {
			s = value
		}
		out[i] = s
	}
	return "/" + strings.Join(out, "/")
}

// fixed reports whether the route is one page the sitemap lists as it is: prerendered,
// found, and of no parameter.
func (r Route) fixed() bool {
	return r.Page != "" && r.status() == http.StatusOK && !strings.ContainsAny(r.Pattern, ":*")
}

// pageURL is a page's address in a language: the default language's has no ?lang=
// (web/src/lib/contract.ts pageUrl).
func (c *Contract) pageURL(origin, path, lang string) string {
	if lang == c.DefaultLanguage {
		return origin + path
	}
	return origin + path + "?lang=" + lang
}

// language is the one the visitor asked for with ?lang=, else the one their last visit
// chose (the cookie the app sets), else the default.
func (c *Contract) language(r *http.Request) string {
	if lang := r.URL.Query().Get("lang"); slices.Contains(c.Languages, lang) {
		return lang
	}
	if ck, err := r.Cookie(c.LanguageCookie); err == nil && slices.Contains(c.Languages, ck.Value) {
		return ck.Value
	}
	return c.DefaultLanguage
}
