package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dota-agency/dota/booking"
)

// servicePageApp is a web build whose service pages the server draws, with a service
// page shaped as web/scripts/prerender.mjs writes it.
func servicePageApp() fstest.MapFS {
	app := fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>shell</title><div id=root></div>")},
		"pages/routes.json": {Data: []byte(`{"origin":"` + testOrigin + `","languages":["fr","en","ar"],
			"defaultLanguage":"fr","languageCookie":"lang","routes":[
			{"pattern":"/services/:serviceSlug","page":"services-serviceSlug","status":200,"serverDraws":"service"},
			{"pattern":"/*","page":"not-found","status":404}],
			"serviceParts":{
				"texts":{"fr":{"siteName":"Dota","trail":"Fil d'Ariane","home":"Accueil","services":"Services"},
					"ar":{"siteName":"دوتا","trail":"مسار التنقل","home":"الرئيسية","services":"الخدمات"}},
				"icons":{"Code":"<svg class=\"code\"></svg>","Bot":"<svg class=\"bot\"></svg>"}}}`)},
	}
	for _, lang := range []string{"fr", "en", "ar"} {
		app["pages/"+lang+"/services-serviceSlug.html"] = &fstest.MapFile{Data: []byte(`<!doctype html><html lang="` + lang + `"><head>` +
			`<title>Nos services | Dota</title>` +
			`<meta name="description" content="Tous les services.">` +
			`<meta name="robots" content="index, follow">` +
			`<meta property="og:title" content="Nos services | Dota">` +
			`<meta property="og:description" content="Tous les services.">` +
			`<meta property="og:image" content="` + testOrigin + `/og-image.png">` +
			`</head><body><div id="root" data-lang="` + lang + `" data-route="/services/:serviceSlug" data-start="first-paint">` +
			`<div class="site"><main id="main" class="site-main" tabindex="-1"><!--$--><p class="status-text" role="status">Loading service details...</p><!--/$--></main></div>` +
			`</div></body></html>`)}
		app["pages/"+lang+"/not-found.html"] = &fstest.MapFile{Data: []byte(`<main>not-found</main>`)}
	}
	return app
}

// catalogue finds the services it holds, and fails for the slug "broken".
func catalogue(services ...booking.Service) serviceFinder {
	return func(_ context.Context, slug string) (booking.Service, error) {
		if slug == "broken" {
			return booking.Service{}, errors.New("database unavailable")
		}
		for _, s := range services {
			if s.Slug == slug {
				return s, nil
			}
		}
		return booking.Service{}, booking.ErrNotFound
	}
}

var botsIA = booking.Service{
	Slug:        "bots-ia",
	Name:        booking.Localized{"fr": "Bots IA & <assistants>", "ar": "روبوتات الذكاء الاصطناعي"},
	Description: booking.Localized{"fr": `Des "assistants" qui répondent`, "ar": "مساعدون يجيبون"},
	Icon:        "Bot",
	Category:    booking.Localized{"fr": "IA"},
	Tags:        []string{"Chat", "RAG"},
	Details:     booking.Localized{"fr": `<p>Intro <b>forte</b></p><script>alert(1)</script>` + booking.FeaturesMarker + `<ul><li>Un</li></ul>`},
	QA:          map[string][]booking.QA{"fr": {{Question: "Combien ?", Answer: "Selon le projet."}}},
	IsActive:    true,
}

