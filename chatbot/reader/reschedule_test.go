package reader

import "testing"

// A visitor who cannot come and offers another day, or the same hour on another day,
// moves their appointment, in every variety; one who cannot come and offers nothing, or
// says to cancel, cancels it.
func TestCantComeOtherDayMoves(t *testing.T) {
	for text, want := range map[string]string{
		"Bonjour, désolée mais mardi 1er décembre ma nkderch, 3andi réunion au bureau. Possible jeudi 3 décembre, même heure ?":                    IntentMove,
		"Hi, I've got an appointment with you this Tuesday at 3pm about my website. I can't make Tuesday anymore, could we do Thursday same time?": IntentMove,
		"سلام، عندي رونديفو نهار الثلاثاء مع 4 تاع لعشية، بصح ما نقدرش نجي نهار الثلاثاء، نقدرو نديروه الخميس 26 فنفس الساعة؟":                     IntentMove,
		"j'ai un rdv mardi mais je ne pourrai pas venir, on peut le faire jeudi ?":                                                                 IntentMove,
		"3andi rdv nhar el had, ma n9derch nji, ndirouh nhar larb3a ?":                                                                             IntentMove,
		"لدي موعد يوم الأحد لكن لن أتمكن من الحضور، هل يمكن يوم الأربعاء؟":                                                                         IntentMove,
		"j'ai un rdv mardi mais je ne pourrai pas venir, je suis en voyage":                                                                        IntentCancel,
		"je ne peux pas venir mardi, je suis coincé jusqu'à jeudi, annulez svp":                                                                    IntentCancel,
		"I booked a consultation for Sunday but something came up, I need to cancel it":                                                            IntentCancel,
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Intent; got != want {
			t.Errorf("%q: intent %q, want %q", text, got, want)
		}
	}
}

// A move word that puts off the visitor's project, or a thing the agency looks after, is
// no move of the appointment: the cancel said with it stands.
func TestProjectPutOffIsNoMove(t *testing.T) {
	for text, want := range map[string]string{
		"السلام عليكم، لكنني مضطر إلى إلغاء موعدي المحدد يوم الخميس 10 ديسمبر، فقد قرر الشركاء تأجيل مشروع التطبيق إلى السنة القادمة.": IntentCancel,
		"je dois annuler mon rendez-vous de jeudi, les associés ont décidé de reporter le projet":                                      IntentCancel,
		"I need to cancel my appointment on Thursday, the partners decided to postpone the project":                                    IntentCancel,
		"lazem nannuli le rdv ta3i, les associés 7abou ndecaliw le projet":                                                             IntentCancel,
		"je dois annuler le projet, on peut reporter mon rendez-vous à jeudi ?":                                                        IntentMove,
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Intent; got != want {
			t.Errorf("%q: intent %q, want %q", text, got, want)
		}
	}
}
