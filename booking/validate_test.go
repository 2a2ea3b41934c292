package booking_test

import (
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestCheckName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"Amine":                  "",
		"Hélène O'Brien":         "",
		"Jean-Pierre":            "",
		"نور الهدى":              "",
		"A":                      "name_length",
		"Amine2":                 "name_chars",
		"<script>":               "name_chars",
		strings.Repeat("a", 101): "name_length",
	} {
		if got := booking.CheckName(name); got != want {
			t.Errorf("CheckName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCheckPhone(t *testing.T) {
	t.Parallel()
	for phone, want := range map[string]string{
		"0555123456":        "",
		"+213 555 12 34 56": "",
		"(0555) 12-34-56":   "",
		"055512345":         "phone_length",
		"0555123456789012":  "phone_length",
		"0555 12 34 5a":     "phone_chars",
		"++++++++++":        "phone_length",
		"0000000000":        "phone_chars",
		"0500000001":        "phone_chars",
		"+213+555123456":    "phone_chars",
	} {
		if got := booking.CheckPhone(phone); got != want {
			t.Errorf("CheckPhone(%q) = %q, want %q", phone, got, want)
		}
	}
}

// TestCanonicalPhone: the same number however it is typed is one number, in E.164, an
// Algerian one when it has no country code; what is not a number has none.
func TestCanonicalPhone(t *testing.T) {
	t.Parallel()
	for _, phone := range []string{"0555 33 44 55", "0555-33-44-55", "0555334455", "+213 555 33 44 55",
		"00213 555 33 44 55", "(0555) 33-44-55"} {
		if got, ok := booking.CanonicalPhone(phone); !ok || got != "+213555334455" {
			t.Errorf("CanonicalPhone(%q) = %q, %v; want +213555334455", phone, got, ok)
		}
	}
	if got, ok := booking.CanonicalPhone("+33 6 12 34 56 78"); !ok || got != "+33612345678" {
		t.Errorf("a French number: %q, %v", got, ok)
	}
	for _, phone := range []string{"++++++++++", "0000000000", "", "phone"} {
		if got, ok := booking.CanonicalPhone(phone); ok {
			t.Errorf("CanonicalPhone(%q) = %q, want no number", phone, got)
		}
	}
}

func TestCheckEmailAndCompany(t *testing.T) {
	t.Parallel()
	for email, want := range map[string]string{"a@b.dz": "", "a@b": "email_invalid", "a b@c.dz": "email_invalid", "": "email_invalid",
		"a\x00b@c.dz": "email_invalid", "a\x07@c.dz": "email_invalid", "\xff@c.dz": "email_invalid",
		"\uFFFD@c.dz": "email_invalid", "nour@مثال.dz": ""} {
		if got := booking.CheckEmail(email); got != want {
			t.Errorf("CheckEmail(%q) = %q, want %q", email, got, want)
		}
	}
	for company, want := range map[string]string{"Almas": "", "A": "company_invalid", "Ok\x01": "company_invalid"} {
		if got := booking.CheckCompany(company); got != want {
			t.Errorf("CheckCompany(%q) = %q, want %q", company, got, want)
		}
	}
}
