package reader

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// dayAndHourPieces are what texts about a day and an hour are made of, for the tests
// that a pattern run from its clue reads what it reads on the whole text.
var dayAndHourPieces = []string{"1", "3", "10", "25", "123", "2026", "0555", " ", " ", "  ", "\t", "-", "/", ".", ":",
	"h", "heures", "heure", "am", "pm", "a.m.", "p.m.", "at", "a", "à", "vers", "around", "الساعة", "الساعه", "على",
	"er", "st", "nd", "th", "of", "de", "من", "mars", "march", "dec", "décembre", "مارس", "نيسان", "تشرين", "الثاني",
	"كانون", "premier", "first", "الاول", "x", "_", "é", "A", "Mars", "jeudi", "demain", ",", "ab", "ي", "5h", "10:30",
	"\tat 3", "\nà 10", " vers\t4", "1er avril", "march 3rd, 2027"}

func piecesText(rng *rand.Rand, pieces []string) string {
	var b strings.Builder
	for range 1 + rng.IntN(10) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

func TestDayAndHourCluesAskNoMoreThanTheirPatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	from := func(p int, s string) string {
		if p < 0 {
			return ""
		}
		return s[p:]
	}
	for range 50000 {
		raw := piecesText(rng, dayAndHourPieces)
		for _, s := range []string{raw, lowerFields(raw)} {
			if !digitsAround(s, "-") && isoDate.MatchString(s) {
				t.Fatalf("isoDate matches %q without its clue", s)
			}
			if !digitsAround(s, "/.-") && numericDate.MatchString(s) {
				t.Fatalf("numericDate matches %q without its clue", s)
			}
			for _, c := range []struct {
				name string
				at   int
				re   interface{ FindStringSubmatch(string) []string }
			}{{"clockTime", hourBefore(s, ":h"), clockTime}, {"meridiem", hourBefore(s, "ap"), meridiem},
				{"atHour", hourAfterWord(s), atHour}} {
				if got, want := c.re.FindStringSubmatch(from(c.at, s)), c.re.FindStringSubmatch(s); !slices.Equal(got, want) {
					t.Fatalf("%s from its clue in %q: %q, want %q", c.name, s, got, want)
				}
			}
			n := normalize(s)
			if !strings.Contains(n, "كانون") && !strings.Contains(n, "تشرين") && monthPhrases.Replace(n) != n {
				t.Fatalf("monthPhrases changes %q without its clue", n)
			}
			if !dayBeforeMonth(n) && slices.ContainsFunc(dayMonth.FindAllStringSubmatch(n, -1), namesMonth(2)) {
				t.Fatalf("dayMonth finds a month in %q without its clue", n)
			}
			if !monthBeforeDay(n) && slices.ContainsFunc(monthDay.FindAllStringSubmatch(n, -1), namesMonth(1)) {
				t.Fatalf("monthDay finds a month in %q without its clue", n)
			}
		}
	}
}

func namesMonth(group int) func([]string) bool {
	return func(m []string) bool {
		_, ok := monthNames[m[group]]
		return ok
	}
}

func TestLowerFieldsIsTheTextsLowerWordsOneSpaceApart(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := append([]string{"\u00a0", "\n", "\v", "\u2003", "Ω", "İ", "\xff", "٣", "۴", "\ufffd"}, dayAndHourPieces...)
	for range 20000 {
		s := piecesText(rng, pieces)
		if got, want := lowerFields(s), NormalizeDigits(strings.ToLower(strings.Join(strings.Fields(s), " "))); got != want {
			t.Fatalf("lowerFields(%q) = %q, want %q", s, got, want)
		}
	}
}
