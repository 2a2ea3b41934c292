package reader

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// changeWords say that what follows replaces what came before in the same message: "9am…
// actually make it 10", "11h… la non smahli, dir 15h". Tried in this order at each place.
var changeWords = []string{"actually", "instead", "make it", "plutôt", "plutot", "finalement", "en fait",
	"la non", "non plutôt", "smahli", "sma7li", "ghalt", "khaliha", "khelliha", "khalliha", "kheliha", "khalih",
	"بل", "خليها", "ندير"}

// isChangeSep is what stands around a change word: an ASCII space, a comma, a full stop, an
// exclamation mark or an ellipsis.
func isChangeSep(r rune) bool {
	switch r {
	case '\t', '\n', '\f', '\r', ' ', ',', '.', '!', '…':
		return true
	}
	return false
}

// changeMarks returns where each change of mind of text starts and ends, as the pattern
// `(?i)(?:^|[\s,.!…])(?:actually|…|ندير)(?:[\s,.!…]|$)` would find them one after the other
// (changes_test.go holds it): each takes the separator before its word, if any, and the one
// after. A scan of the text instead of the pattern: running it on every message was a
// sixth of reading one.
func changeMarks(text string) [][2]int {
	var out [][2]int
	for pos := 0; pos < len(text); {
		start, end := changeMarkFrom(text, pos)
		if start < 0 {
			break
		}
		out = append(out, [2]int{start, end})
		pos = end
	}
	return out
}

// changeMarkFrom is the first change of mind of text starting at pos or after: the
// leftmost place where one matches, "^" tried before a separator at the start.
func changeMarkFrom(text string, pos int) (start, end int) {
	for i := pos; i < len(text); {
		if i == 0 {
			if e := changeWordAt(text, 0); e >= 0 {
				return 0, e
			}
		}
		if c := text[i]; c < utf8.RuneSelf && c != ' ' && c != ',' && c != '.' && c != '!' && (c < '\t' || c > '\r') {
			i++ // an ASCII character that is no separator
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if isChangeSep(r) {
			if e := changeWordAt(text, i+size); e >= 0 {
				return i, e
			}
		}
		i += size
	}
	return -1, -1
}

// changeWordAt is where a change word at i and the separator after it (or the end of
// text) end; -1 when none is at i.
func changeWordAt(text string, i int) int {
	if i >= len(text) {
		return -1
	}
	if c := text[i]; c < utf8.RuneSelf {
		if !changeFirstBytes[c] {
			return -1
		}
	} else if r, _ := utf8.DecodeRuneInString(text[i:]); !slices.Contains(changeFirsts, r) {
		return -1
	}
	for _, w := range changeFolds {
		j, ok := foldPrefix(text, i, w)
		if !ok {
			continue
		}
		if j == len(text) {
			return j
		}
		if r, size := utf8.DecodeRuneInString(text[j:]); isChangeSep(r) {
			return j + size
		}
	}
	return -1
}

// changeFolds are changeWords, each character with the characters it matches under simple
// case folding, as (?i) matches them: "ô" is "ô" or "Ô", "k" is "k", "K" or the Kelvin sign.
var changeFolds = func() [][][]rune {
	out := make([][][]rune, len(changeWords))
	for i, w := range changeWords {
		for _, c := range w {
			orbit := []rune{c}
			for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
				orbit = append(orbit, f)
			}
			out[i] = append(out[i], orbit)
		}
	}
	return out
}()

// changeFirsts are the characters a change word may start with.
var changeFirsts = func() []rune {
	var out []rune
	for _, w := range changeFolds {
		for _, r := range w[0] {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}()

// changeFirstBytes are the ASCII characters of changeFirsts.
var changeFirstBytes = func() (t [utf8.RuneSelf]bool) {
	for _, r := range changeFirsts {
		if r < utf8.RuneSelf {
			t[r] = true
		}
	}
	return t
}()

// foldPrefix reports whether text at i starts with the word w of changeFolds, and where
// that prefix ends.
func foldPrefix(text string, i int, w [][]rune) (int, bool) {
	for _, orbit := range w {
		if i >= len(text) {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if !slices.Contains(orbit, r) {
			return 0, false
		}
		i += size
	}
	return i, true
}
