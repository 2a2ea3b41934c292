// Package name reads a visitor's name from their words, in French, English, Arabic and
// darija: as the answer to "what is your name?" ("D'accord. Yacine Amrani", "OK. My name
// is Lina Hamdi", "حسنا، اسمي سارة") or as an introduction in any message ("Bonsoir, Farid
// Kaci. …", "ana Mehdi Saadi, …", "أنا نور الهدى …", "Name: Lina Hamdi"). It is pure: the
// caller checks the name with its own rules and removes e-mails and numbers first.
package name

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxWords is the longest name read.
const maxWords = 4

// word is a word as written and folded (see fold), folded once.
type word struct{ raw, f string }

// Answer reads the name in text, the answer to a question for it: acknowledgements,
// greetings and lead-ins are dropped, and the name is the words that follow, up to a
// word or mark that starts something else. "" when nothing is left.
func Answer(text string) string {
	segs := segments(text)
	for len(segs) > 1 && allFiller(segs[0]) {
		segs = segs[1:]
	}
	if len(segs) == 0 {
		return ""
	}
	// "Au nom du docteur : Mourad Belkacem", "3la smit khouya, Redouane Ferhat": of several
	// phrases, the one that is a name and nothing else.
	if n := onlyNamePhrase(segs); n != "" {
		return n
	}
	// "Name: Lina Hamdi", "Nom : Yacine"
	if len(segs) > 1 && labelOnly(segs[0]) {
		segs = segs[1:]
	}
	ws := dropFillers(segs[0].words)
	ws = afterLeadIn(ws)
	return take(ws, false)
}

// Introduced reads a name the text introduces as one, wherever it stands: after "je
// m'appelle", "my name is", "اسمي", "smiti", "Name:"; after "je suis", "I'm", "ana", "أنا"
// when the words that follow look like a name; or a greeting followed by a name alone
// ("Bonsoir, Farid Kaci."). "" when the text introduces nobody.
func Introduced(text string) string {
	segs := segments(text)
	for i, s := range segs {
		if labelOnly(s) && i+1 < len(segs) {
			if n := take(segs[i+1].words, false); n != "" {
				return n
			}
		}
		for j := range s.words {
			if !cues[s.words[j].f] {
				continue
			}
			// "3andi restaurant smitou Dar Yemma": a business's name, not the visitor's.
			if phraseAt(s.words, j, someoneElse) > 0 && businessBefore(s.words, j) {
				continue
			}
			if k := phraseAt(s.words, j, strong); k > 0 {
				if n := take(s.words[j+k:], false); n != "" {
					return n
				}
			}
			if k := phraseAt(s.words, j, weak); k > 0 {
				if n := take(s.words[j+k:], true); n != "" {
					return n
				}
			}
		}
	}
	// "Bonsoir, Farid Kaci. Je voudrais …": a greeting, then capitalised words alone.
	if len(segs) > 1 && allFiller(segs[0]) && greets(segs[0]) {
		ws := segs[1].words
		if len(ws) >= 2 && len(ws) <= 3 && allCapitalised(ws) {
			return take(ws, true)
		}
	}
	return ""
}

// Business reports whether text opens by naming a business ("le magasin c'est Meubles
// Boudiaf", "my shop is …"): what follows is its name, not the visitor's.
func Business(text string) bool {
	segs := segments(text)
	if len(segs) == 0 {
		return false
	}
	ws := dropFillers(segs[0].words)
	return businessBefore(ws, min(len(ws), 3))
}

// businessBefore reports whether a business is named in the few words before ws[j].
func businessBefore(ws []word, j int) bool {
	for _, w := range ws[max(0, j-5):j] {
		// with its article too: "الشركة اسمها Sahel Food", "المحل"
		if business[w.f] || business[strings.TrimPrefix(w.f, "ال")] {
			return true
		}
	}
	return false
}

// Alone reads the name that stands in a phrase of its own among several, with no word
// before it nor filler in it ("Le rdv au nom de mon père, Ahmed Toumi"; not "شكراً على
// التوضيح. …", a thanks, nor "واو مليح. نحب رونديفو");
// "" when no phrase, or more than one, is a name alone.
func Alone(text string) string { return namePhrase(segments(text), noFiller) }

// noFiller keeps a phrase none of whose words is a filler or a greeting ("واو مليح" is an
// exclamation, no name).
func noFiller(ws []word) []word {
	for _, w := range ws {
		if fillers[w.f] || greetings[w.f] {
			return nil
		}
	}
	return ws
}

