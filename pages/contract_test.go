package pages

import (
	"slices"
	"testing"

	"github.com/dota-agency/dota/i18n"
)

// The site's languages are the ones Dota's texts are written in.
func TestContractSpeaksDotasLanguages(t *testing.T) {
	if !slices.Equal(built.Languages, i18n.Languages) || built.DefaultLanguage != i18n.Default {
		t.Errorf("routes.json speaks %v (default %s), the catalogues %v (default %s)",
			built.Languages, built.DefaultLanguage, i18n.Languages, i18n.Default)
	}
}

func TestRoutesMatchPaths(t *testing.T) {
	tests := []struct{ path, pattern string }{
		{"/", "/"},
		{"/services", "/services"},
		{"/services/bots-ia", "/services/:serviceSlug"},
		{"/services/bots-ia/extra", "/*"},
		{"/projects/0b7e", "/projects/:projectId"},
		{"/admin", "/admin/*"},
		{"/admin/clients/42", "/admin/*"},
		{"/manage/tok", "/manage/:token"},
		{"/manage/tok/cancel", "/manage/:token"},
		{"/manage", "/*"},
		{"/waitlist/offers/tok", "/waitlist/offers/:token"},
		{"/rendez-vous", "/rendez-vous"},
		{"/nope", "/*"},
	}
	for _, tt := range tests {
		r, ok := built.match(tt.path)
		if !ok || r.Pattern != tt.pattern {
			t.Errorf("%s matches %q (%v), want %q", tt.path, r.Pattern, ok, tt.pattern)
		}
	}
}

func TestPageURL(t *testing.T) {
	if got := built.pageURL("https://dota.example", "/services", "fr"); got != "https://dota.example/services" {
		t.Errorf("French address %q", got)
	}
	if got := built.pageURL("https://dota.example", "/", "ar"); got != "https://dota.example/?lang=ar" {
		t.Errorf("Arabic address %q", got)
	}
}

func TestParseContractRefusesAnIncompleteOne(t *testing.T) {
	for _, raw := range []string{
		`{`,
		`{"languages":[],"defaultLanguage":"fr","languageCookie":"lang","prerenderOrigin":"http://o","routes":[{"pattern":"/*"}]}`,
		`{"languages":["en"],"defaultLanguage":"fr","languageCookie":"lang","prerenderOrigin":"http://o","routes":[{"pattern":"/*"}]}`,
		`{"languages":["fr"],"defaultLanguage":"fr","languageCookie":"lang","prerenderOrigin":"http://o","routes":[]}`,
	} {
		if _, err := parseContract([]byte(raw)); err == nil {
			t.Errorf("%s was taken", raw)
		}
	}
}
