package pages

// A service's page is sent filled in with its service: its head (title, description,
// addresses) and the top of its article, with the service itself as the page's data
// (web/src/lib/pageData.ts). It shows before any script runs, search engines and link
// previews see the service, and the app takes the markup over as its own. The web build
// writes the page's template, pages/<lang>/service.tmpl: the page as React draws it for
// a service whose values are placeholders, with the actions that choose its optional and
// repeated parts, in text/template's language with [[ ]] delimiters
// (web/src/features/site/components/Template.tsx). The server only fills it in.

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"net/url"
	"strings"
	"text/template"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/catalogue"
)

// parseTemplate reads a page's template as the web build writes it.
func parseTemplate(name string, data []byte) (*template.Template, error) {
	return template.New(name).Delims("[[", "]]").Option("missingkey=error").Parse(string(data))
}

// serviceFields fill a service page's template: the fields its placeholders name
// (web/src/features/site/pages/ServiceDetailPage.tsx templateService). text/template
// writes values as they are: the texts are escaped for HTML here, the details are the
// HTML the catalogue sanitized, and the page's data is JSON that cannot close its
// element.
type serviceFields struct {
	Slug, Name, Description, Category string
	// Icon is compared with the icons the template draws, never written.
	Icon            string
	Tags            []string
	Intro, Features string
	PageData        string
}

func fieldsOf(v catalogue.ServiceView, lang string) (serviceFields, error) {
	data, err := json.Marshal(map[string]any{"lang": lang, "service": v}) // escapes <, > and &
	if err != nil {
		return serviceFields{}, err
	}
	tags := make([]string, len(v.Tags))
	for i, tag := range v.Tags {
		tags[i] = html.EscapeString(tag)
	}
	return serviceFields{
		Slug:        html.EscapeString(url.PathEscape(v.Slug)),
		Name:        html.EscapeString(v.Name),
		Description: html.EscapeString(v.Description),
		Category:    html.EscapeString(v.Category),
		Icon:        v.Icon,
		Tags:        tags,
		Intro:       v.DetailsBlocks[0],
		Features:    v.DetailsBlocks[1],
		PageData:    string(data),
	}, nil
}

// serveService sends the page of the service slug in lang, its template t filled in with
// the service. An unknown slug is answered 404, kept out of search engines. When the
// service cannot be read, or the build has no template, the prerendered page goes as it
// is: the app asks for the service itself.
func (s *Site) serveService(c *gin.Context, page *asset, t *template.Template, slug, lang string) {
	svc, err := s.catalogue.ServiceBySlug(c, slug)
	switch {
	case errors.Is(err, catalogue.ErrNotFound):
		c.Header("X-Robots-Tag", "noindex")
		page.serve(c, http.StatusNotFound, "no-cache")
		return
	case err != nil:
		s.log.WarnContext(c, "service page sent without its service", "slug", slug, "err", err)
		page.serve(c, http.StatusOK, "no-cache")
		return
	}
	if t == nil {
		page.serve(c, http.StatusOK, "no-cache")
		return
	}
	var body bytes.Buffer
	fields, err := fieldsOf(svc.In(lang), lang)
	if err == nil {
		err = t.Execute(&body, fields)
	}
	if err != nil {
		s.log.ErrorContext(c, "service page cannot be filled in", "slug", slug, "err", err)
		page.serve(c, http.StatusOK, "no-cache")
		return
	}
	serveFilled(c, body.Bytes())
}

// serveFilled writes a page filled in for the request, with an ETag of its content.
func serveFilled(c *gin.Context, body []byte) {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := c.Writer.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	h.Add("Vary", "Accept-Encoding")
	if match := c.GetHeader("If-None-Match"); match != "" && strings.Contains(match, etag) {
		c.Status(http.StatusNotModified)
		return
	}
	if strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = compress(body, gzip.BestSpeed)
	}
	c.Data(http.StatusOK, "text/html; charset=utf-8", body)
}
