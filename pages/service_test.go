package pages

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/web"
)

// serviceTemplateText is a service page's template as the web build writes one: the
// markup is the build's (React's), the placeholders and actions are those of the fields
// the server fills in.
const serviceTemplateText = `<!doctype html><html><head><title>[[.Name]] | Dota</title>` +
	`<meta name="description" content="[[.Description]]">` +
	`<link rel="canonical" href="http://origin.dota.invalid/services/[[.Slug]]">` +
	`</head><body><div id="root" data-start="on-demand"><main><article>` +
	`<span class="icon">[[if eq .Icon ` + "`Code`" + `]]<svg class="code"></svg>[[else if eq .Icon ` + "`Bot`" +
	`]]<svg class="bot"></svg>[[else]]<svg class="code"></svg>[[end]]</span>` +
	`[[if .Category]]<span class="eyebrow">[[.Category]]</span>[[end]]<h1>[[.Name]]</h1><p>[[.Description]]</p>` +
	`[[if .Tags]]<ul>[[range .Tags]]<li>[[.]]</li>[[end]]</ul>[[end]]` +
	`[[if or .Intro .Features]]<div class="details">[[if .Intro]]<div>[[.Intro]]</div>[[end]]` +
	`[[if .Features]]<div>[[.Features]]</div>[[end]]</div>[[end]]` +
	`</article></main></div><script type="application/json" id="page-data">[[.PageData]]</script></body></html>`

// servicePageApp is a web build with a service page and its template in every language.
func servicePageApp() fstest.MapFS {
	app := prerenderedApp()
	for _, lang := range built.Languages {
		app["pages/"+lang+"/service.html"] = &fstest.MapFile{Data: []byte(`<!doctype html><html lang="` + lang + `"><head>` +
			`<title>Nos services | Dota</title></head><body><div id="root" data-start="first-paint">` +
			`<p role="status">Loading service details...</p></div></body></html>`)}
		app["pages/"+lang+"/service.tmpl"] = &fstest.MapFile{Data: []byte(strings.Replace(serviceTemplateText, "<html>", `<html lang="`+lang+`">`, 1))}
	}
	return app
}

var botsIA = catalogue.Service{
	Slug:        "bots-ia",
	Name:        catalogue.Localized{"fr": "Bots IA & <assistants>", "ar": "روبوتات الذكاء الاصطناعي"},
	Description: catalogue.Localized{"fr": `Des "assistants" qui répondent`, "ar": "مساعدون يجيبون"},
	Icon:        "Bot",
	Category:    catalogue.Localized{"fr": "IA"},
	Tags:        map[string][]string{"fr": {"Chat", "R&D"}},
	Details:     catalogue.Localized{"fr": `<p>Intro <b>forte</b></p><script>alert(1)</script>` + catalogue.FeaturesMarker + `<ul><li>Un</li></ul>`},
	QA:          map[string][]catalogue.QA{"fr": {{Question: "Combien ?", Answer: "Selon le projet."}}},
	IsActive:    true,
}

