package chatbot

import (
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestCheckValue(t *testing.T) {
	tests := []struct {
		step, in, value, code string
	}{
		{StepName, "Amine Benali", "Amine Benali", ""},
		{StepName, "je m'appelle Amine Benali", "Amine Benali", ""},
		{StepName, "My name is Sarah O'Neil", "Sarah O'Neil", ""},
		{StepName, "اسمي محمد أمين", "محمد أمين", ""},
		{StepName, "Zoé-Hélène", "Zoé-Hélène", ""},
		{StepName, "A", "A", "name_length"},
		{StepName, "Amine42", "Amine42", "name_chars"},
		{StepName, strings.Repeat("a", 101), strings.Repeat("a", 101), "name_length"},
		// a yes or "all is well" after "c'est", "it's", "ana" names nobody
		{StepName, "pour moi c'est bon", "", "name_length"},
		{StepName, "moi c'est bon", "", "name_length"},
		{StepName, "for me it's good", "", "name_length"},
		{StepName, "ana sahit", "", "name_length"},
		{StepName, "Le Gall", "Le Gall", ""},
		// nor is a booking asked for: "good, let's make an appointment"
		{StepName, "مليح، نديرو رونديفو", "", "name_length"},
		{StepEmail, "Amine@Example.DZ", "amine@example.dz", ""},
		{StepEmail, "mon email est amine@example.dz.", "amine@example.dz", ""},
		{StepEmail, "amine@example", "amine@example", "email_invalid"},
		{StepEmail, "pas d'email", "pas d'email", "email_invalid"},
		// spelt out, with the rest of the sentence around it
		{StepEmail, "My email is hanane dot kaddour at gmail dot com, all lowercase. I'd rather not give a phone number.", "hanane.kaddour@gmail.com", ""},
		{StepEmail, "Mon e-mail : houda tiret bas amrani arobase yahoo point fr. Le numéro je préfère pas", "houda_amrani@yahoo.fr", ""},
		{StepEmail, "nour tiret web arobase gmail point com", "nour-web@gmail.com", ""},
		{StepEmail, "karim @ gmail . com", "karim@gmail.com", ""},
		{StepPhone, "0555 12 34 56", "0555 12 34 56", ""},
		{StepPhone, "+213 (555) 12-34-56", "+213 (555) 12-34-56", ""},
		{StepPhone, "mon numéro est 0555123456", "0555123456", ""},
		{StepPhone, "٠٥٥٥١٢٣٤٥٦", "0555123456", ""},
		{StepPhone, "0555", "0555", "phone_length"},
		// an Algerian landline, nine digits, is written with its country code; a short mobile is not
		{StepPhone, "021 69 45 12", "+213 21 69 45 12", ""},
		{StepPhone, "0555 12 34 5", "0555 12 34 5", "phone_length"},
		{StepEmail, "amine@exmaple.dz, oops typo: amine@example.dz", "amine@example.dz", ""},
		{StepPhone, "05551234567890123", "05551234567890123", "phone_length"},
		{StepPhone, "zéro cinq", "zéro cinq", "phone_chars"},
		{StepCompany, "Dota SARL", "Dota SARL", ""},
		{StepCompany, "mon entreprise est Atlas Import", "Atlas Import", ""},
		{StepCompany, "المحل اسمو Ghezali Shoes", "Ghezali Shoes", ""},
		{StepCompany, "l'hanout ta3i esmo Dar Lahlou", "Dar Lahlou", ""},
		{StepCompany, "الشركة إسمها النور للتجارة", "النور للتجارة", ""},
		// after a label and a colon, the name alone
		{StepCompany, "Le nom du cabinet : Haddad Avocats", "Haddad Avocats", ""},
		{StepCompany, "Company name: QuickDz Delivery", "QuickDz Delivery", ""},
		{StepCompany, "اسم الشركة: النور للتجارة", "النور للتجارة", ""},
		{StepCompany, "Oui, il s'agit de l'Agence Horizon, une agence immobilière.", "Agence Horizon", ""},
		{StepCompany, "Yes, it's for my company, Nova Print, a printing shop.", "Nova Print", ""},
		{StepCompany, "إيه، المطعم سميتو مطعم الياسمين.", "مطعم الياسمين", ""},
		{StepCompany, "ih, Dar Lahlou", "Dar Lahlou", ""},
		{StepCompany, "Ok Print, à Oran", "Ok Print", ""},
		{StepCompany, "X", "X", "company_invalid"},
	}
	for _, tt := range tests {
		v, code := checkValue(tt.step, tt.in)
		if v != tt.value || code != tt.code {
			t.Errorf("checkValue(%s, %q) = %q, %q; want %q, %q", tt.step, tt.in, v, code, tt.value, tt.code)
		}
	}
}

func TestCorrection(t *testing.T) {
	tests := []struct {
		in, field, value string
		ok               bool
	}{
		{"non, mon email est amine@ex.dz", StepEmail, "amine@ex.dz", true},
		{"my phone number is 0555 12 34 56", StepPhone, "0555 12 34 56", true},
		{"changer le nom", StepName, "", true},
		{"modifier e-mail", StepEmail, "", true},
		{"je veux changer de date", StepDate, "", true},
		{"non", "", "", false},
		{"Amine Benali", "", "", false},
		{"I need a mobile app for my shop", "", "", false},
		{"un site web pour mon entreprise", "", "", false},
		{"oui mais plutôt mardi à 15h", "", "", false},
		{"I want to change my company", StepCompany, "", true},
		{"change my name to Sarah Connor", StepName, "Sarah Connor", true},
		{"changer l'heure à 15h", StepTime, "15h", true},
		{"change my mobile number to 0770112233", StepPhone, "0770112233", true},
		{"update my business card to the new design", StepCompany, "", true},
		{"mon entreprise est Atlas Import", StepCompany, "Atlas Import", true},
		{"لا، بريدي هو amine@ex.dz", StepEmail, "amine@ex.dz", true},
	}
	for _, tt := range tests {
		f, v, ok := correction(tt.in, words(tt.in))
		if f != tt.field || v != tt.value || ok != tt.ok {
			t.Errorf("correction(%q) = %q, %q, %v; want %q, %q, %v", tt.in, f, v, ok, tt.field, tt.value, tt.ok)
		}
	}
}

func FuzzCheckValue(f *testing.F) {
	for _, s := range []string{"Amine Benali", "je m'appelle Zoé", "a@b.co", "mon email est X@Y.Z", "0555 12 34 56",
		"+213 (555) 12-34-56", "٠٥٥٥١٢٣٤٥٦", "Dota SARL", "", "\xff", "c'est "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := map[string]func(string) string{StepName: booking.CheckName, StepEmail: booking.CheckEmail,
			StepPhone: booking.CheckPhone, StepCompany: booking.CheckCompany}
		for step, fn := range check {
			v, code := checkValue(step, s)
			if code == "" && fn(v) != "" {
				t.Fatalf("checkValue(%s, %q) accepted %q, which the booking core refuses", step, s, v)
			}
			if step == StepEmail && code == "" && v != strings.ToLower(v) {
				t.Fatalf("email %q not lower-cased", v)
			}
		}
	})
}
