package catalogue

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// htmlPolicy is what the catalogue's HTML may contain once it reaches a browser.
var htmlPolicy = bluemonday.UGCPolicy()

// SanitizeHTML removes everything but safe formatting from stored HTML.
func SanitizeHTML(html string) string { return htmlPolicy.Sanitize(html) }

// SplitDetails cuts a service's details HTML at FeaturesMarker and sanitizes both blocks.
// Without the marker, everything is the intro.
func SplitDetails(html string) [2]string {
	intro, features, _ := strings.Cut(html, FeaturesMarker)
	return [2]string{strings.TrimSpace(SanitizeHTML(intro)), strings.TrimSpace(SanitizeHTML(features))}
}
