package booking_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/booking"
)

// storable is what PostgreSQL's text columns accept: valid UTF-8 without NUL bytes.
func storable(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// FuzzValidators checks that whatever a validator accepts respects its rule and can be
// stored, and that phone and e-mail normalization are stable.
func FuzzValidators(f *testing.F) {
	for _, s := range []string{"Amine", "0555 12 34 56", "a@b.dz", "+213(0)555", "\xff\xfe", "نور", "a\x00b@c.dz",
		"Jean-Pierre O’Neil", "(0555) 12-34-56", "\u0301\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if booking.CheckName(s) == "" {
			n := utf8.RuneCountInString(s)
			if n < booking.NameMinLen || n > booking.NameMaxLen || !storable(s) {
				t.Fatalf("CheckName accepted %q", s)
			}
			for _, r := range s {
				if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && !strings.ContainsRune(" -'’", r) {
					t.Fatalf("CheckName accepted %q with %q", s, r)
				}
			}
		}
		digits := booking.PhoneDigits(s)
		if booking.PhoneDigits(digits) != digits {
			t.Fatalf("PhoneDigits is not stable on %q", s)
		}
		if booking.CheckPhone(s) == "" {
			if n := len(digits); n < booking.PhoneMinLen || n > booking.PhoneMaxLen {
				t.Fatalf("CheckPhone accepted %q (%d digits)", s, n)
			}
			if strings.Trim(digits, "0123456789+") != "" {
				t.Fatalf("CheckPhone accepted %q with %q", s, digits)
			}
		}
		email := booking.NormalizeEmail(s)
		if booking.NormalizeEmail(email) != email {
			t.Fatalf("NormalizeEmail is not stable on %q", s)
		}
		if booking.CheckEmail(s) == "" {
			if len(s) > booking.EmailMaxLen || !storable(s) || !strings.Contains(s, "@") ||
				strings.ContainsFunc(s, unicode.IsControl) {
				t.Fatalf("CheckEmail accepted %q", s)
			}
		}
		if booking.CheckCompany(s) == "" {
			if n := utf8.RuneCountInString(s); n < booking.CompanyMinLen || n > booking.CompanyMaxLen || !storable(s) {
				t.Fatalf("CheckCompany accepted %q", s)
			}
		}
	})
}

// FuzzParseDate checks that an accepted date is exactly its canonical YYYY-MM-DD form.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-11-30", "2026-02-30", "0000-01-01", "9999-12-31", "2026-1-5", " 2026-11-30",
		"2026-11-30T00:00:00Z", "+2026-11-30"} {
		f.Add(s)
	}
	loc, _ := time.LoadLocation("Africa/Algiers")
	f.Fuzz(func(t *testing.T, s string) {
		d, ok := booking.ParseDate(s, loc)
		if !ok {
			return
		}
		if d.Format(time.DateOnly) != s || d.Location() != loc || d.Hour() != 0 {
			t.Fatalf("ParseDate(%q) = %v", s, d)
		}
	})
}

// FuzzIdempotencyKey checks that an accepted key is short printable ASCII, safe in a
// header, a log line and a database column.
func FuzzIdempotencyKey(f *testing.F) {
	for _, s := range []string{"", "b3f1c2d4-0000-4000-8000-000000000000", "clé", "a b", "k\x00", strings.Repeat("k", 201)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		if booking.CheckIdempotencyKey(key) != "" {
			return
		}
		if len(key) > booking.MaxIdempotencyKeyLen {
			t.Fatalf("accepted a key of %d bytes", len(key))
		}
		for i := 0; i < len(key); i++ {
			if key[i] <= ' ' || key[i] >= 0x7f {
				t.Fatalf("accepted %q with byte %#x", key, key[i])
			}
		}
	})
}

// FuzzSettingsJSON decodes settings as the console's PUT does and checks that settings
// Validate accepts are within the screen's options, storable, and survive a round trip.
func FuzzSettingsJSON(f *testing.F) {
	f.Add([]byte(`{"site_name":"Dota","timezone":"Africa/Algiers","language":"fr","items_per_page":10,` +
		`"backup_frequency":"daily","slot_capacity":1,"closed_dates":["2026-12-25"],"booking_horizon_days":90}`))
	f.Add([]byte(`{"site_name":"\u0000","timezone":"Mars/Olympus","slot_capacity":-1}`))
	f.Add([]byte(`{"site_name":"Dota","timezone":"Asia/Tokyo","language":"ar","items_per_page":20,` +
		`"backup_frequency":"weekly","slot_capacity":50,"contact_email":"a@b.dz","closed_dates":["2026-02-30"]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var st booking.Settings
		if json.Unmarshal(data, &st) != nil || st.Validate() != nil {
			return
		}
		if st.SlotCapacity < 1 || st.SlotCapacity > booking.MaxSlotCapacity || st.Location() == nil ||
			st.BookingHorizonDays < 1 || st.BookingHorizonDays > booking.MaxBookingHorizonDays ||
			strings.TrimSpace(st.SiteName) == "" {
			t.Fatalf("Validate accepted %+v", st)
		}
		for _, s := range append([]string{st.SiteName, st.SiteDescription, st.ContactEmail, st.Timezone,
			st.Language, st.BackupFrequency}, st.ClosedDates...) {
			if !storable(s) {
				t.Fatalf("Validate accepted the unstorable %q", s)
			}
		}
		for _, d := range st.ClosedDates {
			if _, err := time.Parse(time.DateOnly, d); err != nil {
				t.Fatalf("Validate accepted the closed date %q", d)
			}
		}
		raw, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var back booking.Settings
		if err := json.Unmarshal(raw, &back); err != nil || back.Validate() != nil {
			t.Fatalf("round trip of %s: %v", raw, err)
		}
	})
}
