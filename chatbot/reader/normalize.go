package reader

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// normalize prepares text for keyword matching: lower case, accents and Arabic
// diacritics removed, Arabic letter variants folded, Arabic-Indic digits made ASCII, and
// every run of other characters made one space.
//
// It reads the text one character at a time, ASCII directly and the rest through
// normalRunes, each character's normal form computed once: decomposing the whole message
// (NFD) on every call was most of reading an Arabic one.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	put := func(c byte) {
		if c != ' ' {
			b.WriteByte(c)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			put(byte(r))
		case r >= 'A' && r <= 'Z':
			put(byte(r) + 'a' - 'A')
		case r < utf8.RuneSelf:
			put(' ')
		default:
			n := normalRune(r)
			for i := 0; i < len(n); i++ {
				put(n[i])
			}
		}
	}
	out := b.String()
	if space && out != "" {
		out = out[:len(out)-1]
	}
	return out
}

// normalRunes holds the normal form of the characters most messages are written with —
// Latin, Greek, Cyrillic, Hebrew and Arabic below U+0800, and general punctuation such as
// "’" — indexed from U+0080: its letters and digits, " " for anything else, "" for a
// character dropped (a combining mark, the tatweel).
var normalRunes = func() []string {
	t := make([]string, 0, 0x800-0x80+punctuationEnd-punctuationStart)
	for r := rune(0x80); r < 0x800; r++ {
		t = append(t, normalRuneSlow(r))
	}
	for r := rune(punctuationStart); r < punctuationEnd; r++ {
		t = append(t, normalRuneSlow(r))
	}
	return t
}()

// The block of general punctuation.
const punctuationStart, punctuationEnd = 0x2000, 0x2070

func normalRune(r rune) string {
	switch {
	case r < 0x800:
		return normalRunes[r-0x80]
	case r >= punctuationStart && r < punctuationEnd:
		return normalRunes[0x800-0x80+r-punctuationStart]
	}
	return normalRuneSlow(r)
}