func TestServicePageIsFilledInWithItsService(t *testing.T) {
	got := get(t, newSite(servicePageApp(), botsIA), "/services/bots-ia", nil)
	if got.status != http.StatusOK {
		t.Fatalf("status %d, want 200: %.200q", got.status, got.body)
	}
	for _, want := range []string{
		`<title>Bots IA &amp; &lt;assistants&gt; | Dota</title>`,
		`<meta name="description" content="Des &#34;assistants&#34; qui répondent">`,
		`<link rel="canonical" href="http://dota.example/services/bots-ia">`,
		`<span class="icon"><svg class="bot"></svg></span>`,
		`<span class="eyebrow">IA</span><h1>Bots IA &amp; &lt;assistants&gt;</h1><p>Des &#34;assistants&#34; qui répondent</p>`,
		`<ul><li>Chat</li><li>R&amp;D</li></ul>`,
		`<div class="details"><div><p>Intro <b>forte</b></p></div><div><ul><li>Un</li></ul></div></div>`,
	} {
		if !strings.Contains(got.body, want) {
			t.Errorf("page lacks %s:\n%s", want, got.body)
		}
	}
	if strings.Contains(got.body, "alert(1)") || strings.Contains(got.body, "[[") {
		t.Errorf("the details' script survived sanitizing, or a placeholder is left: %s", got.body)
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
		Lang    string                `json:"lang"`
		Service catalogue.ServiceView `json:"service"`
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
	got := get(t, newSite(servicePageApp(), botsIA), "/services/bots-ia?lang=ar", nil)
	for _, want := range []string{`<html lang="ar">`, `<title>روبوتات الذكاء الاصطناعي | Dota</title>`, `"lang":"ar"`} {
		if !strings.Contains(got.body, want) {
			t.Errorf("Arabic page lacks %s", want)
		}
	}
}

func TestServicePageWithoutOptionalParts(t *testing.T) {
	bare := catalogue.Service{Slug: "bare", Name: catalogue.Localized{"fr": "Nu"}, Icon: "Nope", IsActive: true}
	got := get(t, newSite(servicePageApp(), bare), "/services/bare", nil)
	want := `<span class="icon"><svg class="code"></svg></span><h1>Nu</h1><p>Description du service indisponible.</p></article>`
	if !strings.Contains(got.body, want) {
		t.Errorf("a service without category, tags or details (and an unknown icon) is drawn as\n%s\nwant\n%s", got.body, want)
	}
}

func TestUnknownServiceIsNotFound(t *testing.T) {
	got := get(t, newSite(servicePageApp(), botsIA), "/services/nope", nil)
	if got.status != http.StatusNotFound || got.header.Get("X-Robots-Tag") != "noindex" {
		t.Errorf("status %d, X-Robots-Tag %q: want 404, kept out of search engines", got.status, got.header.Get("X-Robots-Tag"))
	}
	// The app shows that the service does not exist once it has asked for it.
	if !strings.Contains(got.body, `data-start="first-paint"`) || !strings.Contains(got.body, "Loading service details") {
		t.Error("the unknown service's page is not the prerendered one")
	}
}

func TestServicePageWithoutItsServiceIsThePrerenderedPage(t *testing.T) {
	got := get(t, newSite(servicePageApp(), botsIA), "/services/broken", nil)
	if got.status != http.StatusOK || !strings.Contains(got.body, "Loading service details") || strings.Contains(got.body, "page-data") {
		t.Errorf("GET /services/broken = %d %.200q, want the prerendered page (the app asks again)", got.status, got.body)
	}

	// A build whose template cannot be read, or cannot be filled, serves the page as it is.
	for name, text := range map[string]string{"unreadable": `<h1>[[.Name</h1>`, "unknown field": `<h1>[[.Price]]</h1>`} {
		app := servicePageApp()
		app["pages/fr/service.tmpl"] = &fstest.MapFile{Data: []byte(text)}
		if got := get(t, newSite(app, botsIA), "/services/bots-ia", nil); got.status != http.StatusOK || !strings.Contains(got.body, "Loading service details") {
			t.Errorf("%s template: %d %q", name, got.status, got.body)
		}
	}
}

func TestServicePageChangesWithItsService(t *testing.T) {
	first := get(t, newSite(servicePageApp(), botsIA), "/services/bots-ia", nil)
	renamed := botsIA
	renamed.Name = catalogue.Localized{"fr": "Assistants"}
	h := newSite(servicePageApp(), renamed)
	again := get(t, h, "/services/bots-ia", map[string]string{"If-None-Match": first.header.Get("ETag")})
	if again.status != http.StatusOK || !strings.Contains(again.body, "<h1>Assistants</h1>") {
		t.Errorf("after a rename, revalidation = %d %.100q, want 200 with the new name", again.status, again.body)
	}
	if same := get(t, h, "/services/bots-ia", map[string]string{"If-None-Match": again.header.Get("ETag")}); same.status != http.StatusNotModified {
		t.Errorf("unchanged page revalidates with %d, want 304", same.status)
	}
	if gz := get(t, h, "/services/bots-ia", map[string]string{"Accept-Encoding": "gzip"}); gz.header.Get("Content-Encoding") != "gzip" ||
		!strings.Contains(gz.body, "<h1>Assistants</h1>") {
		t.Errorf("compressed page: %q %.100q", gz.header.Get("Content-Encoding"), gz.body)
	}
}

// TestTheBuiltTemplatesFillIn fills the templates the web build wrote, when this binary
// embeds one: every language's parses, and a service's values land where React draws them.
func TestTheBuiltTemplatesFillIn(t *testing.T) {
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(dist, "pages/fr/service.tmpl"); err != nil {
		t.Skip("the web app is not built (npm run build)")
	}
	s := New(Config{Web: dist, Origin: publicOrigin, Catalogue: &fakeCatalogue{services: []catalogue.Service{botsIA}}})
	for _, lang := range built.Languages {
		if s.templates[lang+"/service"] == nil {
			t.Fatalf("no %s template", lang)
		}
	}
	h := newSite(dist, botsIA)
	got := get(t, h, "/services/bots-ia", nil)
	for _, want := range []string{
		`<title>Bots IA &amp; &lt;assistants&gt; | `,
		`<link rel="canonical" href="http://dota.example/services/bots-ia">`,
		`<h1>Bots IA &amp; &lt;assistants&gt;</h1>`,
		`<span class="eyebrow">IA</span>`,
		`<li class="tag">R&amp;D</li>`,
		`data-start="on-demand"`,
		`id="page-data">{"lang":"fr"`,
	} {
		if !strings.Contains(got.body, want) {
			t.Errorf("the built page lacks %s", want)
		}
	}
	if got.status != http.StatusOK || strings.Contains(got.body, "[[") || strings.Contains(got.body, "]]") {
		t.Errorf("status %d, or a placeholder is left", got.status)
	}
}