func TestServicePageIsDrawnWithItsService(t *testing.T) {
	h := spa(servicePageApp(), "http://dota.example", catalogue(botsIA), nil)
	got := get(t, h, "/services/bots-ia", nil)
	if got.status != http.StatusOK {
		t.Fatalf("status %d, want 200: %.200q", got.status, got.body)
	}
	// The article as ServiceSummary.tsx renders it, with what it shows escaped.
	wantArticle := `<main id="main" class="site-main" tabindex="-1"><!--$--><article class="service">` +
		`<nav class="breadcrumbs" aria-label="Fil d&#39;Ariane"><ol>` +
		`<li><a href="/" data-discover="true">Accueil</a></li>` +
		`<li><a href="/services" data-discover="true">Services</a></li>` +
		`<li><span aria-current="page">Bots IA &amp; &lt;assistants&gt;</span></li></ol></nav>` +
		`<header class="page-head service__head"><span class="service__icon"><svg class="bot"></svg></span><div>` +
		`<span class="eyebrow">IA</span><h1>Bots IA &amp; &lt;assistants&gt;</h1><p>Des &#34;assistants&#34; qui répondent</p>` +
		`<ul class="tags"><li class="tag">Chat</li><li class="tag">RAG</li></ul></div></header>` +
		`<div class="service__details"><div class="service__block prose"><p>Intro <b>forte</b></p></div>` +
		`<div class="service__block service__block--features prose"><ul><li>Un</li></ul></div></div>` +
		`<div class="service__rest" aria-busy="true"></div></article><!--/$--></main>`
	if !strings.Contains(got.body, wantArticle) {
		t.Errorf("article not drawn as the app draws it:\n got %s\nwant %s", got.body, wantArticle)
	}
	if strings.Contains(got.body, "alert(1)") {
		t.Error("the details' script survived sanitizing")
	}
	for _, want := range []string{
		`<title>Bots IA &amp; &lt;assistants&gt; | Dota</title>`,
		`<meta name="description" content="Des &#34;assistants&#34; qui répondent">`,
		`<meta property="og:title" content="Bots IA &amp; &lt;assistants&gt; | Dota">`,
		`<meta property="og:description" content="Des &#34;assistants&#34; qui répondent">`,
		`<link rel="canonical" href="http://dota.example/services/bots-ia">`,
		`<link rel="alternate" hreflang="ar" href="http://dota.example/services/bots-ia?lang=ar">`,
		`<link rel="alternate" hreflang="x-default" href="http://dota.example/services/bots-ia">`,
		`<meta property="og:url" content="http://dota.example/services/bots-ia">`,
		`<meta name="robots" content="index, follow">`,
		`data-start="on-demand"`,
	} {
		if !strings.Contains(got.body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(got.body, "Loading service details") || strings.Contains(got.body, "Nos services") {
		t.Error("the prerendered loading state or title is still there")
	}

	// The service goes along as the page's data, in the page's language, as the API sends it.
	m := regexp.MustCompile(`<script type="application/json" id="page-data">(.*?)</script></body>`).FindStringSubmatch(got.body)
	if m == nil {
		t.Fatal("no page data before </body>")
	}
	if strings.Contains(m[1], "<") {
		t.Errorf("page data carries a raw <: %s", m[1])
	}
	var data struct {
		Lang    string              `json:"lang"`
		Service booking.ServiceView `json:"service"`
	}
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("page data: %v", err)
	}
	if data.Lang != "fr" || data.Service.Slug != "bots-ia" || data.Service.Name != "Bots IA & <assistants>" ||
		len(data.Service.QA) != 1 || data.Service.DetailsBlocks[1] != "<ul><li>Un</li></ul>" {
		t.Errorf("page data = %+v", data)
	}
}

func TestServicePageInAnotherLanguage(t *testing.T) {
	h := spa(servicePageApp(), "http://dota.example", catalogue(botsIA), nil)
	got := get(t, h, "/services/bots-ia?lang=ar", nil)
	for _, want := range []string{
		`<title>روبوتات الذكاء الاصطناعي | دوتا</title>`,
		`<nav class="breadcrumbs" aria-label="مسار التنقل">`,
		`<link rel="canonical" href="http://dota.example/services/bots-ia?lang=ar">`,
		`<link rel="alternate" hreflang="fr" href="http://dota.example/services/bots-ia">`,
		`"lang":"ar"`,
	} {
		if !strings.Contains(got.body, want) {
			t.Errorf("Arabic page lacks %s", want)
		}
	}
}

func TestServicePageWithoutOptionalParts(t *testing.T) {
	bare := booking.Service{Slug: "bare", Name: booking.Localized{"fr": "Nu"}, Icon: "Nope", IsActive: true}
	got := get(t, spa(servicePageApp(), "http://dota.example", catalogue(bare), nil), "/services/bare", nil)
	want := `<header class="page-head service__head"><span class="service__icon"><svg class="code"></svg></span>` +
		`<div><h1>Nu</h1><p>Service description not available.</p></div></header>` +
		`<div class="service__rest" aria-busy="true"></div></article>`
	if !strings.Contains(got.body, want) {
		t.Errorf("a service without category, tags or details (and an unknown icon) is drawn as\n%s\nwant\n%s", got.body, want)
	}
}

func TestUnknownServiceIsNotFound(t *testing.T) {
	got := get(t, spa(servicePageApp(), "http://dota.example", catalogue(botsIA), nil), "/services/nope", nil)
	if got.status != http.StatusNotFound {
		t.Errorf("status %d, want 404", got.status)
	}
	if !strings.Contains(got.body, `<meta name="robots" content="noindex">`) || strings.Contains(got.body, "index, follow") {
		t.Error("an unknown service's page may be indexed")
	}
	// The app shows that the service does not exist once it has asked for it.
	if !strings.Contains(got.body, `data-start="first-paint"`) || !strings.Contains(got.body, "Loading service details") {
		t.Error("the unknown service's page is not the prerendered one")
	}
}

func TestServicePageWithoutItsServiceIsThePrerenderedPage(t *testing.T) {
	h := spa(servicePageApp(), "http://dota.example", catalogue(botsIA), nil)
	got := get(t, h, "/services/broken", nil)
	if got.status != http.StatusOK || !strings.Contains(got.body, "Loading service details") || strings.Contains(got.body, "page-data") {
		t.Errorf("GET /services/broken = %d %.200q, want the prerendered page (the app asks again)", got.status, got.body)
	}

	// A build whose page lacks the places to draw into serves the page as it is.
	app := servicePageApp()
	app["pages/fr/services-serviceSlug.html"] = &fstest.MapFile{Data: []byte(`<main>other</main>`)}
	if got := get(t, spa(app, "http://dota.example", catalogue(botsIA), nil), "/services/bots-ia", nil); got.status != http.StatusOK || got.body != `<main>other</main>` {
		t.Errorf("page without places = %d %q", got.status, got.body)
	}
}

func TestServicePageChangesWithItsService(t *testing.T) {
	first := get(t, spa(servicePageApp(), "http://dota.example", catalogue(botsIA), nil), "/services/bots-ia", nil)
	renamed := botsIA
	renamed.Name = booking.Localized{"fr": "Assistants"}
	h := spa(servicePageApp(), "http://dota.example", catalogue(renamed), nil)
	again := get(t, h, "/services/bots-ia", map[string]string{"If-None-Match": first.header.Get("ETag")})
	if again.status != http.StatusOK || !strings.Contains(again.body, "<h1>Assistants</h1>") {
		t.Errorf("after a rename, revalidation = %d %.100q, want 200 with the new name", again.status, again.body)
	}
	if same := get(t, h, "/services/bots-ia", map[string]string{"If-None-Match": again.header.Get("ETag")}); same.status != http.StatusNotModified {
		t.Errorf("unchanged page revalidates with %d, want 304", same.status)
	}
}
