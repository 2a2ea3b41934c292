package catalogue_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/catalogue"
)

func TestYouTubeID(t *testing.T) {
	for link, want := range map[string]string{
		"https://www.youtube.com/watch?v=aBcDeFgHiJ0":               "aBcDeFgHiJ0",
		"https://youtu.be/aBcDeFgHiJ0?t=3":                          "aBcDeFgHiJ0",
		"https://www.youtube.com/embed/aBcDeFgHiJ0":                 "aBcDeFgHiJ0",
		"https://www.youtube.com/watch?feature=share&v=aB_-eFgHiJ0": "aB_-eFgHiJ0",
		"https://www.youtube.com/watch?v=short":                     "",
		"https://vimeo.com/12345678901":                             "",
		"":                                                          "",
	} {
		if got := catalogue.YouTubeID(link); got != want {
			t.Errorf("YouTubeID(%q) = %q, want %q", link, got, want)
		}
	}
}

func TestLocalizedFallbacks(t *testing.T) {
	l := catalogue.Localized{"en": "Web", "fr": "Site web"}
	if l.In("fr") != "Site web" || l.In("ar") != "Web" || l.In("xx") != "Web" {
		t.Fatalf("fallbacks: %q %q %q", l.In("fr"), l.In("ar"), l.In("xx"))
	}
	plain := catalogue.Localized{"": "Plain"}
	if plain.In("ar") != "Plain" {
		t.Fatal("plain text fallback")
	}
}

func TestSplitDetailsSanitizes(t *testing.T) {
	blocks := catalogue.SplitDetails(`<p onclick="x()">Intro<script>alert(1)</script></p>` + catalogue.FeaturesMarker + `<ul><li>One</li></ul>`)
	if blocks[0] != "<p>Intro</p>" || blocks[1] != "<ul><li>One</li></ul>" {
		t.Fatalf("blocks %q", blocks)
	}
}

func TestServiceForBrowserSanitizesEveryLanguage(t *testing.T) {
	s := catalogue.Service{Details: catalogue.Localized{
		"fr": `<p onclick="x()">Intro<script>alert(1)</script></p>`,
		"en": `<a href="javascript:alert(1)">x</a><ul><li>One</li></ul>`,
	}}
	got := s.ForBrowser().Details
	if got["fr"] != "<p>Intro</p>" || got["en"] != "x<ul><li>One</li></ul>" {
		t.Fatalf("ForBrowser details %q", got)
	}
	if s.Details["fr"] == got["fr"] {
		t.Fatal("ForBrowser changed the original")
	}
}

func TestModesInputCheck(t *testing.T) {
	for _, c := range []struct {
		in    catalogue.ModesInput
		want  string
		field string
	}{
		{catalogue.ModesInput{Modes: []string{"video", "office"}, DefaultMode: "video"}, "office video", ""},
		{catalogue.ModesInput{Modes: []string{"phone", "phone"}, DefaultMode: "phone"}, "phone", ""},
		{catalogue.ModesInput{DefaultMode: "office"}, "", "modes"},
		{catalogue.ModesInput{Modes: []string{"office", "fax"}, DefaultMode: "office"}, "", "modes"},
		{catalogue.ModesInput{Modes: []string{"office"}, DefaultMode: "video"}, "", "default_mode"},
		{catalogue.ModesInput{Modes: []string{"office"}}, "", "default_mode"},
	} {
		modes, err := c.in.Check()
		if c.field == "" {
			if err != nil || strings.Join(modes, " ") != c.want {
				t.Errorf("%+v: %v %v", c.in, modes, err)
			}
			continue
		}
		var v *catalogue.ValidationError
		if !errors.As(err, &v) || v.Fields[c.field] == "" {
			t.Errorf("%+v: want a problem with %s, got %v", c.in, c.field, err)
		}
	}
}
