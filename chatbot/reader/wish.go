package reader

import (
	"strings"
	"time"
)

// What a visitor asks of their appointment before Dota knows which one it is: that it does
// not suit them ("الموعد تاع التصوير نهار 30 ما يصلحليش", "bekri 3liya"), and the slot it
// should move to ("n2akhro l larb3a 9 decembre m3a 2", "from dec 2 to thursday dec 10,
// 10am", "nfs nhar m3a 11"), kept past the code that proves who they are.

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
		"not convenient", "inconvenient",
		// the hour too early or too late: "9h c'est beaucoup trop tôt", "الساعة الخامسة متأخرة جدًا"
		"trop tôt", "trop tot", "trop tard", "too early", "too late", "متأخرة بالنسبة لي", "مبكرة بالنسبة لي",
		"متأخر جدا", "متأخرة جدا", "مبكر جدا", "مبكرة جدا", "بكري بزاف", "معطل بزاف", "bekri bezzaf", "bekri bzaf",
		"bakri bezzaf", "m3attal bezzaf", "m3ettel bezzaf")
	// sameDayWords keep the day of the visitor's appointment for another hour: "nfs nhar
	// m3a 11", "le même jour à 11h", "same day at 11", "نفس اليوم على الساعة 11".
	sameDayWords = NewMatcher("même jour", "meme jour", "le même jour", "same day", "the same day", "نفس اليوم",
		"في نفس اليوم", "نفس النهار", "فنفس النهار", "nfs nhar", "nafs nhar", "nefs nhar", "fnafs nhar",
		"f nafs nhar", "f nfs nhar", "nafs ennhar", "nfs ennhar", "nafs lyoum", "nfs lyoum",
		// "نقدر نديه لنفس النهار؟", "le décaler à 11h la même journée"
		"لنفس النهار", "في نفس النهار", "لنفس اليوم", "فنفس اليوم", "nafs el nhar", "même journée",
		"la même journée", "that same day",
		// the day itself, as Arabic says it: "في اليوم نفسه"
		"اليوم نفسه", "في اليوم نفسه", "النهار نفسه", "nfes nhar", "ce même jour")
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
		if dayNamedAt(t.Words, i) != "" || numberWord(t.Words[i]) || sameDayWords.atIn(t, i) > 0 ||
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

// MoveWish is the new slot a message asks the visitor's appointment to move to, told
// before Dota knows which appointment it is: a day and an hour named, or counted from the
// appointment's own slot. The zero MoveWish asks for none.
type MoveWish struct {
	Date string `json:"date,omitempty"` // the new day named
	Time string `json:"time,omitempty"` // the new hour named
	// Days and Hours count the new slot from the appointment's own: "same day next week"
	// (7), "une heure plus tard" (1).
	Days  int `json:"days,omitempty"`
	Hours int `json:"hours,omitempty"`
	// SameDay and SameTime keep the appointment's own day or hour: "nfs nhar m3a 11",
	// "jeudi, même heure".
	SameDay  bool `json:"same_day,omitempty"`
	SameTime bool `json:"same_time,omitempty"`
}

// moveWishIn is the new slot a message that moves the visitor's appointment asks for,
// read after what says to move it (a move word, "another day", "ça ne m'arrange pas",
// "I can't make it"), or before "instead of my appointment" (newSlotSpan); offered, a
// message without them offers it from its start (slotOfferIn). A day counted from the
// appointment's own ("the following Tuesday") is left for the visitor to say again once
// the appointment is known.
func moveWishIn(text string, t *Text, now time.Time, offered bool) MoveWish {
	var w MoveWish
	if days, hours, ok := ShiftIn(t.Words); ok {
		w.Days, w.Hours = days, hours
	}
	w.SameDay = w.Days == 0 && sameDayWords.ScoreIn(t) > 0
	w.SameTime = sameSlotWords.ScoreIn(t) > 0
	from, to := -1, len(t.Words)
	move := lastMoveIn(t)
	if move >= 0 {
		from = move + MoveOwnWords.atIn(t, move)
	}
	for _, m := range []*Matcher{&OtherSlotWords, &unsuitWords, &cantComeWords} {
		from = max(from, phraseEnd(m, t))
	}
	switch {
	case move >= 0 && from == move+MoveOwnWords.atIn(t, move) && insteadWords.atIn(t, move) > 0:
		// "Sunday 29th at 2pm instead of my Monday slot": the new slot comes first.
		from, to = 0, move
	case from < 0:
		// "rdv ta3i dimanche m3a 9, momkin nfs nhar m3a 11?": the slot is told with the
		// words that keep the appointment's day or hour.
		from = max(sameDayWords.LastIn(t), sameSlotWords.LastIn(t))
		if from < 0 && offered {
			from = 0
		}
	}
	start, end, ok := newSlotSpan(t, from, to)
	if !ok {
		return w
	}
	starts := wordStarts(text)
	if len(starts) != len(t.Words) {
		return w
	}
	stop := len(text)
	if end < len(starts) {
		stop = starts[end]
	}
	s := ParseWhen(text[starts[start]:stop], now, false)
	span := NewText(t.Words[start:end])
	// "في اليوم نفسه", "نفس اليوم": the appointment's own day, not today's.
	today := w.SameDay && s.Date == now.Format(time.DateOnly)
	if !s.Past && !today && followingWords.ScoreIn(&span) == 0 {
		w.Date = s.Date
	}
	if w.Hours == 0 {
		w.Time = s.Time
	}
	return w
}

