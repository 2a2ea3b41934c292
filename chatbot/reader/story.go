package reader

import (
	"strings"

	"github.com/dota-agency/dota/chatbot/reader/clock"
)

// An appointment told of as a story, without a move or cancel word and often without the
// word "appointment": its slot owned ("My Tuesday 4pm slot clashes with…", "about my
// Wednesday 5pm appointment"), its hour judged ("9h c'est beaucoup trop tôt pour moi",
// "التسعة تاع الصباح بكري عليا بزاف"), or its day told with what stands in the way
// ("lundi à 9h rani 3andi un examen", "les travaux mazal ma kmlouch, rien n'est prêt").
// Said at the start of a conversation, asking for nothing, it is the visitor's own.

var (
	// slotNouns name a slot held, after a possessive and its day or hour: "my Tuesday 4pm
	// slot", "mon créneau de mardi".
	slotNouns = NewMatcher("slot", "créneau", "creneau", "session", "séance", "seance", "shoot", "shooting",
		"consultation", "training", "formation", "visit", "visite")
	// slotFillers may stand between a possessive and the slot it owns: its day and hour
	// ("my Wednesday 5pm appointment", "my Dec 6 11am session").
	slotFillers = map[string]bool{"at": true, "on": true, "the": true, "am": true, "pm": true, "h": true,
		"de": true, "du": true, "à": true, "a": true, "le": true, "this": true, "next": true, "morning": true,
		"afternoon": true, "evening": true, "noon": true, "midi": true}
	// clashWords tell that something else falls at the appointment's time: "clashes with",
	// "tombe le jour où", "يتزامن مع", "f had l wa9t", "ce jour-là".
	clashWords = NewMatcher("clash", "clashes", "clashes with", "conflicts with", "conflict with", "overlaps with",
		"coincides with", "coincide with", "falls on the same day", "tombe le jour", "tombe le même jour",
		"tombe en même temps", "coïncide", "coincide", "en même temps que", "يتزامن", "يتعارض", "يتصادف", "يصادف",
		"تتزامن", "تتعارض", "f had l wa9t", "fi had l wa9t", "f dak l wa9t", "fi dak l wa9t", "f dak nhar",
		"fi dak nhar", "dak nhar", "had l wa9t", "ce jour-là", "ce jour la", "à cette heure-là", "a cette heure la",
		"cette heure-là", "that day", "at that time", "فداك النهار", "فداك الوقت", "في داك النهار", "في داك الوقت",
		"ذاك النهار", "في ذلك اليوم", "في ذلك الوقت", "في هذا الوقت", "فهاد الوقت", "في هاد الوقت")
	// troubleWords tell what stands in the way of an appointment: a thing not ready, an
	// illness, an exam, work: "rien n'est prêt", "mazal ma kmlouch", "ma fille mrida",
	// "3andi khedma", "مازال ما خرجتش".
	troubleWords = NewMatcher("pas prêt", "pas prête", "pas encore prêt", "pas encore prête", "rien n'est prêt",
		"ne sera pas prêt", "ne sera pas prête", "not ready", "isn't ready", "won't be ready", "not be ready",
		"غير جاهز", "ليس جاهزا", "لم يجهز", "لن يكون جاهزا", "مازال ما", "مازال ماشي", "ماكان واش", "ما كان واش",
		"ماشي واجد", "ماهوش واجد", "mazal ma", "mazal machi", "mazel ma", "ma kan wach", "makan wach",
		"machi wajed", "mahouch wajed",
		"malade", "hospitalisé", "hospitalisée", "à l'hôpital", "fièvre", "sick", "ill", "in hospital",
		"in the hospital", "fever", "مريض", "مريضة", "مرضت", "المستشفى", "السبيطار", "سبيطار", "mrid", "mrida",
		"mridha", "mridh", "mred", "sbitar", "fi sbitar",
		"examen", "un examen", "exam", "an exam", "امتحان", "إمتحان", "الامتحان", "concours", "une réunion",
		"réunion", "اجتماع", "3andi khedma", "3andi lkhedma", "عندي خدمة", "عندي الخدمة", "chantier",
		"sur un chantier", "en mission", "مهمة عمل", "business trip", "conference", "a conference", "conférence",
		"funeral", "enterrement", "جنازة", "دفن")
	// availableWords say the visitor is free at a time, which asks for a booking: "je suis
	// libre lundi", "I'm available on Tuesday", "راني فاضي نهار الخميس".
	availableWords = NewMatcher("libre", "dispo", "disponible", "available", "free", "فاضي", "فاضية", "متاح",
		"متاحة", "متفرغ", "متفرغة", "fadi", "fadya", "khawi")
	// bookVerbs ask for a booking in so many words, which a story about an appointment does
	// not: "je voudrais réserver", "book me in", "نحب نحجز".
	bookVerbs = NewMatcher("réserver", "reserver", "book", "booker", "prendre rendez-vous", "prendre un rendez-vous",
		"prendre rdv", "prendre un rdv", "احجز", "أحجز", "نحجز", "نحجزو", "ndir rdv", "ndirou rdv", "nakhod rdv",
		"schedule a", "set up a")
	// storyLeads may stand between a slot and the engagement told at it: "lundi à 9h rani
	// 3andi un examen", "tlata l 9 sbah ana 3andi khedma".
	storyLeads = map[string]bool{"rani": true, "ana": true, "je": true, "moi": true, "i": true, "we": true,
		"nous": true, "on": true, "راني": true, "انا": true, "نا": true, "c": true, "est": true}
)

