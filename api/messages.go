package api

import (
	"embed"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// messages holds the HTTP layer's messages (texts/<lang>.json), falling back to the
// booking core's.
var messages = i18n.MustLoadDir(textFiles, "texts", booking.Catalogue())

// text returns an HTTP-level message in lang, its {name} placeholders filled from args.
func text(lang, key string, args ...string) string { return messages.Text(lang, key, args...) }