// offerWords offer a slot: "instead", "plutôt", "c'est possible ?", "momkin", "نديروه",
// "أفضّل".
var offerWords = NewMatcher("instead", "rather", "plutôt", "plutot", "à la place", "a la place", "au lieu",
	"possible", "c'est possible", "any chance", "can we do", "could we do", "can we make it", "how about",
	"what about", "do you have", "vous auriez", "avez-vous", "vous avez", "je préfère", "je prefere",
	"j'aimerais mieux", "i'd prefer", "i prefer", "i'd rather", "momkin", "mumkin", "momken", "ممكن", "يمكن",
	"هل يمكن", "أفضل", "افضل", "أفضّل", "بدلا", "بدلا من ذلك", "عوض", "بلاصتو", "fi blasto", "f blasto",
	"blasto", "khalih", "khalliha", "خليه", "خليها", "ديرولي", "ديرولنا", "ديروه", "dirouli", "dirouh",
	"diroulna", "n9dro", "n9edro", "nqdro", "نقدرو", "نقدروا", "kayen", "كاين")

// slotOfferIn reports whether a message offers a slot rather than telling one: asked, or
// said with words that offer, keep the appointment's day or hour, or make it another time;
// not a cancellation, nor a question about the agency's days ("vous êtes ouverts le
// samedi ?").
func slotOfferIn(t *Text) bool {
	if CancelOwnWords.ScoreIn(t) > 0 || OpenWords.ScoreIn(t) > 0 || ClosingWords.ScoreIn(t) > 0 {
		return false
	}
	return t.asked || offerWords.ScoreIn(t) > 0 || remakeWords.ScoreIn(t) > 0 || sameDayWords.ScoreIn(t) > 0 ||
		sameSlotWords.ScoreIn(t) > 0 || OtherSlotWords.ScoreIn(t) > 0
}

// newSlotSpan is where the new slot is told in the words from i to j: from the first "to"
// that introduces a day ("to thursday", "au 3 décembre", "l larb3a", "للأربعاء") up to the
// appointment named after it, if any. Without one, words that name the appointment tell
// its own slot ("reschedule my Tuesday appointment": none), as does a day after "of"
// ("ndécali ma formation ta3 lundi"); of the other days, the last is the new one ("I
// can't make Tuesday, could we do Thursday?"); with no day at all, the words from i may
// still give an hour. ok is false when they tell no new slot.
func newSlotSpan(t *Text, i, j int) (start, end int, ok bool) {
	if i < 0 || i >= j {
		return 0, 0, false
	}
	ws := t.Words
	for k := i; k < j; k++ {
		if !toSlotAt(ws, k) {
			continue
		}
		end = j
		for a := k + 1; a < j; a++ {
			if AppointmentWords.atIn(t, a) > 0 {
				end = a
				break
			}
		}
		return k, end, true
	}
	last, own := -1, false
	for k := i; k < j; k++ {
		if AppointmentWords.atIn(t, k) > 0 {
			return 0, 0, false
		}
		if dayNamedAt(ws, k) == "" {
			continue
		}
		if lead := dayLead(ws, k); lead > i && ofWords[ws[lead-1]] {
			own = true
		} else {
			last = lead
		}
	}
	switch {
	case last >= 0:
		return last, j, true
	case own:
		return 0, 0, false
	}
	return i, j, true
}

