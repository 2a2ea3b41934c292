package booking

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/mail"
)

// Agency is the agency's profile, kept with the settings: what the site, the structured
// data, Dota's answers, the e-mails and the calendar invitations say of it. Its name is
// the settings' site name and its e-mail the settings' contact e-mail.
type Agency struct {
	// Tagline is one line about the agency, per language.
	Tagline catalogue.Localized `json:"tagline"`
	Address Address             `json:"address"`
	// MapURL opens the office on a map; empty for a search of the address.
	MapURL string `json:"map_url"`
	// Phones are the numbers to call, the main one first, written as displayed.
	Phones []string `json:"phones"`
	// WhatsApp is the number a WhatsApp conversation opens with, as displayed.
	WhatsApp    string       `json:"whatsapp"`
	Social      []SocialLink `json:"social"`
	FoundedYear int          `json:"founded_year"`
	// ProjectsDelivered and ClientsServed are the figures the agency stands behind, shown as
	// "100+" and "70+"; 0 shows none.
	ProjectsDelivered int `json:"projects_delivered"`
	ClientsServed     int `json:"clients_served"`
	// Currency is the currency of the prices, as ISO 4217 (DZD).
	Currency string         `json:"currency"`
	Prices   []ServicePrice `json:"prices"`
	Hours    Hours          `json:"hours"`
}

// Address is where the office is.
type Address struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	// Country is the ISO 3166 code; CountryName the name as written on the address line.
	Country     string `json:"country"`
	CountryName string `json:"country_name"`
}

// SocialLink is one of the agency's pages on a network.
type SocialLink struct {
	Network string `json:"network"` // facebook, instagram, linkedin, youtube, tiktok, x
	URL     string `json:"url"`
}

// ServicePrice is the range a service's work usually costs, in the agency's currency.
type ServicePrice struct {
	Service string `json:"service"` // the service's slug
	Min     int    `json:"min"`
	Max     int    `json:"max"`
}

// Hours are the office's opening days and hours: the hours the site shows and those in
// which staff answer a hand-off live.
type Hours struct {
	Days   []string `json:"days"` // sun, mon, … in week order
	Opens  string   `json:"opens"`
	Closes string   `json:"closes"`
}

// SocialNetworks are the networks a social link may name.
var SocialNetworks = []string{"facebook", "instagram", "linkedin", "youtube", "tiktok", "x"}

// IsZero reports whether nothing of the profile is set: a request that sends none keeps
// the stored one.
func (a Agency) IsZero() bool {
	return len(a.Tagline) == 0 && a.Address == (Address{}) && a.MapURL == "" && len(a.Phones) == 0 &&
		a.WhatsApp == "" && len(a.Social) == 0 && a.FoundedYear == 0 && a.ProjectsDelivered == 0 && a.ClientsServed == 0 && a.Currency == "" &&
		len(a.Prices) == 0 && len(a.Hours.Days) == 0 && a.Hours.Opens == "" && a.Hours.Closes == ""
}