// onlyNamePhrase is the name of the one phrase of several that holds a name of two words
// or more and nothing else, when only one does.
func onlyNamePhrase(segs []segment) string {
	return namePhrase(segs, func(ws []word) []word { return afterLeadIn(dropFillers(ws)) })
}

// namePhrase is the name of the one phrase of several whose words, trimmed, are a name of
// two words or more and nothing else, when only one is.
func namePhrase(segs []segment, trim func([]word) []word) string {
	if len(segs) < 2 {
		return ""
	}
	found := ""
	for _, s := range segs {
		ws := trim(s.words)
		if len(ws) < 2 || len(ws) > maxWords {
			continue
		}
		if n := take(ws, true); n != "" && len(strings.Fields(n)) == len(ws) {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}

// segment is a run of words between marks that end a phrase.
type segment struct {
	words []word
	label bool // it ended with ":"
}

func segments(text string) []segment {
	var out []segment
	// The words of every segment share one array.
	all := make([]word, 0, wordsBound(text))
	from := 0 // where the current segment's words start in all
	flush := func(label bool) {
		var cur []word
		if len(all) > from {
			cur = all[from:len(all):len(all)]
		}
		if len(cur) > 0 || label {
			out = append(out, segment{words: cur, label: label})
		}
		from = len(all)
	}
	// One pass over the text: a space ends a word, a mark ends the word and the phrase.
	start := -1
	for i, r := range text {
		space, mark := isSpace(r), isMark(r)
		if !space && !mark {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			all = append(all, word{raw: text[start:i], f: fold(text[start:i])})
			start = -1
		}
		if mark {
			flush(r == ':')
		}
	}
	if start >= 0 {
		all = append(all, word{raw: text[start:], f: fold(text[start:])})
	}
	flush(false)
	return out
}

// wordsBound is about the number of words of text: one more than its ASCII spaces and
// marks (a text with others grows the array once).
func wordsBound(text string) int {
	n := 2
	for i := 0; i < len(text); i++ {
		if c := text[i]; c <= ' ' || c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?' {
			n++
		}
	}
	return n
}

// isSpace is unicode.IsSpace, without its tables for ASCII and the Arabic block (which
// holds no space).
func isSpace(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r == ' ' || r >= '\t' && r <= '\r'
	case r >= 0x0600 && r < 0x0700:
		return false
	}
	return unicode.IsSpace(r)
}

// isMark reports whether r ends a phrase: . , ; : ! ? ، ؛ ؟ …
func isMark(r rune) bool {
	switch r {
	case '.', ',', ';', ':', '!', '?', '،', '؛', '؟', '…':
		return true
	}
	return false
}

func labelOnly(s segment) bool {
	switch {
	case !s.label || len(s.words) == 0 || len(s.words) > 2:
		return false
	case len(s.words) == 1:
		return labels[s.words[0].f]
	}
	return labels[s.words[0].f+" "+s.words[1].f]
}

func allFiller(s segment) bool {
	return len(dropFillers(s.words)) == 0
}

func greets(s segment) bool {
	for _, w := range s.words {
		if greetings[w.f] {
			return true
		}
	}
	return false
}

// dropFillers drops the acknowledgements and greetings that open ws: "ok", "d'accord",
// "bonjour", "حسنا", "wah".
func dropFillers(ws []word) []word {
	for len(ws) > 0 {
		if k := phraseAt(ws, 0, fillerPhrases); k > 0 {
			ws = ws[k:]
			continue
		}
		if fillers[ws[0].f] || greetings[ws[0].f] {
			ws = ws[1:]
			continue
		}
		break
	}
	return ws
}

// afterLeadIn drops a lead-in opening ws: "my name is", "je m'appelle", "اسمي", "ana".
func afterLeadIn(ws []word) []word {
	if k := phraseAt(ws, 0, strong); k > 0 {
		return ws[k:]
	}
	if k := phraseAt(ws, 0, weak); k > 0 && k < len(ws) {
		return ws[k:]
	}
	return ws
}

