// Package clock reads the hour of a meeting from a visitor's words, in French, English,
// Modern Standard Arabic and Algerian darija (in Arabic or Latin letters): "14h30", "2 pm",
// "à quinze heures", "midi et demi", "a quarter to noon", "half past 3 pm", "الساعة ٢ ظهراً",
// "الحادية عشرة والنصف", "l 2 ta3 la3chiya". It is pure: no state, no I/O.
//
// A reading is certain, or only partly understood (a fraction or a part of the day it
// could not place): the caller confirms the latter instead of recording it. An hour from
// 1 to 5 with no part of the day is read in office hours, in the afternoon ("à 3" is
// 15:00); a part of the day always wins ("3 du matin" is 03:00).
package clock

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Reading is the hour a text names.
type Reading struct {
	Time    string // HH:MM, 24-hour
	Certain bool   // false: a part of the phrase was not understood; confirm before recording
}

// Read finds the first hour text names that it does not refuse. bare lets a lone number or
// number word stand for an hour, as it does when the visitor was just asked for one ("10",
// "dix"). A refused hour ("pas 11h", "machi m3a 11", "11h ma ynajamch", "11 doesn't work")
// is passed over for the next one ("machi m3a 11, m3a 12" is 12:00), and alone gives none.
func Read(text string, bare bool) (Reading, bool) {
	ts := tokens(text)
	if len(ts) == 0 {
		return Reading{}, false
	}
	for i := 0; i < len(ts); i++ {
		h, n, ok := hourAt(ts, i, bare)
		if !ok {
			continue
		}
		if refused(ts, i, n) {
			i += n - 1
			continue
		}
		// "vers 15h… ou 16h ? bon 16h c'est mieux": a later hour said to be better wins.
		if j, h2, n2, ok := preferredAfter(ts, i+n, bare); ok {
			return settle(ts, j, h2, n2), true
		}
		r := settle(ts, i, h, n)
		// "à 14h j'ai un fournisseur, 16h ça irait": two hours and nothing to tell which is
		// wanted; the later one is confirmed, never recorded.
		if later, ok := otherHourAfter(ts, i+n, r.Time, bare); ok {
			return Reading{Time: later}, true
		}
		return r, true
	}
	return Reading{}, false
}

// otherHourAfter finds, from token i on, an hour other than hhmm, not refused, that is
// neither a range's end nor an alternative ("de 14h à 16h", "10h ou 11h", "10h, 11h").
func otherHourAfter(ts []string, i int, hhmm string, bare bool) (string, bool) {
	linked := true // nothing but links since the hour before
	for k := i; k < len(ts); k++ {
		h, n, ok := hourAt(ts, k, bare)
		if !ok {
			linked = linked && (links[ts[k]] || hourNouns[ts[k]] || ts[k] == "h" || partOf(ts, k) != "")
			continue
		}
		// "après le service de midi": noon is an hour only after a marker ("à midi"); "ça
		// dure 1h" is no hour.
		if !refused(ts, k, n) && (!h.fixed || (k > 0 && markers[ts[k-1]])) && !(k > 0 && durations[ts[k-1]]) {
			if r := settle(ts, k, h, n); r.Time != hhmm && !linked {
				return r.Time, true
			}
		}
		linked, k = true, k+n-1
	}
	return "", false
}

// preferredAfter finds, from token i on, an hour said to be better than the others ("16h
// c'est mieux", "11 khir", "2pm works better"), not refused.
func preferredAfter(ts []string, i int, bare bool) (int, hour, int, bool) {
	for ; i < len(ts); i++ {
		h, n, ok := hourAt(ts, i, bare)
		if !ok {
			continue
		}
		if !refused(ts, i, n) {
			for k := i + n; k < min(len(ts), i+n+4); k++ {
				if preferred[ts[k]] {
					return i, h, n, true
				}
			}
		}
		i += n - 1
	}
	return 0, hour{}, 0, false
}

