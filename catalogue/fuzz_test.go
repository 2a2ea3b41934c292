package catalogue_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/net/html"

	"github.com/dota-agency/dota/catalogue"
)

var youtubeIDShape = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)

// FuzzYouTubeID checks that an extracted id always has a video id's shape and that the
// short link made from it gives it back.
func FuzzYouTubeID(f *testing.F) {
	for _, s := range []string{"https://www.youtube.com/watch?v=aBcDeFgHiJ0", "https://youtu.be/x",
		"https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0?rel=0", "javascript:alert(1)//youtu.be/aBcDeFgHiJ0",
		"https://www.youtube.com/watch?feature=share&v=aB_-eFgHiJ0&t=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, link string) {
		id := catalogue.YouTubeID(link)
		if id == "" {
			return
		}
		if !youtubeIDShape.MatchString(id) {
			t.Fatalf("YouTubeID(%q) = %q", link, id)
		}
		if again := catalogue.YouTubeID("https://youtu.be/" + id); again != id {
			t.Fatalf("the short link of %q gives %q", id, again)
		}
	})
}

// dangerousTags may run script or change where the page's links and forms lead.
var dangerousTags = map[string]bool{"script": true, "style": true, "iframe": true, "object": true, "embed": true,
	"form": true, "input": true, "base": true, "meta": true, "link": true, "svg": true, "math": true, "frame": true}

// FuzzSanitizeHTML checks that a service's details, once sanitized, hold no element,
// event handler or URL that could run script in the visitor's browser.
func FuzzSanitizeHTML(f *testing.F) {
	for _, s := range []string{`<p onclick="x()">Intro<script>alert(1)</script></p>`,
		`<a href="javascript:alert(1)">x</a>` + catalogue.FeaturesMarker + `<img src=x onerror=alert(1)>`,
		`<a href=" JaVaScRiPt:alert(1)">x</a>`, `<svg><script>alert(1)</script></svg>`, `<iframe src="//evil"></iframe>`,
		`<a href="&#106;avascript:alert(1)">x</a>`, `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<ul><li>Un</li></ul>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, block := range catalogue.SplitDetails(in) {
			z := html.NewTokenizer(strings.NewReader(block))
			for {
				tt := z.Next()
				if tt == html.ErrorToken {
					break
				}
				if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
					continue
				}
				tok := z.Token()
				if dangerousTags[tok.Data] {
					t.Fatalf("sanitized %q keeps <%s>: %q", in, tok.Data, block)
				}
				for _, a := range tok.Attr {
					key := strings.ToLower(a.Key)
					val := strings.ToLower(strings.Map(func(r rune) rune {
						if unicode.IsSpace(r) || unicode.IsControl(r) {
							return -1
						}
						return r
					}, a.Val))
					if strings.HasPrefix(key, "on") || key == "style" || key == "srcdoc" || key == "formaction" {
						t.Fatalf("sanitized %q keeps the attribute %s: %q", in, a.Key, block)
					}
					if strings.HasPrefix(val, "javascript:") || strings.HasPrefix(val, "vbscript:") ||
						strings.HasPrefix(val, "data:text") {
						t.Fatalf("sanitized %q keeps the URL %q: %q", in, a.Val, block)
					}
				}
			}
		}
	})
}
