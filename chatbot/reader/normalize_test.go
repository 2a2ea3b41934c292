package reader

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// wholeNormalize is normalize as it was: the whole text lower-cased and decomposed (NFD)
// at once, then read.
func wholeNormalize(s string) string {
	var b strings.Builder
	space := true
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r), r == 'ـ':
			continue
		case r == 'أ', r == 'إ', r == 'آ', r == 'ٱ':
			r = 'ا'
		case r == 'ى':
			r = 'ي'
		case r == 'ة':
			r = 'ه'
		case r >= '٠' && r <= '٩':
			r = '0' + (r - '٠')
		case r >= '۰' && r <= '۹':
			r = '0' + (r - '۰')
		case r == 'ß':
			b.WriteString("ss")
			space = false
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

func TestNormalizeOneCharacterAtATimeAgreesWithTheWholeText(t *testing.T) {
	// Every character, in runs of neighbours (combining marks next to one another).
	for from := rune(0); from <= unicode.MaxRune; from += 48 {
		var b strings.Builder
		for r := from; r < from+48 && r <= unicode.MaxRune; r++ {
			b.WriteRune(r)
			if r%3 == 0 {
				b.WriteString("a")
			}
		}
		if s := b.String(); normalize(s) != wholeNormalize(s) {
			t.Fatalf("normalize(%q) = %q, want %q", s, normalize(s), wholeNormalize(s))
		}
	}
	// Letters, marks of every combining class, Hangul, Arabic, separators and broken UTF-8, mixed.
	pieces := []string{"a", "É", "e\u0301", "\u0301", "\u0327\u0301", "\u0f71\u0f72", "\U0001d165\U0001d16d", "\u302e",
		"가", "ß", "İ", "ﻻ", "أ", "إسمي", "ـ", "\u064e", "٣", "۴", " ", "  ", "\t", ",", "’", "\u00a0", "😀", "\xff",
		"\xe2\x80", "K", "ſ", "Ω", "ǅ", "ﬁ", "1", "\u0345", "\u1e9e"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if s := b.String(); normalize(s) != wholeNormalize(s) {
			t.Fatalf("normalize(%q) = %q, want %q", s, normalize(s), wholeNormalize(s))
		}
	}
}

func TestWordsAreTheFieldsOfTheNormalForm(t *testing.T) {
	for _, s := range []string{"", " ", "Bonjour, je suis Amine !", "السلام عليكم، اسمي أمين", "a\u00a0b", "ـ"} {
		got, want := Words(s), strings.Fields(normalize(s))
		if len(got) != len(want) || strings.Join(got, "|") != strings.Join(want, "|") || got == nil {
			t.Errorf("words(%q) = %q, want %q", s, got, want)
		}
	}
}

// isSpace answers as unicode.IsSpace, and lowerFields may leave the Arabic block as it is.
func TestRuneShortcuts(t *testing.T) {
	for r := rune(0); r < 0x3000; r++ {
		if got, want := isSpace(r), unicode.IsSpace(r); got != want {
			t.Fatalf("isSpace(%U) = %v, unicode.IsSpace %v", r, got, want)
		}
		if r >= arabicStart && r < arabicEnd {
			if unicode.ToLower(r) != r {
				t.Fatalf("%U has a case", r)
			}
		}
	}
}
