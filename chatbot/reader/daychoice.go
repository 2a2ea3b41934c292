package reader

import "slices"

// A message may name several days: the one refused and the one wanted ("plutôt mardi à
// 11h, demain je ne peux pas"), the old one and the new ("move tomorrow's meeting to
// Tuesday"), a first choice and a second ("demain, sinon mardi"). Weekdays and days counted
// from today are weighed together, word by word; the day wanted is read, and none at all
// rather than a wrong one.

// dayPicked chooses, among the weekdays and the days counted from today (relativeDays) that
// the normal words ws name, the one asked for: one right after a change of mind ("plutôt
// mardi", "make it Tuesday", "khaliha nhar tlata", "non, jeudi"), else the last not
// refused, unless it is offered as a second choice to the day named just before ("demain,
// sinon mardi" is tomorrow; "lundi wela mardi, allez lundi 30" the 30th). at is its index, rel its
// index in relativeDays (-1 for a weekday); when every day named is refused, the last
// weekday refused (at -1 when none).
func dayPicked(ws []string) (at, rel int) {
	at, rel = -1, -1
	refused, prev, preferred := -1, -1, false
	var st []string // the stems of ws, worked out when a second day is named
	for i := 0; i < len(ws); i++ {
		r, n := relativeAt(ws, i)
		if r < 0 {
			if _, ok := weekdayAt(ws, i); !ok {
				continue
			}
			n = 1
		}
		if dayRefused(ws, i) {
			if r < 0 {
				refused = i
			}
			i += n - 1
			continue
		}
		if at >= 0 && st == nil {
			st = StemAll(ws)
		}
		switch pref := at >= 0 && changedTo(ws, st, i); {
		case at < 0, pref, !preferred && !alternativeBetween(ws, st, prev, i):
			at, rel, preferred = i, r, pref
		}
		prev = i
		i += n - 1
	}
	if at < 0 {
		return refused, -1
	}
	return at, rel
}

// relativeAt is the day counted from today that ws names at i, as an index in relativeDays
// and its number of words: the longest ("après demain", not its "demain"); -1 when none.
func relativeAt(ws []string, i int) (rel, n int) {
	rel = -1
	if !relativeFirsts[ws[i]] {
		return rel, 0
	}
	for k, p := range relativeWords {
		if len(p) > n && i+len(p) <= len(ws) && slices.Equal(ws[i:i+len(p)], p) {
			rel, n = k, len(p)
		}
	}
	return rel, n
}

// dayArticles may stand between a word and the day it speaks of: "plutôt le mardi", "make
// it on Tuesday", "khaliha nhar tlata", "sinon يوم الثلاثاء".
var dayArticles = map[string]bool{"le": true, "the": true, "on": true, "nhar": true, "يوم": true, "نهار": true,
	"el": true, "l": true, "for": true, "pour": true}

// changedTo reports whether a change of mind ends right before the day at i, articles
// aside: "plutôt mardi", "make it Tuesday", "non, jeudi"; st are the stems of ws.
func changedTo(ws, st []string, i int) bool {
	j := i
	for j > 0 && i-j < 2 && dayArticles[ws[j-1]] {
		j--
	}
	for k := max(0, j-2); k < j; k++ {
		if n := max(ChangeWords.At(ws, st, k), dayCorrections.At(ws, st, k)); n > 0 && k+n == j {
			return true
		}
	}
	return false
}

// dayCorrections correct the day said before with the one that follows: "plutôt mardi…
// non, jeudi", "sorry, Thursday", "la la, nhar lkhmis".
var dayCorrections = NewMatcher("non", "nan", "no", "sorry", "pardon", "désolé", "desole", "oops", "enfin",
	"je veux dire", "i mean", "la la", "lala", "لا", "بل", "أقصد", "اقصد", "9asdi", "ya3ni", "يعني")

// secondChoiceWords offer what follows as a second choice or an alternative: "sinon",
// "otherwise", "or", "wela", "وإلا".
var secondChoiceWords = NewMatcher("sinon", "si non", "otherwise", "or else", "failing that", "ou", "ou bien", "or",
	"wela", "wla", "walla", "wella", "ولا", "أو", "او", "وإلا", "والا", "أم", "ام", "sinn")

// alternativeBetween reports whether a second-choice word stands between the days at i
// and j.
func alternativeBetween(ws, st []string, i, j int) bool {
	for k := i + 1; k < j; k++ {
		if secondChoiceWords.At(ws, st, k) > 0 {
			return true
		}
	}
	return false
}

