package chatbot

import (
	"testing"

	"github.com/dota-agency/dota/catalogue"
)

// A catalogue's matchers are kept with its slice: a new catalogue, even of the same
// services reworded, is read with its own words.
func TestEachCatalogueIsReadWithItsOwnWords(t *testing.T) {
	catalogue := func(keyword string) []catalogue.Service {
		return []catalogue.Service{
			{Slug: "web", Name: catalogue.Localized{"en": "Web"}, Keywords: map[string][]string{"en": {keyword}}},
			{Slug: "photo", Name: catalogue.Localized{"en": "Photography"}},
		}
	}
	ws := words("I need a shop online")
	for range 3 {
		for _, tc := range []struct {
			keyword string
			want    bool
		}{{"shop", true}, {"blog", false}, {"online", true}} {
			s, ok := serviceIn(ws, catalogue(tc.keyword))
			if ok != tc.want || (ok && s.Slug != "web") {
				t.Fatalf("with keyword %q: %q, %v", tc.keyword, s.Slug, ok)
			}
		}
	}
	if _, ok := serviceIn(ws, nil); ok {
		t.Fatal("an empty catalogue names a service")
	}
}