// refused says whether the hour at ts[i:i+n] is refused: a refusal right before it, a marker
// between them allowed ("pas à 11h", "not at 9", "ماشي مع 11"), or right after it, its
// hour nouns and part of the day allowed ("11h ma ynajamch", "9 am doesn't work",
// "الحادية عشرة لا تناسبني").
func refused(ts []string, i, n int) bool {
	k := i - 1
	if k >= 0 && markers[ts[k]] {
		k--
	}
	if k >= 0 && refusalsBefore[ts[k]] {
		return true
	}
	j := i + n
	for j < len(ts) && (hourNouns[ts[j]] || ts[j] == "h" || partOf(ts, j) != "") {
		j++
	}
	if j >= len(ts) {
		return false
	}
	switch {
	case ts[j] == "can": // "10 can't", not "10 can you…"
		return j+1 < len(ts) && ts[j+1] == "t"
	case !refusalsAfter[ts[j]]:
		return false
	}
	for k := j + 1; k < min(len(ts), j+3); k++ {
		if noProblem[ts[k]] {
			return false
		}
	}
	// "14h pas 15h": the refusal is the next hour's.
	next := j + 1
	if next < len(ts) && markers[ts[next]] {
		next++
	}
	return next >= len(ts) || !isDigits(ts[next])
}

// hour is an hour being read: the hour and minutes, and whether it is noon or midnight
// told as a word (which no part of the day moves).
type hour struct {
	h, m  int
	fixed bool
}

// hourAt reads an hour starting at token i: a number or an hour word said as an hour
// (after a marker such as "à", "at", "الساعة", "l", or before "h", "heures", "o'clock", a
// part of the day or a fraction), or noon and midnight, or an English "half past 3".
// n is how many tokens it took.
func hourAt(ts []string, i int, bare bool) (hour, int, bool) {
	t := ts[i]
	// "07.72.11.22.33" is a phone number: digits in a chain of more than two are no hour.
	if isDigits(t) && ((i > 0 && ts[i-1] == ":") || (i+3 < len(ts) && ts[i+1] == ":" && ts[i+3] == ":")) {
		return hour{}, 0, false
	}
	// "half past three", "quarter to noon", "20 past 4"
	if m, before, k := minutesBefore(ts, i); k > 0 && i+k < len(ts) {
		h, n, ok := noonOrMidnight(ts, i+k)
		if !ok {
			h, n, ok = hourValue(ts, i+k)
		}
		if ok {
			if before {
				return addMinutes(h, -m), k + n, true
			}
			h.m = m
			return h, k + n, true
		}
	}
	if v, n, ok := noonOrMidnight(ts, i); ok {
		return v, n, true
	}
	h, n, ok := hourValue(ts, i)
	if !ok {
		return hour{}, 0, false
	}
	if i+n < len(ts) && notHours[ts[i+n]] {
		return hour{}, 0, false // "3 jours", "f 3 iyam", "2 personnes"
	}
	switch {
	case isDigits(t) && n == 3: // "14h30", "10:30"
		return h, n, true
	case i > 0 && markers[ts[i-1]] && !(articles[t] && i+n < len(ts)):
		// "à une", "at one"; but "à une vraie personne", "at one of your offices" name no
		// hour: an article after a marker is an hour only when it ends the message or an
		// hour's word follows (below).
		return h, n, true
	case !isDigits(t) && len(t) > 4 && t[:4] == "ال" && t != "الثانيه":
		// An Arabic ordinal is an hour by itself: "الحادية عشرة" (not "الثانية", also "second").
		return h, n, true
	}
	if i+n < len(ts) {
		next := ts[i+n]
		if next == "h" || next == ":" || hourNouns[next] || fractionAt(ts, i+n) != 0 || partAfter(ts, i+n) != "" {
			return h, n, true
		}
	}
	// "10 bekri, 11 khir", "9 is too early", "11 c'est mieux": a number judged too early or
	// better is said as an hour.
	if isDigits(t) && judgedAfter(ts, i+n) {
		return h, n, true
	}
	// "9 machi 10", "14 pas 15", "9 not 10": a number set against a refused hour is one.
	if isDigits(t) && contrasted(ts, i+n) {
		return h, n, true
	}
	// A lone number, or a number word alone, when an hour was asked for.
	if bare && onlyHour(ts, i, n) && (isDigits(t) || len(ts) == n) {
		return h, n, true
	}
	return hour{}, 0, false
}

