package chatbot

import (
	"testing"

	"github.com/dota-agency/dota/catalogue"
)

func TestEachModesQuickReplyNamesItInEveryLanguage(t *testing.T) {
	for _, lang := range []string{"fr", "en", "ar"} {
		for _, m := range catalogue.Modes {
			label := text(lang, "mode_"+m)
			if got := modeNamed(catalogue.Modes, words(label)); got != m {
				t.Errorf("%s: %q reads as %q, want %q", lang, label, got, m)
			}
		}
	}
	for _, tc := range []struct{ msg, want string }{
		{"en visio svp", catalogue.ModeVideo},
		{"plutôt au bureau", catalogue.ModeOffice},
		{"call me by phone", catalogue.ModePhone},
		{"video or phone, as you like", ""}, // two modes: asked again
		{"whenever", ""},
	} {
		if got := modeNamed(catalogue.Modes, words(tc.msg)); got != tc.want {
			t.Errorf("%q reads as %q, want %q", tc.msg, got, tc.want)
		}
	}
	// A mode the service does not offer is none of its modes.
	if got := modeNamed([]string{catalogue.ModeOffice}, words("by video")); got != "" {
		t.Errorf("video read for a service at the office only: %q", got)
	}
}
