package chatbot

import (
	"fmt"
	"strings"
)

// prompt is what Gemini is asked: the agency's facts, the service names, the reply
// language, the word limit and the visitor's message.
func (e *Engine) prompt(lang, message string, cat catalogueData) string {
	names := serviceList(lang, cat.Services)
	language := map[string]string{"fr": "French", "en": "English", "ar": "Arabic"}[lang]
	var b strings.Builder
	st := agency()
	a := st.Agency
	lo, hi := a.PriceRange()
	fmt.Fprintf(&b, "You are Dota, the friendly assistant of %s, a digital agency at %s, founded in %d (%d+ years of experience, %d+ projects, %d+ clients).\n",
		st.SiteName, a.Address.Line(), a.FoundedYear, YearsOfExperience(e.now()), a.ProjectsDelivered, a.ClientsServed)
	fmt.Fprintf(&b, "Services: %s.\n", names)
	fmt.Fprintf(&b, "Facts: opening hours %s; appointment slots 9:00-12:00 and 14:00-17:00; prices from %d to %d %s; staff confirm requests, and a confirmation email with a link to move or cancel goes out at once when the visitor gave an email; email %s; phone %s; small projects take 2-4 weeks, larger ones several months.\n",
		hoursText("en", a.Hours), lo, hi, a.Currency, st.Email(), strings.Join(a.Phones, " or "))
	fmt.Fprintf(&b, "Answer in %s, in at most %d words, plainly, without markdown or links. Do not invent prices, dates or facts not listed; if unsure, suggest booking an appointment or contacting the agency.\n",
		language, MaxAnswerWords)
	fmt.Fprintf(&b, "Visitor's message: %q\n", message)
	return b.String()
}

// clip keeps an AI answer safe to show: sanitized and at most MaxAnswerWords words.
func clip(answer string) string {
	w := strings.Fields(Sanitize(strings.ReplaceAll(answer, "*", "")))
	if len(w) > MaxAnswerWords {
		w = append(w[:MaxAnswerWords], "…")
	}
	return strings.Join(w, " ")
}