// hourValue reads a number or number word of one to two tokens as an hour (0–23).
func hourValue(ts []string, i int) (hour, int, bool) {
	t := ts[i]
	if isDigits(t) {
		v, err := strconv.Atoi(t)
		if err != nil || len(t) > 2 || v > 23 {
			return hour{}, 0, false
		}
		// "14h30", "14:30", "14 h 30"
		if i+2 < len(ts) && (ts[i+1] == "h" || ts[i+1] == ":") && isDigits(ts[i+2]) && len(ts[i+2]) == 2 {
			if m, _ := strconv.Atoi(ts[i+2]); m < 60 {
				return hour{h: v, m: m}, 3, true
			}
		}
		return hour{h: v}, 1, true
	}
	// "dix sept", "الحادية عشرة", "الثانية عشرة"
	if i+1 < len(ts) && pairFirst[t] {
		if v, ok := pairWords[t+" "+ts[i+1]]; ok {
			return hour{h: v}, 2, true
		}
	}
	if v, ok := hourWords[t]; ok {
		return hour{h: v}, 1, true
	}
	return hour{}, 0, false
}

// noonOrMidnight reads "midi", "noon", "midday", "منتصف النهار", "nos nhar", "minuit"…, but
// not the "midi" of "après-midi".
func noonOrMidnight(ts []string, i int) (hour, int, bool) {
	if i+1 < len(ts) {
		switch ts[i] {
		case "منتصف", "نص", "nos", "ness", "nss", "ntas":
			switch ts[i+1] {
			case "النهار", "nhar":
				return hour{h: 12, fixed: true}, 2, true
			case "الليل":
				return hour{h: 0, fixed: true}, 2, true
			}
		}
	}
	switch ts[i] {
	case "midi", "noon", "midday":
		if i > 0 && ts[i-1] == "apres" {
			return hour{}, 0, false
		}
		return hour{h: 12, fixed: true}, 1, true
	case "minuit", "midnight":
		return hour{h: 0, fixed: true}, 1, true
	}
	return hour{}, 0, false
}

// settle completes the hour read at ts[i:i+n] with what follows it: minutes in words, a
// fraction, a part of the day; and says whether every such word of the text was placed.
func settle(ts []string, i int, h hour, n int) Reading {
	j := i + n
	used := map[int]bool{}
	for k := i; k < j; k++ {
		used[k] = true
	}
	skip := func(k int) int { // "heures", "h", "o'clock" after the hour
		for k < len(ts) && (hourNouns[ts[k]] || ts[k] == "h") {
			used[k] = true
			k++
		}
		return k
	}
	j = skip(j)
	if f, k := fraction(ts, j); k > 0 {
		h = addMinutes(h, f)
		for x := j; x < j+k; x++ {
			used[x] = true
		}
		j += k
	} else if m, k := minuteWords(ts, j); k > 0 && h.m == 0 {
		h.m = m
		for x := j; x < j+k; x++ {
			used[x] = true
		}
		j += k
	}
	j = skip(j)
	part := ""
	for k := max(0, i-3); k < min(len(ts), j+4); k++ {
		if p := partOf(ts, k); p != "" && (k >= j || k < i) {
			part = p
			used[k] = true
			break
		}
	}
	certain := true
	v := h.h
	switch {
	case h.fixed:
		if part == "am" && v == 12 {
			certain = false
		}
	case part == "am":
		if v >= 13 {
			certain = false
		}
	case part == "pm":
		if v < 12 {
			v += 12
		}
	case part == "noon":
		if v >= 1 && v <= 5 {
			v += 12
		}
	default:
		if v >= 1 && v <= 5 {
			v += 12 // office hours: "à 3" is 15:00
		}
	}
	// A fraction or minute word the reading did not place leaves it uncertain.
	for k := range ts {
		if !used[k] && fractionWords[ts[k]] {
			certain = false
		}
	}
	if v > 23 {
		v, certain = v%24, false
	}
	return Reading{Time: format(v, h.m), Certain: certain}
}

func addMinutes(h hour, m int) hour {
	total := h.h*60 + h.m + m
	if total < 0 {
		total += 24 * 60
	}
	return hour{h: total / 60 % 24, m: total % 60, fixed: h.fixed}
}

