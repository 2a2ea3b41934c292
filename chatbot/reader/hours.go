package reader

import (
	clockreader "github.com/dota-agency/dota/chatbot/reader/clock"
)

// Parts of the day a visitor may name: with an hour they make it am or pm ("à 3 heures
// de l'après-midi"); alone they ask for that part's slots (PartOfDay).
var (
	afternoonWords = NewMatcher("apres midi", "apres-midi", "aprem", "soir", "afternoon", "evening", "pm",
		"مساء", "مساءا", "بعد الظهر", "العشيه", "la3chiya")
	morningWords = NewMatcher("matin", "matinee", "morning", "صباحا", "صباح", "الصباح", "sbah", "الصبح")
	// noonWords name noon, but not in "après-midi" (afternoonPhrase), the afternoon.
	noonWords       = NewMatcher("midi", "noon", "ظهرا")
	afternoonPhrase = NewMatcher("apres midi")
)

// PartOfDay names the part of the day a message asks for, "morning", "afternoon" or "".
func PartOfDay(ws []string) string {
	switch {
	case afternoonWords.Score(ws) > 0:
		return "afternoon"
	case morningWords.Score(ws) > 0:
		return "morning"
	}
	return ""
}

// parseTime finds an hour in s with the clock reader (chatbot/reader/clock): "10h",
// "14h30", "10 am", "midi et demi", "half past 3 pm", "الساعة ٢ ظهراً", "l 2 ta3 la3chiya".
// A phrase the reader understood only in part gives no hour but the one to confirm: Dota
// asks rather than record a wrong one.
func parseTime(s string, bareHour bool) (hhmm, unsure string) {
	r, ok := clockreader.Read(s, bareHour)
	switch {
	case !ok:
		return "", ""
	case !r.Certain:
		return "", r.Time
	}
	return r.Time, ""
}
