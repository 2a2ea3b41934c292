package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/chatbot/reader"
)

// A visitor who sees their name misspelt spells it again, often the one word alone, at
// whatever step comes next: "sorry typo: Khelil, with an h", "non pardon c'est Benaly, avec
// un y", "سمحلي غلطت، Bouhraoua بالـ h". The word of the name the new one comes close to
// is replaced by it, and the step is asked again.

// respellWords say that what follows mends a mistake.
var respellWords = reader.NewMatcher("pardon", "sorry", "typo", "désolé", "desole", "désolée", "oups", "oops",
	"erreur", "mistake", "je me suis trompé", "je me suis trompe", "i mean", "je veux dire", "correction",
	"with an", "with a", "avec un", "avec une", "spelled", "spelt", "s'écrit", "ca s'ecrit", "ça s'écrit",
	"غلطت", "سمحلي", "سامحني", "عذرا", "آسف", "اسف", "smahli", "sma7li", "ghlatt", "bel", "بال", "بالـ")

// respell mends the name the message spells again, and reports whether it did. Only a
// message that mends (respellWords) and gives no other value (an e-mail, a phone, a day,
// a service) is read so: "pardon, yacine.benaly@gmail.com" is an e-mail.
func (t *turn) respell(msg string, ws []string) bool {
	name := t.s.Collected.Name
	if name == "" || t.s.Step == StepName || respellWords.Score(ws) == 0 {
		return false
	}
	if f := t.fields(); f.Email != "" || f.Phone != "" || f.HasService || f.When.Date != "" || f.When.Time != "" {
		return false
	}
	parts := strings.Fields(name)
	for _, w := range strings.FieldsFunc(msg, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) {
		for i, p := range parts {
			if respelt(p, w) {
				parts[i] = w
				t.s.Collected.Name = strings.Join(parts, " ")
				t.askWith(text(t.lang(), "understood", "list", t.s.Collected.Name))
				return true
			}
		}
	}
	return false
}

// respelt reports whether word is another spelling of part: not the same word, at least
// three letters each, the same first letter, and at most two letters apart.
func respelt(part, word string) bool {
	a, b := []rune(strings.ToLower(part)), []rune(strings.ToLower(word))
	if len(a) < 3 || len(b) < 3 || string(a) == string(b) || a[0] != b[0] || utf8.RuneCountInString(word) > 40 {
		return false
	}
	return editDistance(a, b) <= 2
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