// normalRuneSlow is the normal form of one character, as normalize defines it. A
// message's normal form is its characters' normal forms one after another: decomposition
// is per character, and the canonical reordering it adds only moves combining marks,
// which are dropped or, being neither letters nor digits, are one more separator.
func normalRuneSlow(r rune) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(string(unicode.ToLower(r))) {
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
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// Words splits normalized text into its words. The French "j'ai" and "n'ai" stay one
// word, "jai" and "nai", as do "j'en ai", "je l'ai", "je vous ai": their "ai" is not the
// English AI, a keyword of the AI bots.
func Words(s string) []string { return joinElisions(normalWords(normalize(s))) }

// beforeAi are the French words "ai" (have) follows, joined to it.
var beforeAi = map[string]bool{"j": true, "n": true, "en": true, "y": true, "l": true, "t": true, "m": true,
	"qu": true, "vous": true, "lui": true, "leur": true}

// joinElisions joins "j" and "ai" into "jai", "n" and "ai" into "nai", "en" and "ai" into
// "enai".
func joinElisions(ws []string) []string {
	for i := 0; i+1 < len(ws); i++ {
		if beforeAi[ws[i]] && ws[i+1] == "ai" {
			ws[i] += "ai"
			ws = append(ws[:i+1], ws[i+2:]...)
		}
	}
	return ws
}

// normalWords splits text already normalized, its words one space apart, into its words.
func normalWords(n string) []string {
	if n == "" {
		return []string{}
	}
	out := make([]string, 0, strings.Count(n, " ")+1)
	for {
		i := strings.IndexByte(n, ' ')
		if i < 0 {
			return append(out, n)
		}
		out = append(out, n[:i])
		n = n[i+1:]
	}
}

// lowerFields is the text's words, lower-cased, one space apart, with Arabic-Indic digits
// made ASCII, in one pass: normalizeDigits(strings.ToLower(strings.Join(strings.Fields(text), " "))).
func lowerFields(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	gap := false
	for _, r := range text {
		switch {
		case isSpace(r):
			gap = b.Len() > 0
			continue
		case gap:
			b.WriteByte(' ')
			gap = false
		}
		switch {
		case r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
		case r >= arabicStart && r < arabicEnd: // no case
			b.WriteRune(DigitOf(r))
		default:
			b.WriteRune(DigitOf(unicode.ToLower(r)))
		}
	}
	return b.String()
}

// NormalizeDigits writes Arabic-Indic and Persian digits as ASCII ones.
func NormalizeDigits(s string) string { return strings.Map(DigitOf, s) }

// DigitOf makes an Arabic-Indic digit ASCII.
func DigitOf(r rune) rune {
	switch {
	case r >= '٠' && r <= '٩':
		return '0' + (r - '٠')
	case r >= '۰' && r <= '۹':
		return '0' + (r - '۰')
	}
	return r
}

// arabicArticles are the prefixes Arabic glues to a word ("the", "and the", "with the", "for the").
var arabicArticles = []string{"وال", "بال", "فال", "كال", "لل", "ال"}

// arabicProclitics are the one-letter words glued before another: for, with, and, then.
var arabicProclitics = []string{"ل", "ب", "و", "ف"}

// arabicSuffixes are the possessive endings glued to a word ("your", "our", "their").
var arabicSuffixes = []string{"كم", "هم", "نا", "ها"}

// stem removes an Arabic article and possessive ending so that "التصوير" matches
// "تصوير" and "أسعاركم" matches "أسعار".
func stem(w string) string {
	// Every article begins, and every ending ends, with an Arabic letter.
	if w == "" || (w[0] < utf8.RuneSelf && w[len(w)-1] < utf8.RuneSelf) {
		return w
	}
	stripped := false
	for _, p := range arabicArticles {
		if strings.HasPrefix(w, p) && utf8.RuneCountInString(w)-utf8.RuneCountInString(p) >= 2 {
			w, stripped = w[len(p):], true
			break
		}
	}
	// A preposition or conjunction of one letter glued to a word: "لاستشارة" is "استشارة",
	// "وأريد" is "أريد". Only before four letters or more, so "بريد" stays whole; "and"
	// before three as well, as darija glues it to its short verbs: "ونحب" is "نحب".
	if !stripped {
		for _, p := range arabicProclitics {
			if n := utf8.RuneCountInString(w); strings.HasPrefix(w, p) && (n >= 5 || (n == 4 && p == "و")) {
				w = w[len(p):]
				break
			}
		}
	}
	for _, p := range arabicSuffixes {
		if strings.HasSuffix(w, p) && utf8.RuneCountInString(w)-utf8.RuneCountInString(p) >= 3 {
			return w[:len(w)-len(p)]
		}
	}
	// The accusative's alef, its tanween gone: "أريد تطبيقًا" wants a "تطبيق", "موقعًا" a "موقع".
	if strings.HasSuffix(w, "ا") && !strings.HasSuffix(w, "اا") && utf8.RuneCountInString(w) >= 5 {
		return w[:len(w)-len("ا")]
	}
	return w
}

func sameWord(a, b string) bool { return a == b || stem(a) == stem(b) }

// PhraseAt reports whether the words of phrase appear in text starting at index i.
func PhraseAt(text, phrase []string, i int) bool {
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

// ContainsPhrase reports whether phrase occurs in text as whole words.
func ContainsPhrase(text, phrase []string) bool {
	for i := range text {
		if PhraseAt(text, phrase, i) {
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
		case r < utf8.RuneSelf:
			if r|0x20 >= 'a' && r|0x20 <= 'z' {
				other++
			}
		case r >= arabicStart && r < arabicEnd:
			if arabicLetters[r-arabicStart] {
				ar++
			}
		case unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r):
			ar++
		case unicode.IsLetter(r):
			other++
		}
	}
	return ar > 0 && ar >= other
}

// The block of the Arabic letters, which have no case and hold no space.
const arabicStart, arabicEnd = 0x0600, 0x0700

// arabicLetters says which characters of the Arabic block are letters of the Arabic script.
var arabicLetters = func() (t [arabicEnd - arabicStart]bool) {
	for r := rune(arabicStart); r < arabicEnd; r++ {
		t[r-arabicStart] = unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r)
	}
	return t
}()

// isSpace is unicode.IsSpace, without its tables for ASCII and the Arabic block.
func isSpace(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r == ' ' || r >= '\t' && r <= '\r'
	case r >= arabicStart && r < arabicEnd:
		return false
	}
	return unicode.IsSpace(r)
}