func format(h, m int) string {
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

// judgedAfter reports whether an hour's judgement follows from token i on, within three
// tokens and before any other number: "bekri", "too early", "khir", "c'est mieux".
func judgedAfter(ts []string, i int) bool {
	for k := i; k < min(len(ts), i+3); k++ {
		switch {
		case isDigits(ts[k]):
			return false
		case judged[ts[k]] || preferred[ts[k]]:
			return true
		}
	}
	return false
}

// contrasted reports whether a refusal and another hour follow at token i: "machi 10",
// "pas à 15h", "not 10".
func contrasted(ts []string, i int) bool {
	if i >= len(ts) || !refusalsBefore[ts[i]] {
		return false
	}
	i++
	if i < len(ts) && markers[ts[i]] {
		i++
	}
	if i >= len(ts) {
		return false
	}
	_, n, ok := hourValue(ts, i)
	return ok && (i+n >= len(ts) || !notHours[ts[i+n]])
}

// onlyHour reports whether ts[i:i+n] is the only number of the text.
func onlyHour(ts []string, i, n int) bool {
	for k, t := range ts {
		if (k < i || k >= i+n) && (isDigits(t) || hourWords[t] > 0) {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// tokens lowers, unaccents and normalizes text (Arabic letters and digits) and splits it
// into words, numbers, "h" and ":": "14h30" is 14 h 30, "2pm" is 2 pm, "10:00" is 10 : 00.
func tokens(text string) []string {
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		if r < 0x250 {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			} else if r >= 0xC0 {
				r = unicode.ToLower(r)
			}
		}
		switch {
		case r >= '٠' && r <= '٩':
			b.WriteRune('0' + (r - '٠'))
		case r >= '۰' && r <= '۹':
			b.WriteRune('0' + (r - '۰'))
		case r == 'أ' || r == 'إ' || r == 'آ':
			b.WriteRune('ا')
		case r == 'ة':
			b.WriteRune('ه')
		case r == 'ى':
			b.WriteRune('ي')
		case r == 'ـ' || (r >= 0x064B && r <= 0x065F) || r == 0x0670:
		case r == '\'' || r == '’':
			// "o'clock", "l'après-midi": the apostrophe joins nothing
			b.WriteByte(' ')
		case r >= 0xC0 && r < 0x100:
			if u, ok := unaccent[r]; ok {
				r = u
			}
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	s := b.String()
	if strings.Contains(s, ".m") { // each of meridiems' has it
		s = meridiems.Replace(s)
	}
	out := make([]string, 0, strings.Count(s, " ")+4)
	word := func(w string) {
		if w != "" {
			out = appendClock(out, w)
		}
	}
	start := -1
	for i, r := range s {
		var inWord bool
		switch {
		case r < utf8.RuneSelf:
			inWord = r|0x20 >= 'a' && r|0x20 <= 'z' || r >= '0' && r <= '9'
		case r >= arabicStart && r < arabicEnd:
			inWord = arabicWordRunes[r-arabicStart]
		default:
			inWord = unicode.IsLetter(r) || unicode.IsDigit(r)
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			word(s[start:i])
			start = -1
		}
		if r == ':' || r == '.' {
			// a separator between the hour and its minutes: "10:30", "2.30pm"
			if i > 0 && i+1 < len(s) && isDigitByte(s[i-1]) && isDigitByte(s[i+1]) {
				out = append(out, ":")
			}
		}
	}
	if start >= 0 {
		word(s[start:])
	}
	return out
}

// The Arabic block, and which of its characters are letters or digits.
const arabicStart, arabicEnd = 0x0600, 0x0700

var arabicWordRunes = func() (t [arabicEnd - arabicStart]bool) {
	for r := rune(arabicStart); r < arabicEnd; r++ {
		t[r-arabicStart] = unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	return t
}()

// meridiems are "a.m." and "p.m." written as one word.
var meridiems = strings.NewReplacer("a.m.", "am ", "p.m.", "pm ", "a.m", "am", "p.m", "pm")

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// appendClock appends a word to out, split when it is an hour and its unit: "14h30",
// "15h", "2pm", "10am", "9heures"; other words, darija's digits-as-letters included
// ("3chiya"), stay whole.
func appendClock(out []string, w string) []string {
	d := 0
	for d < len(w) && isDigitByte(w[d]) {
		d++
	}
	if d == 0 || d > 2 || d == len(w) {
		return append(out, w)
	}
	num, rest := w[:d], w[d:]
	switch {
	case rest == "am" || rest == "pm" || rest == "h" || hourNouns[rest]:
		return append(out, num, rest)
	case rest[0] == 'h':
		if m := rest[1:]; isDigits(m) && len(m) == 2 {
			return append(out, num, "h", m)
		}
	}
	return append(out, w)
}

var unaccent = map[rune]rune{'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'à': 'a', 'â': 'a', 'ä': 'a', 'ç': 'c',
	'î': 'i', 'ï': 'i', 'ô': 'o', 'ö': 'o', 'ù': 'u', 'û': 'u', 'ü': 'u'}
