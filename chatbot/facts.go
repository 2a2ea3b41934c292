package chatbot

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// What Dota says of itself and of the site, named once. Everything about the agency —
// address, phones, e-mail, hours, prices, founding year — comes from its profile in the
// settings (booking.Agency), read at each turn (agencyFacts).
const (
	FormPath       = "/rendez-vous"
	MaxAnswerWords = 150
)

// formPath is the form's address in lang, as the site names its pages: the default
// language's has no parameter, the others' name their language.
func formPath(lang string) string {
	if lang == i18n.Default {
		return FormPath
	}
	return FormPath + "?lang=" + lang
}

// agencyFacts are the agency's details as Dota's texts quote them: the placeholders
// {email}, {phone}, {phone2}, {address}, {city}, {hours}, {price_min}, {price_max},
// {currency}, {projects}, {clients} and {form}, per language, built from one version of the settings.
type agencyFacts struct {
	version  time.Time // the settings' updated_at they were built from
	settings booking.Settings
	byLang   map[string][]string
}

// facts holds the agency's details as last read: text() fills its placeholders from them.
// One agency per process, so one value; every turn refreshes it from the settings, which
// booking caches and renews at once on save.
var facts atomic.Pointer[agencyFacts]

func init() { learnAgency(booking.Settings{}) }

// learnAgency makes st's profile the one Dota quotes, unless it already is.
func learnAgency(st booking.Settings) {
	if cur := facts.Load(); cur != nil && !st.UpdatedAt.IsZero() && cur.version.Equal(st.UpdatedAt) {
		return
	}
	a := st.Agency
	lo, hi := a.PriceRange()
	phone2 := ""
	if len(a.Phones) > 1 {
		phone2 = a.Phones[1]
	}
	f := &agencyFacts{version: st.UpdatedAt, settings: st, byLang: map[string][]string{}}
	for _, l := range i18n.Languages {
		currency := a.Currency
		if name := dotaTexts.Raw(l, "currency_"+currency); currency != "" && name != "currency_"+currency {
			currency = name // the currency as the language names it (دينار جزائري)
		}
		f.byLang[l] = []string{"email", st.Email(), "phone", a.Phone(), "phone2", phone2, "form", FormPath,
			"address", a.Address.Line(), "city", a.Address.City, "hours", hoursText(l, a.Hours),
			"price_min", price(l, lo), "price_max", price(l, hi), "currency", currency,
			"projects", strconv.Itoa(a.ProjectsDelivered), "clients", strconv.Itoa(a.ClientsServed)}
	}
	facts.Store(f)
}

// refreshAgency reads the settings (cached by booking) so that this turn quotes the
// profile as it now stands; a failed read keeps the last one.
func (e *Engine) refreshAgency(ctx context.Context) {
	if st, err := e.core.Settings(ctx); err == nil {
		learnAgency(st)
	}
}

// agency is the settings the current facts were built from.
func agency() booking.Settings {
	if f := facts.Load(); f != nil {
		return f.settings
	}
	return booking.Settings{}
}

// factsVersion names the version of the agency's details Dota quotes.
func factsVersion() string {
	if f := facts.Load(); f != nil {
		return strconv.FormatInt(f.version.UnixMilli(), 36)
	}
	return "0"
}

// placeholders are the agency's details for text() in lang.
func placeholders(lang string) []string {
	f := facts.Load()
	if f == nil {
		return nil
	}
	if p, ok := f.byLang[i18n.OrDefault(lang)]; ok {
		return p
	}
	return f.byLang[i18n.Default]
}

// YearsOfExperience is the agency's experience as the chat states it: the current year
// minus the profile's founding year (0 while it has none).
func YearsOfExperience(now time.Time) int {
	y := agency().Agency.FoundedYear
	if y == 0 {
		return 0
	}
	return now.Year() - y
}

// hoursText writes the office hours in lang: "du dimanche au jeudi, de 9h à 17h".
func hoursText(lang string, h booking.Hours) string {
	days := h.Weekdays()
	if len(days) == 0 {
		return ""
	}
	var names string
	if run := len(days); run >= 3 && int(days[run-1]-days[0]) == run-1 {
		names = text(lang, "days_range", "from", i18n.Weekday(lang, days[0]), "to", i18n.Weekday(lang, days[run-1]))
	} else {
		list := make([]string, len(days))
		for i, d := range days {
			list[i] = i18n.Weekday(lang, d)
		}
		names = strings.Join(list, ", ")
	}
	return text(lang, "hours_range", "days", names, "opens", clockText(lang, h.Opens), "closes", clockText(lang, h.Closes))
}

// clockText writes HH:MM as the language writes hours: "9h", "9h30" in French, "9:00" else.
func clockText(lang, hhmm string) string {
	hh, mm, ok := strings.Cut(hhmm, ":")
	if !ok {
		return hhmm
	}
	hh = strings.TrimPrefix(hh, "0")
	if hh == "" {
		hh = "0"
	}
	if lang == "fr" {
		if mm == "00" {
			return hh + "h"
		}
		return hh + "h" + mm
	}
	return hh + ":" + mm
}

// price writes an amount with the language's grouping: "5 000", "5,000", "5000".
func price(lang string, n int) string {
	s := strconv.Itoa(n)
	sep := map[string]string{"fr": " ", "en": ","}[lang]
	if sep == "" || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// officeHours are when staff answer a hand-off live: the profile's hours once set, else
// the configured ones (DOTA_OFFICE_HOURS).
func (e *Engine) officeHours(st booking.Settings) booking.OfficeHours {
	if h, ok := st.Agency.Hours.OfficeHours(); ok {
		return h
	}
	return e.cfg.OfficeHours
}
