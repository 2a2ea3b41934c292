package reader

import (
	"slices"
	"testing"
	"time"
)

func TestURLsInFindsTheWebAddressesAVisitorGives(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"Notre site actuel : https://atlas-immo.dz/fr/contact.", []string{"https://atlas-immo.dz/fr/contact"}},
		{"my current site is www.kessler-fitness.com, it's old", []string{"www.kessler-fitness.com"}},
		{"موقعنا الحالي numidia-conseil.dz", []string{"numidia-conseil.dz"}},
		{"voir atlas.dz et http://exemple.fr/a?b=1", []string{"atlas.dz", "http://exemple.fr/a?b=1"}},
		{"HTTPS://SITE.IO", []string{"HTTPS://SITE.IO"}},
		// An e-mail's domain is no web address; nor a sentence without its space, nor an hour.
		{"mon mail amine@atlas-immo.dz", nil},
		{"bonjour.merci pour tout", nil},
		{"vers 10.30 svp", nil},
		{"M.Haddad, gérant", nil},
		{"pas de site", nil},
	} {
		if got := URLsIn(tc.msg); !slices.Equal(got, tc.want) {
			t.Errorf("URLsIn(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

func TestAnAddressNamesNoServiceInAMessage(t *testing.T) {
	services := []Service{{Slug: "developpement-mobile", Names: []string{"Développement mobile", "Mobile Development"},
		Keywords: []string{"mobile", "application"}}}
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	r := Read("notre site boutique-mobile.dz", Context{Now: now, Services: services})
	if r.Fields.HasService {
		t.Errorf("an address's words named a service: %+v", r.Fields)
	}
	if !slices.Equal(r.Fields.URLs, []string{"boutique-mobile.dz"}) {
		t.Errorf("URLs %q, want the address", r.Fields.URLs)
	}
	// The same words outside an address still name it.
	if r := Read("une application mobile", Context{Now: now, Services: services}); !r.Fields.HasService {
		t.Errorf("an application mobile names no service: %+v", r.Fields)
	}
}
