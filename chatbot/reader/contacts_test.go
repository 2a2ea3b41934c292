package reader

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// contactPieces are what messages giving a name, an e-mail and a phone are made of, for
// the tests that the scans around "@", a phone's characters and the lead-ins find what
// the patterns find on the whole message.
var contactPieces = []string{"a", "Amine", "belk", "@", "@@", ".", "..", "dz", "com", "-", "_", "%", "+", "é", " ", "  ",
	"\t", "\n", ",", "(", ")", "0555", "12", "34", "99", "+213", "٠٥٥٥", "je suis ", "Je suis", "JE M'APPELLE",
	"je m’appelle", "my name is", "My Name's", "name is:", " : ", "اسمي", "إسمي", "أنا اسمي", "esmi", "ſmiti", "\u212a",
	"C'est ", "c’est", "I'm ", "i am", "This is", "moi c'est", "Moi c’est", "Sarah", "sarah", "É", "x@y.z"}

func TestScansFindWhatThePatternsFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	spans := func(locs [][]int) [][2]int {
		var out [][2]int
		for _, l := range locs {
			out = append(out, [2]int{l[0], l[1]})
		}
		return out
	}
	for range 50000 {
		s := piecesText(rng, contactPieces)
		if got, want := EmailsIn(s), spans(EmailIn.FindAllStringIndex(s, -1)); !slices.Equal(got, want) {
			t.Fatalf("emailsIn(%q) = %v, want %v", s, got, want)
		}
		if got, want := ReplaceSpans(s, EmailsIn(s)), EmailIn.ReplaceAllString(s, " "); got != want {
			t.Fatalf("without e-mails %q: %q, want %q", s, got, want)
		}
		d := NormalizeDigits(s)
		if got, want := PhonesIn(d), spans(PhoneRun.FindAllStringIndex(d, -1)); !slices.Equal(got, want) {
			t.Fatalf("phonesIn(%q) = %v, want %v", d, got, want)
		}
	}
}
