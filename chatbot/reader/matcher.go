package reader

import "slices"

// Text is a message's words read once for all the matchers that look at it: each word's
// stem, and a hash of the stem for the matchers' filters.
type Text struct {
	Words, st []string
	hs        []uint32
	asked     bool // the message it was read from holds a question mark
}

// NewText reads words for the matchers.
func NewText(ws []string) Text {
	t := Text{Words: ws, st: make([]string, len(ws)), hs: make([]uint32, len(ws))}
	for i, w := range ws {
		t.st[i] = stem(w)
		t.hs[i] = wordHash(t.st[i])
	}
	return t
}

// wordHash is FNV-1a, for the matchers' filters.
func wordHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h
}

// Matcher finds which of a set of keyword phrases a text names, on whole words. The
// phrases' stems are computed once, and a text's once per reading. The phrases are
// indexed by the stem of their first word, behind a filter of those stems' hashes: a
// text is read word by word, each looked up once, instead of trying every phrase at
// every word, which was most of reading a message.
type Matcher struct {
	Phrases [][]string
	stems   [][]string
	first   map[string][]int // phrase indexes by the stem of their first word
	filter  [8]uint64        // a bit per first stem's hash, modulo 512
}

// NewMatcher is the matcher of phrases, each normalized and stemmed once.
func NewMatcher(keywords ...string) Matcher {
	m := Matcher{first: map[string][]int{}}
	for _, k := range keywords {
		if w := Words(k); len(w) > 0 {
			st := StemAll(w)
			m.first[st[0]] = append(m.first[st[0]], len(m.Phrases))
			h := wordHash(st[0]) % 512
			m.filter[h/64] |= 1 << (h % 64)
			m.Phrases = append(m.Phrases, w)
			m.stems = append(m.stems, st)
		}
	}
	return m
}

// StemAll stems every word of ws.
func StemAll(ws []string) []string {
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

// starts returns the indexes of the phrases whose first word has the stem st, whose hash
// is h: the only phrases that can be found at a word of stem st, since a word equal to a
// phrase's first word has its stem too.
func (m *Matcher) starts(st string, h uint32) []int {
	if h %= 512; m.filter[h/64]&(1<<(h%64)) == 0 {
		return nil
	}
	return m.first[st]
}

// Score is the number of words of the longest phrase found in text, 0 when none is. It
// stems the words it looks at as it goes, instead of reading the text first (NewText):
// most words start no phrase, and most texts are looked at by one matcher only.
func (m *Matcher) Score(ws []string) int {
	best := 0
	for i, w := range ws {
		st := stem(w)
		for _, k := range m.starts(st, wordHash(st)) {
			if p := m.Phrases[k]; len(p) > best && wordsAt(ws, p, m.stems[k], i) {
				best = len(p)
			}
		}
	}
	return best
}

// wordsAt is stemmedAt with the text's stems worked out as needed.
func wordsAt(text, phrase, phraseStems []string, i int) bool {
	if len(phrase) == 0 || i+len(phrase) > len(text) {
		return false
	}
	for j, w := range phrase {
		if text[i+j] != w && stem(text[i+j]) != phraseStems[j] {
			return false
		}
	}
	return true
}

// ScoreIn is Score over words already read.
func (m *Matcher) ScoreIn(t *Text) int {
	best := 0
	for i := range t.Words {
		if n := m.atIn(t, i); n > best {
			best = n
		}
	}
	return best
}

// LastIn is the index of the last word a phrase starts at, -1 when none is found.
func (m *Matcher) LastIn(t *Text) int {
	for i := len(t.Words) - 1; i >= 0; i-- {
		if m.atIn(t, i) > 0 {
			return i
		}
	}
	return -1
}

// HitsIn is the number of phrases found in text, one after the other.
func (m *Matcher) HitsIn(t *Text) int {
	hits := 0
	for i := 0; i < len(t.Words); i++ {
		if n := m.atIn(t, i); n > 0 {
			hits++
			i += n - 1
		}
	}
	return hits
}

// At is the number of words of the longest phrase found at index i of text, whose stems
// are st; 0 when none is.
func (m *Matcher) At(text, st []string, i int) int {
	if i >= len(text) {
		return 0
	}
	return m.longestAt(text, st, m.starts(st[i], wordHash(st[i])), i)
}

func (m *Matcher) atIn(t *Text, i int) int {
	if i >= len(t.Words) {
		return 0
	}
	return m.longestAt(t.Words, t.st, m.starts(t.st[i], t.hs[i]), i)
}

func (m *Matcher) longestAt(text, st []string, ks []int, i int) int {
	n := 0
	for _, k := range ks {
		if p := m.Phrases[k]; len(p) > n && stemmedAt(text, st, p, m.stems[k], i) {
			n = len(p)
		}
	}
	return n
}

// countIn is how many of the phrases are found in t, each counted once.
func (m *Matcher) countIn(t *Text) int {
	var found [16]int
	seen := found[:0]
	for i := range t.Words {
		for _, k := range m.starts(t.st[i], t.hs[i]) {
			if !slices.Contains(seen, k) && stemmedAt(t.Words, t.st, m.Phrases[k], m.stems[k], i) {
				seen = append(seen, k)
			}
		}
	}
	return len(seen)
}

// Opens reports whether text starts with one of the phrases.
func (m *Matcher) Opens(t *Text) bool { return m.atIn(t, 0) > 0 }

// Skip returns the index after the phrases of m that follow one another from index i.
func (m *Matcher) Skip(text, st []string, i int) int {
	for i < len(text) {
		n := m.At(text, st, i)
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// Covers reports whether a non-empty text is made of phrases of ms only, one after
// another, the longest taken at each word: "oui merci" is covered by the yes and polite
// words, "oui mais mardi" is not.
func Covers(ws []string, ms ...Matcher) bool {
	t := NewText(ws)
	return CoversIn(&t, ms...)
}

// CoversIn is Covers over words already read.
func CoversIn(t *Text, ms ...Matcher) bool {
	for i := 0; i < len(t.Words); {
		n := 0
		for _, m := range ms {
			n = max(n, m.atIn(t, i))
		}
		if n == 0 {
			return false
		}
		i += n
	}
	return len(t.Words) > 0
}

// Exact reports whether text is exactly one of the phrases.
func (m *Matcher) Exact(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	t := NewText(ws)
	return m.exactIn(&t)
}

func (m *Matcher) exactIn(t *Text) bool {
	if len(t.Words) == 0 {
		return false
	}
	for _, k := range m.starts(t.st[0], t.hs[0]) {
		if len(m.Phrases[k]) == len(t.Words) && stemmedAt(t.Words, t.st, m.Phrases[k], m.stems[k], 0) {
			return true
		}
	}
	return false
}
