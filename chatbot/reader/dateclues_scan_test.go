package reader

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// inDaysIn finds what inDays finds: its clue never hides a match.
func TestInDaysInAsPattern(t *testing.T) {
	texts := []string{"", "dans 3 jours", "bonjour, dans 3  jours svp", "in 2 days", "thursday in 2 days",
		"ba3d 3 iyam", "بعد 3 ايام", "بعد 3 يوم", "من هنا 5 يام", "3 jours", "dans 3jours", "dans\t4 day"}
	pieces := []string{"dans", "in", "ba3d", "baad", "بعد", "من هنا", " ", " ", "  ", "\t", "3", "12", "jour",
		"jours", "day", "days", "iyam", "ayam", "ايام", "يوم", "يام", "bon", "thurs", "x", "a"}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(9) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := inDaysIn(s), inDays.FindStringSubmatch(s); !slices.Equal(got, want) {
			t.Fatalf("inDaysIn(%q) = %q, the pattern finds %q", s, got, want)
		}
	}
}
