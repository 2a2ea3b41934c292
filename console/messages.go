package console

import (
	"embed"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// catalogue holds the console's texts (texts/<lang>.json), falling back to the booking
// core's.
var catalogue = i18n.MustLoadDir(textFiles, "texts", booking.Catalogue())

// Text returns the console's message for key in lang (French by default), its {name}
// placeholders filled from args, pairs of name and value.
func Text(lang, key string, args ...string) string { return catalogue.Text(lang, key, args...) }

// StatusLabel returns the label of an appointment status in lang; unknown values read
// as pending.
func StatusLabel(lang, status string) string {
	if !catalogue.Has("status_" + status) {
		status = "pending"
	}
	return Text(lang, "status_"+status)
}
