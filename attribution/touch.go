// Package attribution says where a visit came from: the web app keeps the first and the
// last touch of a visit (UTM parameters, click ids, the referrer's host, the landing
// path) and sends them with a booking, a chat, a newsletter subscription or a waitlist
// entry; this package cleans them (cut or dropped, never a reason to refuse what they
// come with), names the visit's source and campaign, and counts visits and opened chats
// per day, source and campaign, with no personal data (traffic.go).
package attribution

import (
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/i18n"
)

// Direct is the source of a visit that names none: no UTM source, no click id, no
// referrer from another site.
const Direct = "direct"

// Bounds on what is kept: a longer value is cut to them.
const (
	MaxParamLen   = 150 // a UTM parameter
	MaxClickIDLen = 200 // gclid, fbclid
	MaxHostLen    = 253 // the referrer's host
	MaxLandingLen = 300 // the landing path
)

// Touch is one arrival on the site: the campaign parameters of its address, the host of
// the page that linked to it and the path it landed on.
type Touch struct {
	UTMSource   string     `json:"utm_source,omitempty"`
	UTMMedium   string     `json:"utm_medium,omitempty"`
	UTMCampaign string     `json:"utm_campaign,omitempty"`
	UTMTerm     string     `json:"utm_term,omitempty"`
	UTMContent  string     `json:"utm_content,omitempty"`
	GCLID       string     `json:"gclid,omitempty"`
	FBCLID      string     `json:"fbclid,omitempty"`
	Referrer    string     `json:"referrer,omitempty"` // a host: "www.facebook.com"
	Landing     string     `json:"landing,omitempty"`  // a path: "/services/web"
	At          *time.Time `json:"at,omitempty"`
}

// Visit is a visit's first touch and its last one (the same arrival when there was one).
type Visit struct {
	First Touch `json:"first"`
	Last  Touch `json:"last"`
}

// Clean returns the visit with every value cleaned (Touch.Clean); nil for nil or for a
// visit that says nothing.
func (v *Visit) Clean() *Visit {
	if v == nil {
		return nil
	}
	out := Visit{First: v.First.Clean(), Last: v.Last.Clean()}
	if out.First.empty() && out.Last.empty() {
		return nil
	}
	if out.Last.empty() {
		out.Last = out.First
	}
	if out.First.empty() {
		out.First = out.Last
	}
	return &out
}

// Source is the visit's source, by its last touch (Touch.Source); Direct for nil.
func (v *Visit) Source() string {
	if v == nil {
		return Direct
	}
	return v.Last.Source()
}

// Campaign is the visit's campaign, by its last touch; "" for none.
func (v *Visit) Campaign() string {
	if v == nil {
		return ""
	}
	return strings.ToLower(v.Last.UTMCampaign)
}

// Source names where the touch came from: its UTM source, else the network its click id
// belongs to, else the referrer's host without "www.", else Direct. Lower case.
func (t Touch) Source() string {
	switch {
	case t.UTMSource != "":
		return strings.ToLower(t.UTMSource)
	case t.GCLID != "":
		return "google"
	case t.FBCLID != "":
		return "facebook"
	case t.Referrer != "":
		return strings.TrimPrefix(t.Referrer, "www.")
	}
	return Direct
}

var (
	clickID = regexp.MustCompile(`^[A-Za-z0-9_.\-]+$`)
	host    = regexp.MustCompile(`^[a-z0-9]([a-z0-9\-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9\-]*[a-z0-9])?)*$`)
)

// Clean returns the touch with its values bounded: text without control characters,
// trimmed and cut to MaxParamLen; click ids of their own characters only, else dropped;
// the referrer reduced to a host (an address is read for its host), else dropped; the
// landing reduced to a path starting with "/" (its query and fragment, which may hold
// anything, are dropped); a time in the future dropped.
func (t Touch) Clean() Touch {
	out := Touch{
		UTMSource: param(t.UTMSource), UTMMedium: param(t.UTMMedium), UTMCampaign: param(t.UTMCampaign),
		UTMTerm: param(t.UTMTerm), UTMContent: param(t.UTMContent),
		GCLID: clickIDOf(t.GCLID), FBCLID: clickIDOf(t.FBCLID),
		Referrer: hostOf(t.Referrer), Landing: pathOf(t.Landing),
	}
	if t.At != nil && !t.At.IsZero() && !t.At.After(time.Now().Add(time.Hour)) {
		at := t.At.UTC().Truncate(time.Second)
		out.At = &at
	}
	return out
}

func (t Touch) empty() bool {
	return t.UTMSource == "" && t.UTMMedium == "" && t.UTMCampaign == "" && t.UTMTerm == "" &&
		t.UTMContent == "" && t.GCLID == "" && t.FBCLID == "" && t.Referrer == "" && t.Landing == ""
}

// param is a UTM value: printable, single-spaced, trimmed, cut to MaxParamLen.
func param(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, s)
	return i18n.Truncate(strings.Join(strings.Fields(s), " "), MaxParamLen)
}

func clickIDOf(s string) string {
	s = strings.TrimSpace(s)
	if !clickID.MatchString(s) {
		return ""
	}
	return i18n.Truncate(s, MaxClickIDLen)
}

// hostOf is the host of a referrer given as a host or as an address; "" when it is
// neither.
func hostOf(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if strings.Contains(s, "://") {
		u, err := url.Parse(s)
		if err != nil {
			return ""
		}
		s = u.Hostname()
	}
	s = strings.TrimSuffix(s, ".")
	if len(s) > MaxHostLen || !host.MatchString(s) {
		return ""
	}
	return s
}

// pathOf is the path of a landing page, without its query and fragment; "" when it is
// not a path on this site.
func pathOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.ContainsFunc(s, unicode.IsSpace) ||
		strings.ContainsFunc(s, unicode.IsControl) {
		return ""
	}
	return i18n.Truncate(s, MaxLandingLen)
}
