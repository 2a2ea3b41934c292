package reader

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The clues each pattern of dates.go cannot match without, found by one scan of the
// text's bytes. A pattern is run only where its clue is, from the first clue on: running
// every pattern over every message was most of reading one. Each clue asks for no more
// than its pattern does, so no reading changes.

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// isSpaceByte is the patterns' \s.
func isSpaceByte(c byte) bool {
	switch c {
	case '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}

func skipSpaces(s string, i int) int {
	for i < len(s) && isSpaceByte(s[i]) {
		i++
	}
	return i
}

// digitsAround reports whether s has one of seps between two digits, as isoDate ("-")
// and numericDate ("/", ".", "-") need.
func digitsAround(s, seps string) bool {
	for i := 1; i+1 < len(s); i++ {
		if IsDigit(s[i+1]) && IsDigit(s[i-1]) && strings.IndexByte(seps, s[i]) >= 0 {
			return true
		}
	}
	return false
}

// hourBefore returns where clockTime (next ":h") or meridiem (next "ap") can first match
// in s: at a number of one or two digits starting a word, followed, maybe after spaces,
// by one of next's bytes; -1 where nowhere.
func hourBefore(s, next string) int {
	for p := 0; p < len(s); p++ {
		if !IsDigit(s[p]) || (p > 0 && IsWordByte(s[p-1])) {
			continue
		}
		for k := 1; k <= 2 && p+k <= len(s) && IsDigit(s[p+k-1]); k++ {
			if j := skipSpaces(s, p+k); j < len(s) && strings.IndexByte(next, s[j]) >= 0 {
				return p
			}
		}
	}
	return -1
}

// hourWords are the words of atHour before an hour.
var hourWords = []string{"at", "a", "à", "vers", "around", "الساعة", "الساعه", "على"}

// hourAfterWord returns where atHour can first match in s: at its start or a space, before
// one of hourWords, spaces and a digit; -1 where nowhere. From a space, the pattern's "^"
// matches nothing more: no hour word starts with a space.
func hourAfterWord(s string) int {
	for c := 0; c < len(s); c++ {
		w := c
		if isSpaceByte(s[c]) {
			w = c + 1
		} else if c > 0 {
			continue
		}
		for _, hw := range hourWords {
			if end := w + len(hw); strings.HasPrefix(s[w:], hw) {
				if j := skipSpaces(s, end); j > end && j < len(s) && IsDigit(s[j]) {
					return c
				}
			}
		}
	}
	return -1
}

// ordinalSuffixes may follow dayMonth's day, the first one being none.
var ordinalSuffixes = []string{"", "er", "st", "nd", "rd", "th"}

// dayBeforeMonth reports whether dayMonth can find a month in n: a number of one or two
// digits starting a word, maybe an ordinal suffix, spaces, maybe "of", "de" or "من" and
// spaces, then a month's name. Its other matches are no date.
func dayBeforeMonth(n string) bool {
	for p := 0; p < len(n); p++ {
		if !IsDigit(n[p]) || (p > 0 && IsWordByte(n[p-1])) {
			continue
		}
		for k := 1; k <= 2 && p+k <= len(n) && IsDigit(n[p+k-1]); k++ {
			for _, suffix := range ordinalSuffixes {
				end := p + k + len(suffix)
				g := skipSpaces(n, end)
				if !strings.HasPrefix(n[p+k:], suffix) || g == end {
					continue
				}
				if monthAt(n, g) {
					return true
				}
				for _, of := range []string{"of", "de", "من"} {
					if h := skipSpaces(n, g+len(of)); strings.HasPrefix(n[g:], of) && h > g+len(of) && monthAt(n, h) {
						return true
					}
				}
			}
		}
	}
	return false
}

// monthAt reports whether the letters from i, as dayMonth's [a-z\p{Arabic}]+ takes them,
// name a month.
func monthAt(n string, i int) bool {
	j := i
	for j < len(n) {
		r, size := utf8.DecodeRuneInString(n[j:])
		if !(r >= 'a' && r <= 'z' || unicode.Is(unicode.Arabic, r)) {
			break
		}
		j += size
	}
	_, ok := monthNames[n[i:j]]
	return ok
}

// monthBeforeDay reports whether monthDay can find a month in n: a month's name starting
// a word, then spaces and a digit. Its other matches are no date.
func monthBeforeDay(n string) bool {
	for i := 0; i < len(n); {
		if n[i] < 'a' || n[i] > 'z' {
			i++
			continue
		}
		j := i
		for j < len(n) && n[j] >= 'a' && n[j] <= 'z' {
			j++
		}
		if g := skipSpaces(n, j); (i == 0 || !IsWordByte(n[i-1])) && g > j && g < len(n) && IsDigit(n[g]) {
			if _, ok := monthNames[n[i:j]]; ok {
				return true
			}
		}
		i = j
	}
	return false
}

// IsWordByte is regular expressions' \w: an ASCII letter, digit or underscore.
func IsWordByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
}
