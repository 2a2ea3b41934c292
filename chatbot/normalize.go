package chatbot

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// normalize prepares text for keyword matching: lower case, accents and Arabic
// diacritics removed, Arabic letter variants folded, Arabic-Indic digits made ASCII, and
// every run of other characters made one space.
func normalize(s string) string {
	var b strings.Builder
	space := true
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r), r == 'ـ': // combining marks, tashkeel, tatweel
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

// words splits normalized text into its words.
func words(s string) []string { return strings.Fields(normalize(s)) }

// arabicArticles are the prefixes Arabic glues to a word ("the", "and the", "with the", "for the").
var arabicArticles = []string{"وال", "بال", "فال", "كال", "لل", "ال"}

// arabicSuffixes are the possessive endings glued to a word ("your", "our", "their").
var arabicSuffixes = []string{"كم", "هم", "نا", "ها"}

// stem removes an Arabic article and possessive ending so that "التصوير" matches
// "تصوير" and "أسعاركم" matches "أسعار".
func stem(w string) string {
	for _, p := range arabicArticles {
		if strings.HasPrefix(w, p) && len([]rune(w))-len([]rune(p)) >= 2 {
			w = w[len(p):]
			break
		}
	}
	for _, p := range arabicSuffixes {
		if strings.HasSuffix(w, p) && len([]rune(w))-len([]rune(p)) >= 3 {
			return w[:len(w)-len(p)]
		}
	}
	return w
}

func sameWord(a, b string) bool { return a == b || stem(a) == stem(b) }

// phraseAt reports whether the words of phrase appear in text starting at index i.
func phraseAt(text, phrase []string, i int) bool {
	if len(phrase) == 0 || i+len(phrase) > len(text) {
		return false
	}
	for j, w := range phrase {
		if !sameWord(text[i+j], w) {
			return false
		}
	}
	return true
}

// containsPhrase reports whether phrase occurs in text as whole words.
func containsPhrase(text, phrase []string) bool {
	for i := range text {
		if phraseAt(text, phrase, i) {
			return true
		}
	}
	return false
}

// matcher finds which of a set of keyword phrases a text names, on whole words. The
// phrases' stems are computed once, and a text's once per call: stemming both words of
// every comparison was a third of a free question's CPU.
type matcher struct {
	phrases [][]string
	stems   [][]string
}

func newMatcher(keywords ...string) matcher {
	m := matcher{}
	for _, k := range keywords {
		if w := words(k); len(w) > 0 {
			m.phrases = append(m.phrases, w)
			m.stems = append(m.stems, stemAll(w))
		}
	}
	return m
}

func stemAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = stem(w)
	}
	return out
}

// stemmedAt is phraseAt with the stems of text and phrase already known.
func stemmedAt(text, textStems, phrase, phraseStems []string, i int) bool {
	if len(phrase) == 0 || i+len(phrase) > len(text) {
		return false
	}
	for j, w := range phrase {
		if text[i+j] != w && textStems[i+j] != phraseStems[j] {
			return false
		}
	}
	return true
}

// score is the number of words of the longest phrase found in text, 0 when none is.
func (m matcher) score(text []string) int {
	best := 0
	var st []string
	for k, p := range m.phrases {
		if len(p) <= best {
			continue
		}
		if st == nil {
			st = stemAll(text)
		}
		for i := range text {
			if stemmedAt(text, st, p, m.stems[k], i) {
				best = len(p)
				break
			}
		}
	}
	return best
}

// at is the number of words of the longest phrase found at index i of text, whose stems
// are st; 0 when none is.
func (m matcher) at(text, st []string, i int) int {
	n := 0
	for k, p := range m.phrases {
		if len(p) > n && stemmedAt(text, st, p, m.stems[k], i) {
			n = len(p)
		}
	}
	return n
}

// skip returns the index after the phrases of m that follow one another from index i.
func (m matcher) skip(text, st []string, i int) int {
	for i < len(text) {
		n := m.at(text, st, i)
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// covers reports whether a non-empty text is made of phrases of ms only, one after
// another, the longest taken at each word: "oui merci" is covered by the yes and polite
// words, "oui mais mardi" is not.
func covers(text []string, ms ...matcher) bool {
	st := stemAll(text)
	for i := 0; i < len(text); {
		n := 0
		for _, m := range ms {
			n = max(n, m.at(text, st, i))
		}
		if n == 0 {
			return false
		}
		i += n
	}
	return len(text) > 0
}

// exact reports whether text is exactly one of the phrases.
func (m matcher) exact(text []string) bool {
	var st []string
	for k, p := range m.phrases {
		if len(p) != len(text) {
			continue
		}
		if st == nil {
			st = stemAll(text)
		}
		if stemmedAt(text, st, p, m.stems[k], 0) {
			return true
		}
	}
	return false
}

// isArabic reports whether most letters of s are Arabic.
func isArabic(s string) bool {
	ar, other := 0, 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r):
			ar++
		case unicode.IsLetter(r):
			other++
		}
	}
	return ar > 0 && ar >= other
}
