package calendars

import (
	"embed"

	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// texts holds what the calendars may tell a person (texts/<lang>.json).
var texts = i18n.MustLoadDir(textFiles, "texts", nil)

// Text returns code's text in lang (French by default, the code itself when unknown),
// its {name} placeholders filled from args, pairs of name and value.
func Text(lang, code string, args ...string) string { return texts.Text(lang, code, args...) }
