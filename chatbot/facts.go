package chatbot

import (
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// The agency's contact details and promises, named once; Dota quotes them and so does
// the prompt given to Gemini.
const (
	ContactEmail    = booking.AgencyEmail
	ContactPhone1   = booking.AgencyPhone
	ContactPhone2   = booking.AgencyPhone2
	OfficeCity      = booking.AgencyCity
	FoundedYear     = 2018
	ProjectsClaim   = "100+"
	ClientsClaim    = "70+"
	PriceMinDZD     = 5000
	PriceMaxDZD     = 50000
	FormPath        = "/rendez-vous"
	MaxAnswerWords  = 150
	quoteWithin     = "24 h"
	confirmWithin   = "2 h"
	emailAnsweredIn = "24 h"
)

// formPath is the form's address in lang, as the site names its pages: the default
// language's has no parameter, the others' name their language.
func formPath(lang string) string {
	if lang == i18n.Default {
		return FormPath
	}
	return FormPath + "?lang=" + lang
}

// YearsOfExperience is the agency's experience as the chat states it: the current year
// minus the year it was founded.
func YearsOfExperience(now time.Time) int { return now.Year() - FoundedYear }