// dayLead is where the day named at k starts, its leads included: "nhar el had", "le 3".
func dayLead(ws []string, k int) int {
	for k > 0 && dayLeadWords[ws[k-1]] {
		k--
	}
	return k
}

var (
	// dayLeadWords may come before a day: "nhar el khmis", "le mardi", "يوم الأحد".
	dayLeadWords = map[string]bool{"nhar": true, "el": true, "l": true, "le": true, "the": true, "يوم": true,
		"نهار": true, "this": true, "ce": true}
	// ofWords tie a day to the appointment it names: "ma formation ta3 lundi", "mon rdv de
	// mardi", "from dec 2", "من الخميس".
	ofWords = map[string]bool{"ta3": true, "تاع": true, "نتاع": true, "de": true, "du": true, "d": true,
		"of": true, "from": true, "men": true, "من": true}
	// insteadWords name the appointment the new slot, told before them, replaces.
	insteadWords = NewMatcher("instead of my", "instead of my appointment", "au lieu de mon rendez-vous",
		"au lieu de mon rdv", "à la place de mon rendez-vous", "à la place de mon rdv", "بدلا من موعدي",
		"بدل موعدي", "عوض موعدي")
	// followingWords count a day from the appointment's own: "the following Tuesday", "le
	// mardi d'après", "الثلاثاء الموالي".
	followingWords = NewMatcher("following", "suivant", "suivante", "d'après", "d'apres", "after that",
		"li men ba3d", "li mn ba3d", "lli men ba3d", "اللي من بعد", "اللي بعدو", "اللي بعده", "التالي",
		"الموالي", "الموالية")
)

// toWords introduce the slot an appointment moves to: "to thursday", "au 10 décembre",
// "à jeudi", "l larb3a", "إلى الأربعاء".
var toWords = map[string]bool{"to": true, "au": true, "a": true, "pour": true, "for": true, "until": true,
	"till": true, "l": true, "li": true, "lel": true, "ila": true, "الى": true, "ل": true, "حتى": true}

// toSlotAt reports whether ws[k] introduces a day, a few words on at most and before any
// other number: a to-word ("to", "au", "l"; not "l 4", "à 10h", whose number is an hour),
// or a day joined to Arabic's "ل" ("للأربعاء", "لنهار الأحد").
func toSlotAt(ws []string, k int) bool {
	w := ws[k]
	if rest, ok := strings.CutPrefix(w, "ل"); ok && !toWords[w] {
		rest = strings.TrimPrefix(rest, "ل")
		_, day := WeekdayNames[rest]
		return day || (rest == "نهار" || rest == "يوم") && k+1 < len(ws) && dayNamedAt(ws, k+1) != ""
	}
	if !toWords[w] {
		return false
	}
	for j := k + 1; j < len(ws) && j <= k+3; j++ {
		switch {
		case dayNamedAt(ws, j) != "":
			return true
		case startsWithDigit(ws[j]), toWords[ws[j]]: // "à 10h au 3 décembre": an hour first
			return false
		}
	}
	return false
}

// wordStarts is where each word of Words(s) starts in s, in bytes: the words are the
// runs of letters and digits of s's normal form (normalize), "j" and "ai" joined as
// Words joins them.
func wordStarts(s string) []int {
	var starts []int
	var words []string
	var cur strings.Builder
	in := false
	for i, r := range s {
		var n string
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			n = string(r)
		case r >= 'A' && r <= 'Z':
			n = string(r + 'a' - 'A')
		case r < 0x80:
			n = " "
		default:
			n = normalRune(r)
		}
		for k := 0; k < len(n); k++ {
			switch {
			case n[k] == ' ':
				if in {
					words = append(words, cur.String())
					cur.Reset()
				}
				in = false
			case !in:
				starts, in = append(starts, i), true
				cur.WriteByte(n[k])
			default:
				cur.WriteByte(n[k])
			}
		}
	}
	if in {
		words = append(words, cur.String())
	}
	for i := 0; i+1 < len(words); i++ {
		if (words[i] == "j" || words[i] == "n") && words[i+1] == "ai" {
			words = append(words[:i+1], words[i+2:]...)
			starts = append(starts[:i+1], starts[i+2:]...)
		}
	}
	return starts
}