// take reads a name from the start of ws: up to maxWords words, ending before a word that
// starts the rest of the sentence. careful asks more of the words: capitalised in Latin
// letters, and none a common word.
func take(ws []word, careful bool) string {
	for len(ws) > 1 && titles[strings.TrimSuffix(ws[0].f, ".")] {
		ws = ws[1:]
	}
	var out []word
	for _, w := range ws {
		if stops[w.f] || !wordLike(w.raw) || joinedStop(w.f) {
			break
		}
		if careful && (common[w.f] || (isLatin(w.raw) && !capitalised(w.raw))) {
			break
		}
		out = append(out, w)
		if len(out) == maxWords {
			break
		}
	}
	for len(out) > 0 && trailing[out[len(out)-1].f] {
		out = out[:len(out)-1]
	}
	if len(out) == 0 || allCommon(out) || allAssent(out) {
		return "" // "mardi", "formation": no name; nor "bon" in "pour moi c'est bon"
	}
	raw := make([]string, len(out))
	for i, w := range out {
		raw[i] = w.raw
	}
	return strings.Join(raw, " ")
}

// joinedStop reports whether an Arabic word is "و" joined to a stop ("وأريد", "ونحب") or to
// a noun with its article ("والبريد", "والشركة"), which no name's word is.
func joinedStop(f string) bool {
	rest, ok := strings.CutPrefix(f, "و")
	return ok && rest != "" && (stops[rest] || common[rest] ||
		(strings.HasPrefix(rest, "ال") && utf8.RuneCountInString(rest) >= 4))
}

func wordLike(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) && r != '-' && r != '\'' && r != '’' {
			return false
		}
	}
	return w != ""
}

func isLatin(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r < 0x0250
}

func capitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func allCommon(ws []word) bool {
	for _, w := range ws {
		if !common[w.f] {
			return false
		}
	}
	return true
}

// allAssent reports whether every word says yes or that all is well: "moi c'est bon",
// "ana sahit", "it's fine" introduce nobody.
func allAssent(ws []word) bool {
	for _, w := range ws {
		if !assents[w.f] && !fillers[w.f] {
			return false
		}
	}
	return true
}

// Assent reports whether text says yes or that all is well past the acknowledgements that
// open it ("pour moi c'est bon", "for me it's good", "ana sahit"; not "ok, Le Gall"): what
// is no name, whatever else it holds.
func Assent(text string) bool {
	segs := segments(text)
	for len(segs) > 1 && allFiller(segs[0]) {
		segs = segs[1:]
	}
	for i, s := range segs {
		ws := s.words
		if i == 0 {
			ws = dropFillers(ws)
		}
		for _, w := range ws {
			if assents[w.f] {
				return true
			}
		}
	}
	return false
}

func allCapitalised(ws []word) bool {
	for _, w := range ws {
		if !wordLike(w.raw) || !isLatin(w.raw) || !capitalised(w.raw) || common[w.f] {
			return false
		}
	}
	return true
}

// fold lowers w, drops French accents and Arabic diacritics, and unifies the letters
// Arabic writers vary (أ إ آ → ا, ة → ه, ى → ي) and the apostrophes. A word with nothing
// to change is its own fold, at no cost.
func fold(w string) string {
	change := false
	for _, r := range w {
		if r >= 'A' && r <= 'Z' || r >= 0x80 && needsFold(r) {
			change = true
			break
		}
	}
	if !change {
		return w
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		if r < 0x250 {
			r = unicode.ToLower(r)
		}
		switch {
		case r == 'أ' || r == 'إ' || r == 'آ':
			r = 'ا'
		case r == 'ة':
			r = 'ه'
		case r == 'ى':
			r = 'ي'
		case r == '’':
			r = '\''
		case r == 'ـ' || (r >= 0x064B && r <= 0x065F):
			continue
		}
		if u, ok := unaccent[r]; ok {
			r = u
		}
		b.WriteRune(r)
	}
	return b.String()
}

// needsFold reports whether fold changes a rune past ASCII.
func needsFold(r rune) bool {
	switch {
	case r < 0x250:
		return true // accented or capital Latin letters
	case r == 'أ', r == 'إ', r == 'آ', r == 'ة', r == 'ى', r == '’', r == 'ـ', r >= 0x064B && r <= 0x065F:
		return true
	}
	return false
}

var unaccent = map[rune]rune{'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'à': 'a', 'â': 'a', 'ç': 'c', 'î': 'i',
	'ï': 'i', 'ô': 'o', 'ù': 'u', 'û': 'u'}

// phraseAt returns how many words of one of phrases start ws at i, 0 when none does.
func phraseAt(ws []word, i int, phrases [][]string) int {
	for _, p := range phrases {
		if i+len(p) > len(ws) || ws[i].f != p[0] {
			continue
		}
		ok := true
		for k := 1; k < len(p); k++ {
			if ws[i+k].f != p[k] {
				ok = false
				break
			}
		}
		if ok {
			return len(p)
		}
	}
	return 0
}
