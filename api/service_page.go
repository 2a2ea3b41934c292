package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// serviceFinder looks up an active service by its slug (booking.Core.ServiceBySlug).
type serviceFinder func(ctx context.Context, slug string) (booking.Service, error)

// serviceParts is what the web build hands the server for drawing a service's page
// (routes.json, written by web/scripts/prerender.mjs): texts by language, and the
// service icons as the app draws them.
type serviceParts struct {
	Texts map[string]serviceTexts `json:"texts"`
	Icons map[string]string       `json:"icons"`
}

type serviceTexts struct {
	SiteName string `json:"siteName"`
	Trail    string `json:"trail"`
	Home     string `json:"home"`
	Services string `json:"services"`
}

// serviceSummary is the markup of ServiceSummary
// (web/src/features/site/components/ServiceSummary.tsx) as React renders it, followed
// by the place the rest of the page goes (ServiceDetailPage.tsx): the app takes this
// markup over as its own, so the two must stay the same element for element and text
// for text. The browser tests load service pages and fail on the error React reports
// when they differ.
var serviceSummary = template.Must(template.New("service").Parse(`<article class="service">` +
	`<nav class="breadcrumbs" aria-label="{{.Texts.Trail}}"><ol>` +
	`<li><a href="/" data-discover="true">{{.Texts.Home}}</a></li>` +
	`<li><a href="/services" data-discover="true">{{.Texts.Services}}</a></li>` +
	`<li><span aria-current="page">{{.Service.Name}}</span></li>` +
	`</ol></nav>` +
	`<header class="page-head service__head"><span class="service__icon">{{.Icon}}</span><div>` +
	`{{with .Service.Category}}<span class="eyebrow">{{.}}</span>{{end}}` +
	`<h1>{{.Service.Name}}</h1><p>{{.Service.Description}}</p>` +
	`{{with .Service.Tags}}<ul class="tags">{{range .}}<li class="tag">{{.}}</li>{{end}}</ul>{{end}}` +
	`</div></header>` +
	`{{if or .Intro .Features}}<div class="service__details">` +
	`{{with .Intro}}<div class="service__block prose">{{.}}</div>{{end}}` +
	`{{with .Features}}<div class="service__block service__block--features prose">{{.}}</div>{{end}}` +
	`</div>{{end}}` +
	`<div class="service__rest" aria-busy="true"></div>` +
	`</article>`))

// Where the drawn parts go in a prerendered service page: the main element's content
// (the page's loading state), the start mode, and the end of the body for the data.
const (
	mainStart     = `<main id="main" class="site-main" tabindex="-1"><!--$-->`
	mainEnd       = `<!--/$--></main>`
	startWhenRead = `data-start="first-paint"`
	startOnDemand = `data-start="on-demand"`
)

// servicePages draws a service's page on the server: its head (title, description,
// addresses) and the top of its article, with the service sent along as the page's
// data (web/src/lib/pageData.ts). The page then shows its content before any script
// runs, and search engines and link previews see the service itself. An unknown slug
// is answered 404.
type servicePages struct {
	parts serviceParts
	find  serviceFinder
	log   *slog.Logger
}

// draw fills the prerendered page of /services/slug in lang for the site at origin.
// When the service cannot be read, the page goes as it is: the app asks for it itself.
func (s *servicePages) draw(ctx context.Context, page []byte, slug, lang, origin string) ([]byte, int) {
	svc, err := s.find(ctx, slug)
	if errors.Is(err, booking.ErrNotFound) {
		return noindex(page), http.StatusNotFound
	}
	if err != nil {
		s.log.WarnContext(ctx, "service page sent without its service", "slug", slug, "err", err)
		return page, http.StatusOK
	}
	body, err := s.fill(page, svc.In(lang), lang, origin)
	if err != nil {
		s.log.ErrorContext(ctx, "service page cannot be drawn", "slug", slug, "err", err)
		return page, http.StatusOK
	}
	return body, http.StatusOK
}

func (s *servicePages) fill(page []byte, v booking.ServiceView, lang, origin string) ([]byte, error) {
	texts, ok := s.parts.Texts[lang]
	if !ok {
		return nil, errors.New("no texts for " + lang)
	}
	icon, ok := s.parts.Icons[v.Icon]
	if !ok {
		icon = s.parts.Icons[booking.DefaultIcon]
	}
	var article bytes.Buffer
	err := serviceSummary.Execute(&article, map[string]any{
		"Texts":   texts,
		"Service": v,
		// Build output and the server's own sanitized HTML (booking.SplitDetails).
		"Icon":     template.HTML(icon),
		"Intro":    template.HTML(v.DetailsBlocks[0]),
		"Features": template.HTML(v.DetailsBlocks[1]),
	})
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(map[string]any{"lang": lang, "service": v}) // escapes <, > and &
	if err != nil {
		return nil, err
	}

	out := string(page)
	title := v.Name + " | " + texts.SiteName
	path := "/services/" + v.Slug
	edits := []struct{ start, end, with string }{
		{`<title>`, `</title>`, html.EscapeString(title)},
		{`<meta name="description" content="`, `"`, html.EscapeString(v.Description)},
		{`<meta property="og:title" content="`, `"`, html.EscapeString(title)},
		{`<meta property="og:description" content="`, `"`, html.EscapeString(v.Description)},
		{mainStart, mainEnd, article.String()},
	}
	for _, e := range edits {
		if out, err = replaceBetween(out, e.start, e.end, e.with); err != nil {
			return nil, err
		}
	}
	if !strings.Contains(out, startWhenRead) || !strings.Contains(out, "</head>") || !strings.Contains(out, "</body>") {
		return nil, errors.New("the prerendered service page lacks its start mode, head or body")
	}
	out = strings.Replace(out, startWhenRead, startOnDemand, 1)
	out = strings.Replace(out, "</head>", addressTags(origin, path, lang)+"</head>", 1)
	out = strings.Replace(out, "</body>", `<script type="application/json" id="page-data">`+string(data)+"</script></body>", 1)
	return []byte(out), nil
}

// addressTags are the canonical address, the hreflang alternates and og:url of the page
// at path in lang, as the app writes them (web/src/features/site/hooks/useSeo.ts seoHead)
// and the sitemap lists them (seo.go).
func addressTags(origin, path, lang string) string {
	var b strings.Builder
	here := html.EscapeString(pageURL(origin, path, lang))
	fmt.Fprintf(&b, `<link rel="canonical" href="%s">`, here)
	for _, alt := range i18n.Languages {
		fmt.Fprintf(&b, `<link rel="alternate" hreflang="%s" href="%s">`, alt, html.EscapeString(pageURL(origin, path, alt)))
	}
	fmt.Fprintf(&b, `<link rel="alternate" hreflang="x-default" href="%s">`, html.EscapeString(origin+path))
	fmt.Fprintf(&b, `<meta property="og:url" content="%s">`, here)
	return b.String()
}

// noindex keeps a page out of search engines (a service that does not exist).
func noindex(page []byte) []byte {
	return bytes.Replace(page, []byte(`<meta name="robots" content="index, follow">`), []byte(`<meta name="robots" content="noindex">`), 1)
}

// replaceBetween replaces what lies between the first start and the end after it.
func replaceBetween(s, start, end, with string) (string, error) {
	i := strings.Index(s, start)
	if i < 0 {
		return "", errors.New("no " + start)
	}
	i += len(start)
	j := strings.Index(s[i:], end)
	if j < 0 {
		return "", errors.New("no " + end + " after " + start)
	}
	return s[:i] + with + s[i+j:], nil
}
