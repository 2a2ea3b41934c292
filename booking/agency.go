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

// Email is the address the agency answers at: the settings' contact e-mail, else
// AgencyEmail.
func (st Settings) Email() string {
	if st.ContactEmail != "" {
		return st.ContactEmail
	}
	return AgencyEmail
}

// agencyContact is what a message prints of the agency: the settings' name and contact
// e-mail when set.
func agencyContact(st Settings) mail.Agency {
	a := mail.Agency{Name: st.SiteName, Email: st.Email(), Phone: AgencyPhone, Address: AgencyAddress}
	if a.Name == "" {
		a.Name = "Dota"
	}
	return a
}