// refusals before or after a day say it is not the one: "pas mercredi", "lundi ma
// nkderch", "not Monday", "Monday doesn't work", "demain je ne peux pas", "tomorrow I'm
// busy", "غدوة راني مشغول", "plutôt que demain".
var (
	refusalsBefore = map[string]bool{"pas": true, "not": true, "machi": true, "ماشي": true,
		"ليس": true, "مش": true, "sauf": true, "except": true, "cannot": true, "manqderch": true, "ma9derch": true,
		"n9derch": true, "nqderch": true, "nkderch": true, "مانقدرش": true, "نقدرش": true}
	refusalsAfter = map[string]bool{"ma": true, "ما": true, "pas": true, "non": true, "no": true, "ne": true,
		"not": true, "impossible": true, "cannot": true, "doesnt": true, "لا": true, "لن": true, "مانقدرش": true,
		"manqderch": true, "ma9derch": true, "bad": true, "n9derch": true, "نقدرش": true, "busy": true,
		"occupe": true, "occupee": true, "pris": true, "prise": true, "empechement": true, "imprevu": true,
		"mchghoul": true, "machghoul": true, "mashghoul": true, "مشغول": true, "مشغوله": true, "manich": true,
		"manish": true, "مانيش": true, "ارتباط": true}
	// dayFillers may stand, a few of them, between a day and its refusal: its part of the
	// day, a copula, the one who speaks and what they can ("tomorrow morning is bad", "demain
	// je ne peux pas", "demain j'ai un empêchement", "ghodwa ana ma n9derch").
	dayFillers = map[string]bool{"is": true, "c": true, "est": true, "ca": true, "s": true, "it": true,
		"je": true, "j": true, "jai": true, "ai": true, "un": true, "une": true, "i": true, "m": true, "am": true,
		"suis": true, "serai": true, "will": true, "be": true, "peux": true, "pourrai": true, "pourrais": true,
		"can": true, "could": true, "me": true, "moi": true, "pour": true, "for": true, "ana": true, "rani": true,
		"انا": true, "راني": true, "لدي": true, "عندي": true, "3andi": true, "andi": true}
	// negatedAux end in "n't", written apart once normalized: "can t", "doesn t".
	negatedAux = map[string]bool{"can": true, "don": true, "doesn": true, "won": true, "isn": true, "couldn": true,
		"wouldn": true, "didn": true, "aren": true, "wasn": true}
	// refusalLeads refuse the day that follows: a value replaced ("plutôt que demain",
	// "instead of tomorrow", "بدل غدوة", "fi blast ghodwa": replacedWords, changes.go), and
	// the can't of "I can't do tomorrow".
	refusalLeads = NewMatcher(append([]string{"can't do", "cannot do", "can't make", "cannot make", "can't come",
		"cannot come", "can't", "je ne peux pas", "je peux pas"}, replacedWords...)...)
)

func dayRefused(ws []string, i int) bool {
	if i > 0 && refusalsBefore[ws[i-1]] {
		return true
	}
	if refusalLeadEnds(ws, i) {
		return true
	}
	// "jeudi pas mercredi": the refusal is the next day's.
	if i+1 < len(ws) && refusalsAfter[ws[i+1]] {
		_, next := weekdayAt(ws, min(i+2, len(ws)-1))
		return !(next && i+2 < len(ws))
	}
	// "tomorrow morning is bad for me", "demain je ne peux pas": the refusal after the day's
	// part, a copula, the one who speaks.
	j := i + 1
	for j < len(ws) && j <= i+4 && (dayFillers[ws[j]] || PartOfDay(ws[j:j+1]) != "") {
		if negatedAux[ws[j]] && j+1 < len(ws) && ws[j+1] == "t" {
			return true // "tomorrow I can't", "tomorrow doesn't work"
		}
		j++
	}
	if j < len(ws) && negatedAux[ws[j]] && j+1 < len(ws) && ws[j+1] == "t" {
		return true
	}
	return j > i+1 && j < len(ws) && refusalsAfter[ws[j]]
}

// refusalLeadEnds reports whether a phrase of refusalLeads ends right before the day at i,
// an article aside.
func refusalLeadEnds(ws []string, i int) bool {
	j := i
	if j > 0 && dayArticles[ws[j-1]] {
		j--
	}
	for k := max(0, j-4); k < j; k++ {
		if n := refusalLeads.Score(ws[k:j]); n == j-k && refusalLeads.Exact(ws[k:j]) {
			return true
		}
	}
	return false
}