// ownSlotNamedIn reports whether a message names a slot as the visitor's own, its day or
// hour between the possessive and the slot: "my Tuesday 4pm slot", "about my Wednesday 5pm
// appointment".
func ownSlotNamedIn(t *Text) bool {
	for i := range t.Words {
		if OwnWords.atIn(t, i) == 0 {
			continue
		}
		between := 0
		for j := i + 1; j < len(t.Words) && j <= i+5; j++ {
			if AppointmentWords.atIn(t, j) > 0 || slotNouns.atIn(t, j) > 0 {
				if between > 0 {
					return true
				}
				break
			}
			if !slotWordAt(t.Words, j) && !slotFillers[t.Words[j]] && monthNames[t.Words[j]] == 0 {
				break
			}
			between++
		}
	}
	return false
}

// slotWordAt reports whether ws[i] names a day or an hour: a weekday, a day from today, a
// number ("4pm", "10h", "3 décembre"); not a month alone ("en janvier").
func slotWordAt(ws []string, i int) bool {
	return numberWord(ws[i]) || dayNamedAt(ws, i) != ""
}

// numberWord reports whether w is a number, with at most an hour's or a day's ending
// ("10", "4pm", "10h30", "1er", "6th"); not darija's letters written as digits ("3andi",
// "9bel").
func numberWord(w string) bool {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	rest := w[i:]
	if r, ok := strings.CutPrefix(rest, "h"); ok {
		rest = strings.TrimLeft(r, "0123456789")
	}
	return numberEndings[rest]
}

// numberEndings may follow a number: an hour's or a day's.
var numberEndings = map[string]bool{"": true, "am": true, "pm": true, "er": true, "ere": true, "eme": true,
	"e": true, "th": true, "st": true, "nd": true, "rd": true, "min": true, "mn": true}

// slotJudgedIn reports whether a message says a day or an hour does not suit the
// visitor, the day or hour told just before it: "9h c'est beaucoup trop tôt pour moi",
// "lundi 10h ma ysla7lich", "الساعة الخامسة مساءً متأخرة جدًا بالنسبة لي".
func slotJudgedIn(t *Text) bool {
	u := -1
	for i := range t.Words {
		if unsuitWords.atIn(t, i) > 0 {
			u = i
			break
		}
	}
	if u <= 0 {
		return false
	}
	from := max(0, u-6)
	for j := from; j < u; j++ {
		if slotWordAt(t.Words, j) {
			return true
		}
	}
	_, ok := clock.Read(strings.Join(t.Words[from:u], " "), true)
	return ok
}

// asksNothingIn reports whether a message asks for nothing a booking would: no want, no
// booking verb, no availability, no question.
func asksNothingIn(t *Text) bool {
	return !t.asked && WantWords.ScoreIn(t) == 0 && bookVerbs.ScoreIn(t) == 0 && availableWords.ScoreIn(t) == 0
}

// slotToldIn reports whether a message tells of a slot as the visitor's appointment with
// what stands in the way, asking for nothing: something else at that time ("clashes with",
// "ce jour-là"), an engagement told right after the slot ("lundi à 9h rani 3andi un
// examen"), or a trouble with a day named ("Le shooting ta3 l'appartement jeudi 3
// décembre, les travaux mazal ma kmlouch").
func slotToldIn(t *Text) bool {
	if !asksNothingIn(t) {
		return false
	}
	day, slot := false, -1
	for i := range t.Words {
		if slotWordAt(t.Words, i) {
			day = day || dayNamedAt(t.Words, i) != ""
			slot = i
			continue
		}
		if slot < 0 {
			continue
		}
		if n := engagementLeads.atIn(t, i); n > 0 && engagedAfterSlot(t, slot, i) {
			return true
		}
	}
	switch {
	case slot < 0:
		return false
	case clashWords.ScoreIn(t) > 0:
		return true
	}
	return day && troubleWords.ScoreIn(t) > 0
}

// engagedAfterSlot reports whether the engagement lead at i follows the slot word at
// slot, with no more than storyLeads and the slot's own words between.
func engagedAfterSlot(t *Text, slot, i int) bool {
	for j := slot + 1; j < i; j++ {
		w := t.Words[j]
		if !storyLeads[w] && !slotFillers[w] && !engagementWhen[w] && engagementAt.atIn(t, j) == 0 {
			return false
		}
	}
	return true
}
