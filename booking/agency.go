package booking

import "github.com/dota-agency/dota/mail"

// The agency's contact details, named once: Dota quotes them, and every message to a
// customer prints them.
const (
	AgencyEmail   = "contact@dota.dz"
	AgencyPhone   = "+213 555 00 00 00"
	AgencyPhone2  = "+213 770 00 00 00"
	AgencyCity    = "Alger"
	AgencyAddress = "Alger, Algérie"
)

// agencyContact is what a message prints of the agency: the settings' name and contact
// e-mail when set.
func agencyContact(st Settings) mail.Agency {
	a := mail.Agency{Name: st.SiteName, Email: st.ContactEmail, Phone: AgencyPhone, Address: AgencyAddress}
	if a.Name == "" {
		a.Name = "Dota"
	}
	if a.Email == "" {
		a.Email = AgencyEmail
	}
	return a
}
