package alerts

import (
	"embed"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// catalogue holds the alerts' texts (texts/<lang>.json).
var catalogue = i18n.MustLoadDir(textFiles, "texts", nil)

// Text returns the alerts' text for code in lang (French by default), its {name}
// placeholders filled from args, pairs of name and value.
func Text(lang, code string, args ...string) string { return catalogue.Text(lang, code, args...) }

// pushOffError refuses a push subscription while push is off: a conflict with the
// server's configuration, said in the reader's language.
type pushOffError struct{}

func (pushOffError) Error() string                       { return "alerts: push is off (no VAPID keys)" }
func (pushOffError) Is(target error) bool                { return target == booking.ErrConflict }
func (pushOffError) LocalizedMessage(lang string) string { return Text(lang, "push_off") }
