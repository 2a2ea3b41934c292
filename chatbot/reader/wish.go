package reader

import "strings"

// What a visitor asks of their appointment before Dota knows which one it is: that it does
// not suit them ("الموعد تاع التصوير نهار 30 ما يصلحليش", "bekri 3liya"), and another
// slot of the same day ("nfs nhar m3a 11").

var (
	// unsuitWords say the visitor's appointment does not suit them: with another slot
	// offered, a move; else a move or a cancellation still to be said.
	unsuitWords = NewMatcher("ما يصلحليش", "مايصلحليش", "ما يصلحلناش", "مايصلحلناش", "ما يصلحش", "ما يناسبنيش",
		"ما يواتينيش", "مايواتينيش", "بكري عليا", "بكري عليه", "معطل عليا", "ma ysla7lich", "maysla7lich",
		"ma yesla7lich", "ma yeslahlich", "ma yslahlich", "mayslahlich", "ma ysl7lich", "ma ysla7ch",
		"ma ynasbnich", "ma yenasbnich", "ma ywatinich", "bekri 3liya", "bekri 3lia", "bakri 3liya", "bekri 3lih",
		"m3attal 3liya", "m3ettel 3liya", "tard 3liya", "retard 3liya",
		"لا يناسبني", "لم يعد يناسبني", "لا يلائمني", "غير مناسب لي", "مبكر بالنسبة لي", "متأخر بالنسبة لي",
		"ne m'arrange pas", "m'arrange pas", "ne m'arrange plus", "m'arrange plus", "ne me convient pas",
		"me convient pas", "ne me convient plus", "me convient plus", "ne me va pas", "ne me va plus",
		"trop tôt pour moi", "trop tot pour moi", "trop tard pour moi",
		"doesn't suit me", "does not suit me", "no longer suits me", "doesn't work for me", "does not work for me",
		"no longer works for me", "won't work for me", "too early for me", "too late for me", "isn't convenient",
		"not convenient", "inconvenient")
	// sameDayWords keep the day of the visitor's appointment for another hour: "nfs nhar
	// m3a 11", "le même jour à 11h", "same day at 11", "نفس اليوم على الساعة 11".
	sameDayWords = NewMatcher("même jour", "meme jour", "le même jour", "same day", "the same day", "نفس اليوم",
		"في نفس اليوم", "نفس النهار", "فنفس النهار", "nfs nhar", "nafs nhar", "nefs nhar", "fnafs nhar",
		"f nafs nhar", "f nfs nhar", "nafs ennhar", "nfs ennhar", "nafs lyoum", "nfs lyoum")
	// definiteWords name a thing already known: "le rdv", "the appointment", "ce rendez-vous".
	definiteWords = map[string]bool{"le": true, "la": true, "l": true, "the": true, "this": true, "that": true,
		"ce": true, "cette": true, "el": true}
)

// theAppointmentIn reports whether a message names an appointment already made: with its
// article ("le rdv", "the appointment", "الموعد", "l rdv"), not after a want ("je veux le
// rdv de mercredi" asks for one).
func theAppointmentIn(t *Text) bool {
	for i := range t.Words {
		if WantWords.atIn(t, i) > 0 {
			return false
		}
		if AppointmentWords.atIn(t, i) > 0 &&
			(strings.HasPrefix(t.Words[i], "ال") || i > 0 && definiteWords[t.Words[i-1]]) {
			return true
		}
	}
	return false
}

// slotOfferedFrom reports whether the words from i offer a slot: a day, a number, the
// appointment's own day or hour kept ("nfs nhar m3a 11", "même heure"), another day asked
// for.
func slotOfferedFrom(t *Text, i int) bool {
	for ; i >= 0 && i < len(t.Words); i++ {
		if dayNamedAt(t.Words, i) != "" || startsWithDigit(t.Words[i]) || sameDayWords.atIn(t, i) > 0 ||
			sameSlotWords.atIn(t, i) > 0 || OtherSlotWords.atIn(t, i) > 0 {
			return true
		}
	}
	return false
}

// phraseEnd is the index after the last phrase of m in t, -1 when none is.
func phraseEnd(m *Matcher, t *Text) int {
	if i := m.LastIn(t); i >= 0 {
		return i + m.atIn(t, i)
	}
	return -1
}