// Line is the address on one line: "12 rue Didouche Mourad, 16000 Alger, Algérie".
func (a Address) Line() string {
	var parts []string
	for _, p := range []string{a.Street, strings.TrimSpace(a.PostalCode + " " + a.City), a.CountryName} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// Map is the link that opens the office on a map: the profile's, else a search of the address.
func (a Agency) Map() string {
	if a.MapURL != "" || a.Address.Line() == "" {
		return a.MapURL
	}
	return "https://www.google.com/maps/search/?api=1&query=" + url.QueryEscape(a.Address.Line())
}

// Phone is the main number, "" when none is set.
func (a Agency) Phone() string {
	if len(a.Phones) == 0 {
		return ""
	}
	return a.Phones[0]
}

// PriceRange is the lowest and highest price of every service, zeros when none is set.
func (a Agency) PriceRange() (lo, hi int) {
	for i, p := range a.Prices {
		if i == 0 || p.Min < lo {
			lo = p.Min
		}
		if p.Max > hi {
			hi = p.Max
		}
	}
	return lo, hi
}

// OfficeHours are the profile's hours as the hand-off reads them; ok is false while the
// profile sets none.
func (h Hours) OfficeHours() (oh OfficeHours, ok bool) {
	if len(h.Days) == 0 {
		return oh, false
	}
	oh, err := ParseOfficeHours(strings.Join(h.Days, ",") + " " + h.Opens + "-" + h.Closes)
	return oh, err == nil
}

// Weekdays are the days the office opens, in week order.
func (h Hours) Weekdays() []time.Weekday {
	var out []time.Weekday
	for d, name := range weekdayAbbrevs {
		if slices.Contains(h.Days, name) {
			out = append(out, time.Weekday(d))
		}
	}
	return out
}

// validate adds the profile's faults to v, each under agency.<field>.
func (a Agency) validate(v *ValidationError) {
	texts := map[string]string{"address.street": a.Address.Street, "address.city": a.Address.City,
		"address.postal_code": a.Address.PostalCode, "address.country_name": a.Address.CountryName, "whatsapp": a.WhatsApp}
	for lang, t := range a.Tagline {
		texts["tagline."+lang] = t
	}
	for i, p := range a.Phones {
		texts["phones."+strconv.Itoa(i)] = p
	}
	for f, s := range texts {
		if c := checkText(s, 200); c != "" {
			v.Add("agency."+f, c)
		}
	}
	for i, p := range append(slices.Clone(a.Phones), a.WhatsApp) {
		if p != "" && !looksLikePhone(p) {
			f := "agency.whatsapp"
			if i < len(a.Phones) {
				f = "agency.phones." + strconv.Itoa(i)
			}
			v.Add(f, "phone_chars")
		}
	}
	if a.Address.Country != "" && (len(a.Address.Country) != 2 || strings.ToUpper(a.Address.Country) != a.Address.Country) {
		v.Add("agency.address.country", "invalid_option")
	}
	if a.MapURL != "" && !webAddress(a.MapURL) {
		v.Add("agency.map_url", "url_invalid")
	}
	for i, l := range a.Social {
		if !slices.Contains(SocialNetworks, l.Network) {
			v.Add("agency.social."+strconv.Itoa(i)+".network", "invalid_option")
		}
		if !webAddress(l.URL) {
			v.Add("agency.social."+strconv.Itoa(i)+".url", "url_invalid")
		}
	}
	if a.FoundedYear != 0 && (a.FoundedYear < 1900 || a.FoundedYear > 2100) {
		v.Add("agency.founded_year", "invalid_option")
	}
	for f, n := range map[string]int{"projects_delivered": a.ProjectsDelivered, "clients_served": a.ClientsServed} {
		if n < 0 || n > 1_000_000 {
			v.Add("agency."+f, "invalid_option")
		}
	}
	if a.Currency != "" && len(a.Currency) != 3 {
		v.Add("agency.currency", "invalid_option")
	}
	for i, p := range a.Prices {
		if p.Service == "" || p.Min < 0 || p.Max < p.Min {
			v.Add("agency.prices."+strconv.Itoa(i), "price_invalid")
		}
	}
	if len(a.Hours.Days) > 0 || a.Hours.Opens != "" || a.Hours.Closes != "" {
		if _, ok := a.Hours.OfficeHours(); !ok {
			v.Add("agency.hours", "hours_invalid")
		}
	}
}

// looksLikePhone accepts a number as people write it: digits, spaces, dots, dashes,
// brackets and a leading +, with 6 to 15 digits.
func looksLikePhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '.', r == '-', r == '(', r == ')':
		default:
			return false
		}
	}
	return digits >= 6 && digits <= 15
}

// webAddress accepts an absolute http(s) address.
func webAddress(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// Email is the address the agency answers at: the settings' contact e-mail.
func (st Settings) Email() string { return st.ContactEmail }

// agencyContact is what a message prints of the agency: the profile's name, e-mail, main
// phone and address.
func agencyContact(st Settings) mail.Agency {
	return mail.Agency{Name: st.SiteName, Email: st.Email(), Phone: st.Agency.Phone(), Address: st.Agency.Address.Line()}
}
