package reader

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	clockreader "github.com/dota-agency/dota/chatbot/reader/clock"
)

// changeWords say that what follows replaces what came before in the same message: "9am…
// actually make it 10", "11h… la non smahli, dir 15h". Tried in this order at each place.
var changeWords = []string{"actually", "instead", "make it", "plutôt", "plutot", "finalement", "en fait",
	"la non", "non plutôt", "smahli", "sma7li", "ghalt", "khaliha", "khelliha", "khalliha", "kheliha", "khalih",
	"بل", "خليها", "ندير", "rather", "à la place", "a la place", "mettez", "mets", "mettons", "make that",
	"dirha", "diriha", "dirhali", "dirhouli", "ديرها", "ديريها", "اجعله", "اجعلها"}

// afterValueWords are the change words that may also follow the value they bring, at the end
// of its phrase: "Thursday at 10 instead?", "mettez 16h plutôt", "jeudi finalement".
var afterValueWords = []string{"actually", "instead", "plutôt", "plutot", "finalement", "en fait", "rather",
	"à la place", "a la place"}

// replacedWords lead the value that is replaced, not the one wanted: "16h plutôt que 14h",
// "Thursday instead of tomorrow", "au lieu de 14h, 16h", "الخميس بدلا من الاثنين", "lkhmis
// fi blast ghodwa". Those of bareReplaced do only when a day or an hour follows them at once:
// "بدل" and "bedel" are also "change" ("بدل الموعد للخميس").
var (
	replacedWords = []string{"instead of", "rather than", "in place of", "in lieu of", "au lieu de", "au lieu du",
		"au lieu des", "au lieu d'", "à la place de", "à la place du", "à la place d'", "a la place de",
		"a la place du", "a la place d'", "plutôt que", "plutot que", "plutôt qu'", "plutot qu'",
		"بدلا من", "بدلا عن", "بدل من", "بدل عن", "عوضا عن", "عوضا من", "عوض عن", "عوض من", "في مكان", "مكان",
		"في بلاصة", "ف بلاصة", "فبلاصة", "بلاصة", "في بلاصت", "فبلاصت", "بلاصت", "بدال",
		"fi blast", "f blast", "fblast", "blast", "fi blaset", "f blaset", "blaset", "blasset", "bdal",
		"3wad", "3wadh", "3awad", "3wed", "عوض", "بدل", "بدلا", "bedel", "bdel", "than"}
	bareReplaced = []string{"عوض", "بدل", "بدلا", "bedel", "bdel", "مكان", "than"}
)

var (
	changeList   = newPhraseList(changeWords)
	replacedList = newPhraseList(replacedWords)
)

// isChangeSep is what stands around a change word: an ASCII space, a comma, a full stop, a
// semicolon, an exclamation or question mark (Latin or Arabic), an Arabic comma or an
// ellipsis.
func isChangeSep(r rune) bool {
	switch r {
	case '\t', '\n', '\f', '\r', ' ', ',', '.', '!', '?', ';', '…', '،', '؛', '؟':
		return true
	}
	return false
}

// changeMarks returns where each change of mind of text starts and ends, as the pattern
// `(?i)(?:^|[\s,.!?;…،؛؟])(?:actually|…|a la place)(?:[\s,.!?;…،؛؟]|$)` would find them one
// after the other (changes_test.go holds it): each takes the separator before its word, if
// any, and the one after. A scan of the text instead of the pattern: running it on every
// message was a sixth of reading one.
func changeMarks(text string) [][2]int {
	var out [][2]int
	for pos := 0; pos < len(text); {
		start, end, _ := changeList.from(text, pos)
		if start < 0 {
			break
		}
		out = append(out, [2]int{start, end})
		pos = end
	}
	return out
}

// phraseList finds the phrases of a list standing as words in a raw text, as changeMarks
// does, under simple case folding; an apostrophe matches a typographic one, and Arabic
// short vowels and the tatweel between the letters are passed over ("بدلاً من").
type phraseList struct {
	words      []string
	folds      [][][]rune // each phrase, each character with the characters it matches
	firsts     []rune     // the characters a phrase may start with
	firstBytes [utf8.RuneSelf]bool
}

