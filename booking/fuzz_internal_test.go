package booking

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzRequestValidate normalizes and validates a form request made of arbitrary text and
// checks that every request accepted can be stored as it is: valid UTF-8 without NUL
// bytes, within the field limits, with a valid slot and key.
func FuzzRequestValidate(f *testing.F) {
	f.Add("Amel Bensaid", "amel@example.com", "0555 12 34 56", "Atlas", "Développement web", "2026-11-30", "10:00",
		"Bonjour", "key-1")
	f.Add("  Jean   Dupont ", "JEAN@EXAMPLE.COM ", "+213555123456", "", "", "", "", "", "")
	f.Add("A\x00", "a\x00@b.dz", "0555\x00123456", "\xff", "<script>", "2026-02-30", "25:00", "'; DROP TABLE x;--", "k y")
	f.Add("نور الهدى", "nour@مثال.dz", "(0555) 123-456", "شركة", "تطوير", "2026-11-29", "17:00", "سلام", "")
	now := time.Date(2026, 11, 22, 8, 0, 0, 0, algiers)
	f.Fuzz(func(t *testing.T, name, email, phone, company, service, date, hhmm, message, key string) {
		r := Request{Name: name, Email: email, Phone: phone, Company: company, Service: service, Date: date,
			Time: hhmm, Message: message, IdempotencyKey: key}
		r.normalize()
		if r.validate(now) != nil {
			return
		}
		for field, s := range map[string]string{"name": r.Name, "email": r.Email, "phone": r.Phone,
			"company": r.Company, "service": r.Service, "date": r.Date, "time": r.Time, "message": r.Message,
			"key": r.IdempotencyKey} {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
				t.Fatalf("accepted the unstorable %s %q", field, s)
			}
		}
		if n := utf8.RuneCountInString(r.Name); n < NameMinLen || n > NameMaxLen || r.Name != strings.Join(strings.Fields(r.Name), " ") {
			t.Fatalf("accepted the name %q", r.Name)
		}
		if utf8.RuneCountInString(r.Message) > MessageMaxLen || utf8.RuneCountInString(r.Service) > ShortMaxLen {
			t.Fatal("accepted an overlong text")
		}
		if (r.Date == "") != (r.Time == "") {
			t.Fatalf("accepted a date without a time: %q %q", r.Date, r.Time)
		}
		if r.Date != "" {
			d, ok := ParseDate(r.Date, algiers)
			if !ok || d.Before(time.Date(2026, 11, 22, 0, 0, 0, 0, algiers)) {
				t.Fatalf("accepted the date %q", r.Date)
			}
		}
		if prenom, nom := SplitName(r.Name); strings.TrimSpace(prenom) == "" || strings.TrimSpace(nom) == "" {
			t.Fatalf("the name %q makes an empty first or last name", r.Name)
		}
	})
}
