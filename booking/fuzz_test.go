package booking_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

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

var youtubeIDShape = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)

// FuzzYouTubeID checks that an extracted id always has a video id's shape and that the
// short link made from it gives it back.
func FuzzYouTubeID(f *testing.F) {
	for _, s := range []string{"https://www.youtube.com/watch?v=aBcDeFgHiJ0", "https://youtu.be/x",
		"https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0?rel=0", "javascript:alert(1)//youtu.be/aBcDeFgHiJ0",
		"https://www.youtube.com/watch?feature=share&v=aB_-eFgHiJ0&t=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, link string) {
		id := booking.YouTubeID(link)
		if id == "" {
			return
		}
		if !youtubeIDShape.MatchString(id) {
			t.Fatalf("YouTubeID(%q) = %q", link, id)
		}
		if again := booking.YouTubeID("https://youtu.be/" + id); again != id {
			t.Fatalf("the short link of %q gives %q", id, again)
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

// dangerousTags may run script or change where the page's links and forms lead.
var dangerousTags = map[string]bool{"script": true, "style": true, "iframe": true, "object": true, "embed": true,
	"form": true, "input": true, "base": true, "meta": true, "link": true, "svg": true, "math": true, "frame": true}

// FuzzSanitizeHTML checks that a service's details, once sanitized, hold no element,
// event handler or URL that could run script in the visitor's browser.
func FuzzSanitizeHTML(f *testing.F) {
	for _, s := range []string{`<p onclick="x()">Intro<script>alert(1)</script></p>`,
		`<a href="javascript:alert(1)">x</a>` + booking.FeaturesMarker + `<img src=x onerror=alert(1)>`,
		`<a href=" JaVaScRiPt:alert(1)">x</a>`, `<svg><script>alert(1)</script></svg>`, `<iframe src="//evil"></iframe>`,
		`<a href="&#106;avascript:alert(1)">x</a>`, `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<ul><li>Un</li></ul>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, block := range booking.SplitDetails(in) {
			z := html.NewTokenizer(strings.NewReader(block))
			for {
				tt := z.Next()
				if tt == html.ErrorToken {
					break
				}
				if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
					continue
				}
				tok := z.Token()
				if dangerousTags[tok.Data] {
					t.Fatalf("sanitized %q keeps <%s>: %q", in, tok.Data, block)
				}
				for _, a := range tok.Attr {
					key := strings.ToLower(a.Key)
					val := strings.ToLower(strings.Map(func(r rune) rune {
						if unicode.IsSpace(r) || unicode.IsControl(r) {
							return -1
						}
						return r
					}, a.Val))
					if strings.HasPrefix(key, "on") || key == "style" || key == "srcdoc" || key == "formaction" {
						t.Fatalf("sanitized %q keeps the attribute %s: %q", in, a.Key, block)
					}
					if strings.HasPrefix(val, "javascript:") || strings.HasPrefix(val, "vbscript:") ||
						strings.HasPrefix(val, "data:text") {
						t.Fatalf("sanitized %q keeps the URL %q: %q", in, a.Val, block)
					}
				}
			}
		}
	})
}