func newPhraseList(words []string) *phraseList {
	l := &phraseList{words: words, folds: make([][][]rune, len(words))}
	for i, w := range words {
		for _, c := range w {
			orbit := []rune{c}
			for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
				orbit = append(orbit, f)
			}
			if c == '\'' {
				orbit = append(orbit, '’', 'ʼ')
			}
			l.folds[i] = append(l.folds[i], orbit)
		}
		for _, r := range l.folds[i][0] {
			if !slices.Contains(l.firsts, r) {
				l.firsts = append(l.firsts, r)
			}
			if r < utf8.RuneSelf {
				l.firstBytes[r] = true
			}
		}
	}
	return l
}

// from is the first phrase of text starting at pos or after, the separator before it (if
// any) and the one after it taken: the leftmost place where one matches, "^" tried before
// a separator at the start; word is its index in the list. start is -1 when none is.
func (l *phraseList) from(text string, pos int) (start, end, word int) {
	for i := pos; i < len(text); {
		if i == 0 {
			if e, w := l.at(text, 0); e >= 0 {
				return 0, e, w
			}
		}
		if c := text[i]; c < utf8.RuneSelf && c != ' ' && c != ',' && c != '.' && c != '!' && c != '?' && c != ';' && (c < '\t' || c > '\r') {
			i++ // an ASCII character that is no separator
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if isChangeSep(r) {
			if e, w := l.at(text, i+size); e >= 0 {
				return i, e, w
			}
		}
		i += size
	}
	return -1, -1, -1
}

// at is where a phrase at i and the separator after it (or the end of text) end, and which
// phrase it is; -1 when none is at i. A phrase that ends with an apostrophe needs no
// separator after it ("au lieu d'aujourd'hui").
func (l *phraseList) at(text string, i int) (int, int) {
	if i >= len(text) {
		return -1, -1
	}
	if c := text[i]; c < utf8.RuneSelf {
		if !l.firstBytes[c] {
			return -1, -1
		}
	} else if r, _ := utf8.DecodeRuneInString(text[i:]); !slices.Contains(l.firsts, r) {
		return -1, -1
	}
	for k, w := range l.folds {
		j, ok := foldPrefix(text, i, w)
		if !ok {
			continue
		}
		if j == len(text) || strings.HasSuffix(l.words[k], "'") {
			return j, k
		}
		if r, size := utf8.DecodeRuneInString(text[j:]); isChangeSep(r) {
			return j + size, k
		}
	}
	return -1, -1
}

// foldPrefix reports whether text at i starts with the phrase w of a phraseList, and where
// that prefix ends.
func foldPrefix(text string, i int, w [][]rune) (int, bool) {
	for k, orbit := range w {
		if i >= len(text) {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		for k > 0 && isArabicMark(r) && i+size < len(text) {
			i += size
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !slices.Contains(orbit, r) {
			return 0, false
		}
		i += size
	}
	for i < len(text) { // "بدلاً": the vowels after the last letter
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isArabicMark(r) {
			break
		}
		i += size
	}
	return i, true
}

// isArabicMark is an Arabic short vowel, shadda, sukun or the tatweel.
func isArabicMark(r rune) bool { return (r >= 0x064B && r <= 0x0652) || r == 0x0640 }

// withoutReplaced is text without the values it says are replaced: a phrase of
// replacedWords and what follows it to the end of its clause or to a change of mind ("16h
// plutôt que 14h" is "16h", "au lieu de 14h, mettez 16h" is ", mettez 16h").
func withoutReplaced(text string) string {
	start, end, w := replacedList.from(text, 0)
	if start < 0 {
		return text
	}
	var b strings.Builder
	pos := 0
	for start >= 0 {
		if slices.Contains(bareReplaced, replacedWords[w]) && !startsValue(text[end:]) {
			start, end, w = replacedList.from(text, end)
			continue
		}
		stop := replacedEnd(text, end, clauseEnd(text, end))
		b.WriteString(text[pos:start])
		b.WriteByte(' ')
		pos = stop
		start, end, w = replacedList.from(text, stop)
	}
	b.WriteString(text[pos:])
	return b.String()
}

// replacedEnd is where the value replaced, which starts at i, ends in its clause (which
// ends at stop): a day counted from today ends where a weekday named after it starts ("بدل
// غدوة نهار الثلاثاء", "instead of tomorrow Thursday"); any other value at stop.
func replacedEnd(text string, i, stop int) int {
	first := true
	for j := i; j < stop; {
		k := strings.IndexFunc(text[j:stop], func(r rune) bool { return !unicode.IsSpace(r) })
		if k < 0 {
			break
		}
		j += k
		e := strings.IndexFunc(text[j:stop], unicode.IsSpace)
		if e < 0 {
			e = stop - j
		}
		ws := normalWords(normalize(text[j : j+e]))
		if len(ws) > 0 {
			w := ws[0]
			if first && !relativeFirsts[w] {
				return stop
			}
			if _, day := WeekdayNames[w]; !first && (day || w == "نهار" || w == "يوم" || w == "nhar") {
				return j
			}
			first = false
		}
		j += e
	}
	return stop
}

// clauseEnd is where the clause of text that goes on at i ends: at its next comma, full
// stop (not the one of "10.30"), semicolon, exclamation or question mark, line or change
// of mind; len(text) at the end.
func clauseEnd(text string, i int) int {
	end := len(text)
	if c, _, _ := changeList.from(text, i); c >= 0 {
		end = c
	}
	for j, r := range text[i:end] {
		if isClauseEnd(text, i+j, r) {
			return i + j
		}
	}
	return end
}

// isClauseEnd reports whether r, at i in text, ends a clause.
func isClauseEnd(text string, i int, r rune) bool {
	switch r {
	case ',', ';', '!', '?', '\n', '…', '،', '؛', '؟':
		return true
	case '.':
		return i+1 >= len(text) || text[i+1] == ' ' || text[i+1] == '\n' || text[i+1] == '.'
	}
	return false
}

// phraseBefore is where the phrase that ends at end starts, taken back clause by clause
// until it names a day or an hour: "Sorry, tomorrow's not going to work. Thursday at 10"
// is " Thursday at 10". 0 when only the whole of text before end names one, or none does.
func phraseBefore(text string, end int, now time.Time, bareHour bool) int {
	for j := end - 1; j > 0; j-- {
		r, size := utf8.DecodeLastRuneInString(text[:j+1])
		j -= size - 1
		if !isClauseEnd(text, j, r) || strings.TrimFunc(text[j+size:end], isChangeSep) == "" {
			continue
		}
		if !parseWhen(text[j+size:end], now, bareHour).empty() {
			return j + size
		}
	}
	return 0
}

// startsValue reports whether s starts with a day or an hour: a number, a weekday, a day
// named from today, an hour in words ("الحادية عشرة"), or "نهار", "يوم", "الساعة".
func startsValue(s string) bool {
	ws := normalWords(normalize(s))
	if len(ws) == 0 {
		return false
	}
	w := ws[0]
	if _, day := WeekdayNames[w]; day || relativeFirsts[w] || startsWithDigit(w) {
		return true
	}
	if _, hour := clockreader.Read(w, true); hour {
		return true
	}
	return w == "نهار" || w == "يوم" || w == "الساعه" || w == "nhar"
}

// phraseAfter is where the first phrase of text that names an hour ends, clause by
// clause; len(text) when only the whole of it does, or none does.
func phraseAfter(text string, now time.Time, bareHour bool) int {
	for j, r := range text {
		if isClauseEnd(text, j, r) && parseWhen(text[:j], now, bareHour).Time != "" {
			return j
		}
	}
	return len(text)
}
