package booking

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// parsedPhone is CanonicalPhone through phonenumbers.Parse alone.
func parsedPhone(phone string) (string, bool) {
	n, err := phonenumbers.Parse(phone, PhoneRegion)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// nationalForm is what nationalPhone reads: ten digits, spaces or hyphens between them.
var nationalForm = regexp.MustCompile(`^\d(?:[- ]*\d){9}$`)

// A number read in its national form is the number Parse reads, valid when Parse holds it
// valid: every prefix of four digits, with random ends, as people type them.
func TestNationalPhoneAsParse(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	var phones []string
	for p := 0; p < 1000; p++ {
		for range 4 {
			d := fmt.Sprintf("%04d%06d", p, rnd.IntN(1000000))
			phones = append(phones, d, d[:4]+" "+d[4:6]+" "+d[6:8]+" "+d[8:], d[:4]+"-"+d[4:7]+"-"+d[7:],
				d[:3]+"  "+d[3:])
		}
	}
	for range 1000 { // not in the national form: Parse's alone
		phones = append(phones, fmt.Sprintf("%010d", 1000000000+rnd.IntN(9000000000)))
	}
	phones = append(phones, "0555123499", " 0555123499", "0555123499 ", "0555123499-", "-0555123499",
		"05551234990", "055512349", "0055512349", "+213555123499", "00213555123499", "0555 12 34 99 1",
		"0 555 12 34 99", "0555(12)3499", "0555.12.34.99", "٠٥٥٥١٢٣٤٩٩", "0000000000", "0555123499#")
	fast, valid := 0, 0
	for _, p := range phones {
		want, wantOK := parsedPhone(p)
		if wantOK {
			valid++
		}
		if got, ok := nationalPhone(p); ok {
			fast++
			if !wantOK || got != want {
				t.Fatalf("nationalPhone(%q) = %q, Parse gives %q, %v", p, got, want, wantOK)
			}
		} else if d := PhoneDigits(p); wantOK && nationalForm.MatchString(p) && d[0] == '0' && d[1] != '0' {
			t.Errorf("nationalPhone(%q) reads nothing, Parse gives %q", p, want)
		}
		if got, ok := CanonicalPhone(p); ok != wantOK || got != want {
			t.Fatalf("CanonicalPhone(%q) = %q, %v; Parse gives %q, %v", p, got, ok, want, wantOK)
		}
	}
	if fast == 0 || valid == 0 {
		t.Fatalf("%d numbers read in their national form, %d valid: the test reads nothing", fast, valid)
	}
	t.Logf("%d numbers, %d valid, %d read in their national form", len(phones), valid, fast)
}
