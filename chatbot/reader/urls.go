package reader

import (
	"regexp"
	"strings"
)

// Web addresses a message gives: "https://atlas-immo.dz", "www.atlas-immo.dz/contact",
// "notre site atlas-immo.dz". An address with a scheme or "www." is one whatever its
// ending; a bare name with a dot is one only when it ends as the addresses visitors give
// do (".com", ".dz", ".fr" …): "etc.ok" or "bonjour.merci" are no address. An e-mail's
// domain is no web address.

// urlIn is a web address: a scheme or "www.", or a host with a dot, then its path.
var urlIn = regexp.MustCompile(`(?i)(?:https?://|www\.)[^\s<>"'()\[\]{}،]+|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,12}(?:/[^\s<>"'()\[\]{}،]*)?`)

// webEndings are the endings of a bare host read as a web address.
var webEndings = map[string]bool{"com": true, "net": true, "org": true, "dz": true, "fr": true, "io": true, "co": true,
	"app": true, "dev": true, "shop": true, "store": true, "info": true, "biz": true, "me": true, "ai": true, "tech": true,
	"site": true, "online": true, "uk": true, "de": true, "ma": true, "tn": true, "eu": true, "ca": true, "us": true,
	"be": true, "ch": true, "es": true, "it": true, "agency": true, "digital": true, "web": true, "blog": true}

// URLsIn returns the web addresses of msg, as the visitor wrote them, in order, without
// the punctuation that ends a sentence after one.
func URLsIn(msg string) []string {
	s := ReplaceSpans(msg, EmailsIn(msg))
	return spanTexts(s, urlSpans(s))
}

// urlSpans returns where the web addresses of s are, in a message whose e-mail addresses
// are left out.
func urlSpans(s string) [][2]int {
	if !strings.Contains(s, ".") {
		return nil
	}
	var out [][2]int
	for _, loc := range urlIn.FindAllStringIndex(s, -1) {
		if loc[0] > 0 && (s[loc[0]-1] == '@' || s[loc[0]-1] == '.') {
			continue // the rest of an address cut by a character urlIn does not take
		}
		u := strings.TrimRight(s[loc[0]:loc[1]], ".,;:!?…")
		lower := strings.ToLower(u)
		if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") && !strings.HasPrefix(lower, "www.") {
			host, _, _ := strings.Cut(lower, "/")
			if !webEndings[host[strings.LastIndexByte(host, '.')+1:]] {
				continue
			}
		}
		out = append(out, [2]int{loc[0], loc[0] + len(u)})
	}
	return out
}

func spanTexts(s string, spans [][2]int) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, s[sp[0]:sp[1]])
	}
	return out
}
