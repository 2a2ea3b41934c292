package chatbot

import (
	"embed"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// dotaTexts holds every text Dota says (texts/<lang>.json), falling back to the booking
// core's (the validation messages the form shows too).
var dotaTexts = i18n.MustLoadDir(textFiles, "texts", booking.Catalogue())

// text returns Dota's message code in lang with its {placeholders} filled from pairs of
// name and value, then from the agency's details (facts.go) ({email} is the visitor's address
// where args give one).
func text(lang, code string, args ...string) string {
	s := dotaTexts.Raw(lang, code)
	if strings.IndexByte(s, '{') < 0 {
		return s
	}
	var buf [40]string // on the stack: a text has a few arguments, the agency some more
	return i18n.Fill(s, append(append(buf[:0], args...), placeholders(lang)...)...)
}

// formatDay writes a YYYY-MM-DD date in words: "dimanche 29 novembre 2026".
func formatDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return i18n.Weekday(lang, d.Weekday()) + " " + strconv.Itoa(d.Day()) + " " + i18n.Month(lang, d.Month()) + " " + strconv.Itoa(d.Year())
}

// shortDay writes a date for a quick reply: "dim. 29/11".
func shortDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	name := []rune(i18n.Weekday(lang, d.Weekday()))
	if lang != "ar" {
		name = append(name[:3], '.')
	}
	return string(name) + " " + d.Format("02/01")
}

// formatWhen writes a slot in words.
func formatWhen(lang, date, hhmm string) string {
	return text(lang, "when", "day", formatDay(lang, date), "time", hhmm)
}
