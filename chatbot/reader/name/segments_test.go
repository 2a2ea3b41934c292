package name

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// segmentsByFields is segments as it was written first: the text's fields, each cut at
// the marks.
func segmentsByFields(text string) []segment {
	var out []segment
	var cur []word
	flush := func(label bool) {
		if len(cur) > 0 || label {
			out = append(out, segment{words: cur, label: label})
		}
		cur = nil
	}
	add := func(w string) { cur = append(cur, word{raw: w, f: fold(w)}) }
	for _, f := range strings.Fields(text) {
		for f != "" {
			i := strings.IndexAny(f, ".,;:!?،؛؟…")
			if i < 0 {
				add(f)
				break
			}
			if i > 0 {
				add(f[:i])
			}
			r, size := utf8.DecodeRuneInString(f[i:])
			flush(r == ':')
			f = f[i+size:]
		}
	}
	flush(false)
	return out
}

// One pass over the text cuts it as its fields cut at the marks did.
func TestSegmentsAsFields(t *testing.T) {
	pieces := []string{"Yacine", "AMRANI", "سارة", "اسمي", "Name", " ", "  ", "\t", "\u00a0", ".", ",", ";", ":",
		"!", "?", "،", "؛", "؟", "…", "é", "\xff", "ana", "D'accord", "-"}
	rnd := rand.New(rand.NewPCG(7, 8))
	texts := []string{"", "D'accord. Yacine Amrani", "Name: Lina Hamdi", "حسنا، اسمي سارة", " :: ", "a…b"}
	for range 20000 {
		var b strings.Builder
		for range rnd.IntN(10) {
			b.WriteString(pieces[rnd.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	for _, s := range texts {
		if got, want := segments(s), segmentsByFields(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("segments(%q) = %v, its fields cut at the marks give %v", s, got, want)
		}
	}
}

// isSpace answers as unicode.IsSpace.
func TestIsSpace(t *testing.T) {
	for r := rune(0); r < 0x3001; r++ {
		if isSpace(r) != unicode.IsSpace(r) {
			t.Fatalf("isSpace(%U) = %v", r, isSpace(r))
		}
	}
}
