package reader

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// changePattern is what changeMarks finds, as a regular expression.
var changePattern = regexp.MustCompile(`(?i)(?:^|[\s,.!?;…،؛؟])(?:` + strings.Join(changeWords, "|") + `)(?:[\s,.!?;…،؛؟]|$)`)

func patternMarks(text string) [][2]int {
	var out [][2]int
	for _, l := range changePattern.FindAllStringIndex(text, -1) {
		out = append(out, [2]int{l[0], l[1]})
	}
	return out
}

// The scan finds the changes of mind the pattern finds, where it finds them.
func TestChangeMarksAsPattern(t *testing.T) {
	texts := []string{
		"", "actually", "Actually, 10", "9am... actually make it 10", "11h… la non smahli, dir 15h",
		"jeudi, PLUTÔT vendredi", "jeudi plutôt,finalement lundi", "plutôt finalement", "khalihaa 3", "khaliha 3",
		"khalih", "factually", "la nonne", "non plutôt mardi", "بل الخميس", "خليها السبت", "mardi\tinstead",
		"\u212Ahaliha 3", "ſmahli", "en fait.", "MAKE IT 4!", "x,make it…y", "…actually…", "lundi ندير الثلاثاء",
	}
	pieces := []string{"actually", "ACTUALLY", "instead", "make it", "Make It", "plutôt", "PLUTÔT", "plutot",
		"finalement", "en fait", "la non", "non plutôt", "smahli", "sma7li", "ghalt", "khaliha", "khalih",
		"khelliha", "kheliha", "بل", "خليها", "ندير", " ", " ", ",", ".", "!", "…", "\t", "x", "a", "la", "non",
		"\u212A", "ſ", "é", "10h", "jeudi", "ا"}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(8) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := changeMarks(s), patternMarks(s); !slices.Equal(got, want) {
			t.Fatalf("changeMarks(%q) = %v, the pattern finds %v", s, got, want)
		}
	}
}
