package attribution

import (
	"strings"
	"testing"
	"time"
)

func TestTouchClean(t *testing.T) {
	t.Parallel()
	future := time.Now().Add(48 * time.Hour)
	in := Touch{
		UTMSource: "  Facebook\x00\n", UTMCampaign: strings.Repeat("é", 400), UTMMedium: "cpc",
		GCLID: "abc<script>", FBCLID: "IwAR0_x-y.z",
		Referrer: "https://WWW.Facebook.com/some/page?x=1", Landing: "/services/web?email=a@b.c#top", At: &future,
	}
	got := in.Clean()
	if got.UTMSource != "Facebook" || got.UTMMedium != "cpc" {
		t.Errorf("utm = %q %q", got.UTMSource, got.UTMMedium)
	}
	if n := len([]rune(got.UTMCampaign)); n != MaxParamLen {
		t.Errorf("campaign cut to %d runes, want %d", n, MaxParamLen)
	}
	if got.GCLID != "" || got.FBCLID != "IwAR0_x-y.z" {
		t.Errorf("click ids = %q %q", got.GCLID, got.FBCLID)
	}
	if got.Referrer != "www.facebook.com" || got.Landing != "/services/web" || got.At != nil {
		t.Errorf("referrer, landing, at = %q %q %v", got.Referrer, got.Landing, got.At)
	}
	for _, bad := range []string{"javascript:alert(1)", "not a host", "a..b", "//evil.com/x"} {
		if h := hostOf(bad); h != "" {
			t.Errorf("hostOf(%q) = %q, want none", bad, h)
		}
		if p := pathOf(bad); p != "" {
			t.Errorf("pathOf(%q) = %q, want none", bad, p)
		}
	}
}

func TestVisitSource(t *testing.T) {
	t.Parallel()
	cases := []struct {
		visit          *Visit
		source, campai string
	}{
		{nil, Direct, ""},
		{&Visit{}, Direct, ""},
		{&Visit{Last: Touch{UTMSource: "Facebook", UTMCampaign: "Ramadan"}}, "facebook", "ramadan"},
		{&Visit{First: Touch{UTMSource: "google"}, Last: Touch{Referrer: "www.linkedin.com"}}, "linkedin.com", ""},
		{&Visit{Last: Touch{GCLID: "x1"}}, "google", ""},
		{&Visit{First: Touch{Landing: "/"}}, Direct, ""},
	}
	for _, c := range cases {
		v := c.visit.Clean()
		if v.Source() != c.source || v.Campaign() != c.campai {
			t.Errorf("%+v: source %q campaign %q, want %q %q", c.visit, v.Source(), v.Campaign(), c.source, c.campai)
		}
	}
	if v := (&Visit{First: Touch{UTMSource: "x", GCLID: "bad id"}}).Clean(); v.Last.UTMSource != "x" {
		t.Errorf("a visit with one touch keeps it as both: %+v", v)
	}
	if v := (&Visit{First: Touch{GCLID: "bad id"}}).Clean(); v != nil {
		t.Errorf("a visit of dropped values is none: %+v", v)
	}
}
