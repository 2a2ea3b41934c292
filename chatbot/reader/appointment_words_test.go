package reader

import "testing"

// What visitors say of their own appointment, as they say it, in every variety: a cancel
// or move word alone; darija's and Arabic's ways ("لغيوه", "ما نحتاجوش", "nrodo"); an
// action denied ("cancel it, not move it"); a visitor who cannot come and offers another
// day; a move word that puts off the project rather than the appointment.
func TestOwnAppointmentAsVisitorsSayIt(t *testing.T) {
	// OwnAppointment: inside a booking (inFlow), or naming a day or a service (names).
	for _, tt := range []struct {
		text          string
		inFlow, names bool
		want          string
	}{
		{"annuler", false, false, IntentCancel},
		{"cancel", false, false, IntentCancel},
		{"bonjour, annulation svp", false, false, IntentCancel},
		{"إلغاء من فضلك", false, false, IntentCancel},
		{"reschedule please", false, false, IntentMove},
		{"bghit n25er rdv ta3 13 decembre", false, true, IntentMove},
		{"reporter svp", false, false, IntentMove},
		{"annuler", true, false, ""},                    // inside a booking, it stops the booking under way
		{"9h c'est trop tôt pour moi", true, false, ""}, // inside a booking, it corrects its hour
		{"non", false, false, ""},
		{"bonjour", false, false, ""},
		{"ما نحتاجوش الرونديفو تاع ١٤ ديسمبر، لغيوه من فضلكم", false, true, IntentCancel},
		{"عندي موعد نهار الخميس، لغيوه", false, true, IntentCancel},
		{"لدي موعد يوم الثلاثاء، أود إلغاءه نهائياً", false, true, IntentCancel},
		{"rdv ta3i nhar lkhmis, ma n9derch. n9der nrodo nhar letnin 30 ?", false, true, IntentMove},
		{"je voudrais déplacer mon rendez-vous", false, false, IntentMove},
		// "on peut se déplacer": the visitor would come, no appointment moves.
		{"nheb ndir un site web, rana à Oran mais on peut se déplacer", false, true, ""},
	} {
		if got, _ := OwnAppointment(Words(tt.text), tt.inFlow, tt.names); got != tt.want {
			t.Errorf("OwnAppointment(%q, in flow %v): %q, want %q", tt.text, tt.inFlow, got, tt.want)
		}
	}
	// ManageActionIn: the action asked for, not the one denied; the last word decides.
	for text, want := range map[string]string{
		"أريد إلغاء الموعد، وليس تأجيله":           IntentCancel,
		"لا أريد تغيير الموعد، أريد إلغاء الموعد":  IntentCancel,
		"je veux l'annuler, pas le reporter":       IntentCancel,
		"I want to cancel it, not reschedule it":   IntentCancel,
		"nheb nalghi, machi nbadel":                IntentCancel,
		"je ne veux pas annuler, je veux reporter": IntentMove,
		"on le reporte… non, annulez-le":           IntentCancel,
	} {
		tx := NewText(Words(text))
		if got := ManageActionIn(&tx); got != want {
			t.Errorf("ManageActionIn(%q): %q, want %q", text, got, want)
		}
	}
	// Read: the intent of a whole message.
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
		"السلام عليكم، لكنني مضطر إلى إلغاء موعدي المحدد يوم الخميس 10 ديسمبر، فقد قرر الشركاء تأجيل مشروع التطبيق إلى السنة القادمة.":             IntentCancel,
		"je dois annuler mon rendez-vous de jeudi, les associés ont décidé de reporter le projet":                                                  IntentCancel,
		"I need to cancel my appointment on Thursday, the partners decided to postpone the project":                                                IntentCancel,
		"lazem nannuli le rdv ta3i, les associés 7abou ndecaliw le projet":                                                                         IntentCancel,
		"je dois annuler le projet, on peut reporter mon rendez-vous à jeudi ?":                                                                    IntentMove,
		"bonsoir, annulili rdv ta3 letnin 3afak, bdelt ra2yi":                                                                                      IntentCancel,
		"سلام، لغيلي الموعد تاعي من فضلك":                                                                                                          IntentCancel,
		"السلام عليكم، أريد نقل موعدي إلى تاريخ آخر من فضلكم.":                                                                                     IntentMove,
		"هل يمكنني أن أنقل موعدي إلى الأسبوع القادم؟":                                                                                              IntentMove,
		"نحيلي الموعد تاعي يعيشك":                                                                                                                  IntentCancel,
		"na7ili rdv ta3i 3afak": IntentCancel,
		// "can we make it at five?" of an appointment told of; of a booking asked for, its slot
		"السلام عليكم، الموعد تاعي نهار 2 ديسمبر على الجوج، نقدر نديروه على الخمسة؟": IntentMove,
		"rdv ta3i nhar lkhmis, n9dro ndirouh 3la 3?": IntentMove,
		"nheb rdv, n9dro ndirouh 3la 10?":            IntentBook,
		// the same day at another hour: the appointment moved; a booking for the same day
		// as something else is still a booking
		"Salam, j'ai rdv mercredi 2 décembre à 9h pour la formation. C possible nfs nhar mais à 11h ?":               IntentMove,
		"السلام عليكم، الموعد تاع التصوير نهار الخميس على 4 تاع لعشية، نقدر نديه لنفس النهار بصح الصباح على الحداش؟": IntentMove,
		"I have an appointment on Thursday at 4pm, could we do the same day at 11 instead?":                          IntentMove,
		"Je veux juste le décaler à 11h le même jour":                                                                IntentMove,
		"je voudrais un rdv pour un shooting et une consultation le même jour":                                       IntentBook,
		"nheb rdv, n9der ndih nhar lkhmis?": IntentBook,
		"Hello, could I push my Wednesday appointment back a week? Tuesday December 1st would work best.": IntentMove,
		"شركة نقل البضائع": IntentOther,
		// a cancellation in the visitor's own words: Arabic's imperatives, darija's "nlghih"
		"من فضلكم ألغوا موعد التصوير يوم الأربعاء":             IntentCancel,
		"ألغِ موعدي يوم الأحد من فضلك":                         IntentCancel,
		"أرجو إلغاء موعدي":                                     IntentCancel,
		"salam, rdv ta3i nhar 2 decembre, bghit nlghih smahli": IntentCancel,
		"nheb n annuli le rdv ta3 lkhmis":                      IntentCancel,
		"نحب نفسخ الموعد تاعي":                                 IntentCancel,
		"I'd like to scrap my appointment on Tuesday":          IntentCancel,
		"je dois décommander mon rdv de jeudi":                 IntentCancel,
		// a move in the visitor's own words: bring forward, put back, push
		"نحب نقدم الموعد تاعي من الخميس 3 للأربعاء 2 ديسمبر مع 9 الصباح":                                           IntentMove,
		"أجلوا موعدي إلى الأسبوع القادم من فضلكم":                                                                  IntentMove,
		"slm, l shooting ta3 1 decembre n7eb n2akhro l larb3a 9 decembre m3a 2":                                    IntentMove,
		"rdv ta3i nhar lkhmis, n9der n9admo l larb3a?":                                                             IntentMove,
		"bghit nbaddel rdv ta3i l nhar letnin":                                                                     IntentMove,
		"need to push my appt from dec 2 to thursday dec 10, 10am if free":                                         IntentMove,
		"can we bring my appointment forward to Monday?":                                                           IntentMove,
		"je voudrais repousser mon rendez-vous de mardi à jeudi":                                                   IntentMove,
		"Je voudrais changer le jour et l'heure de mon rendez-vous de dimanche prochain, je serai en déplacement.": IntentMove,
		"I need to change the day and time of my appointment on Sunday, I'll be travelling":                        IntentMove,
		"Bonjour, 3andi rdv jeudi, je veux le changer svp":                                                         IntentMove,
		"I have an appointment on Thursday, can I change it?":                                                      IntentMove,
		"mon site web est vieux, je veux le changer":                                                               IntentOther,
		"نحب نقدم طلب موعد نهار الخميس":                                                                            IntentBook,
		// an appointment that does not suit the visitor: with another slot offered, a move
		"سلام، الموعد تاع التصوير نهار 30 ما يصلحليش":                                IntentOwn,
		"rdv ta3i nhar lkhmis ma ysla7lich":                                          IntentOwn,
		"mon rendez-vous de mardi ne m'arrange plus":                                 IntentOwn,
		"the appointment on Monday doesn't suit me":                                  IntentOwn,
		"salam, rdv ta3i dimanche m3a 9 bekri 3liya, momkin nfs nhar m3a 11?":        IntentMove,
		"rdv ta3i dimanche m3a 9, momkin nfs nhar m3a 11?":                           IntentMove,
		"le rdv de mercredi ne m'arrange pas, jeudi 10h c'est possible ?":            IntentMove,
		"my appointment on Monday doesn't work for me anymore, Tuesday at 2pm?":      IntentMove,
		"موعدي يوم الأحد لا يناسبني، هل يمكن يوم الاثنين؟":                           IntentMove,
		"je veux un rdv mercredi, 9h ça m'arrange pas, plutôt 11h":                   IntentBook,
		"nheb rdv nhar larb3a, m3a 9 bekri 3liya, khir m3a 11":                       IntentBook,
		"I'd like to book an appointment on Wednesday, 9am doesn't work for me, 11?": IntentBook,
		// an appointment told as a story: its slot owned, its hour judged, what stands in its
		// way; told as no longer needed, a cancellation
		"My Tuesday 4pm slot clashes with my daughter's school play, I completely forgot about it.":                           IntentOwn,
		"Hey, about my Wednesday 5pm appointment for the app: our funding fell through, so there's no point meeting anymore.": IntentCancel,
		"9h c'est beaucoup trop tôt pour moi finalement, je viens de Tizi Ouzou":                                              IntentOwn,
		"lundi 10h ma ysla7lich, 3andi réunion m3a l direction":                                                               IntentOwn,
		"الساعة الخامسة مساءً متأخرة جدًا بالنسبة لي، فأنا أسكن في بومرداس":                                                   IntentOwn,
		"التسعة تاع الصباح بكري عليا بزاف، ماعنديش طوموبيل":                                                                   IntentOwn,
		"Wesh, lundi à 9h rani 3andi un examen à la fac, je l'avais pas vu.":                                                  IntentOwn,
		"bonjour, tlata 1 decembre l 9 sbah ana 3andi khedma f had l wa9t":                                                    IntentOwn,
		"Le shooting ta3 l'appartement jeudi 3 décembre, les travaux mazal ma kmlouch, rien n'est prêt.":                      IntentOwn,
		"السلعة تاعي مازال ما خرجتش من الديوانة، ماكان واش نصورو نهار الأحد.":                                                 IntentOwn,
		"Le rdv de mercredi 11h, mon fils est malade.":                                                                        IntentOwn,
		"خويا صاوبلي اللوغو، ماعادش نحتاج الموعد تاع نهار الاثنين 7 ديسمبر.":                                                  IntentCancel,
		"تم تأجيل حفل افتتاح المحل، لذلك لم نعد بحاجة إلى التصوير يوم 3 ديسمبر.":                                              IntentCancel,
		"le rdv ta3 le chatbot mercredi 2 décembre à midi, mon patron a dit khlass, on laisse tomber pour cette année":        IntentCancel,
		"Bonjour, mon associé ne pourra pas être là lundi à 16h, il sera sur un chantier à Sétif.":                            IntentCancel,
		"Sorry, my Dec 6 11am session clashes with a flight.":                                                                 IntentOwn,
		"can I come Tuesday at 4?":                                      IntentBook,
		"Bonjour, je suis libre lundi à 10h, j'ai un projet de site.":   IntentBook,
		"Je passe un concours fi janvier, vous faites des formations ?": IntentOther,
		// a booking asked for near them stays one
		"je veux un rdv mercredi":               IntentBook,
		"bghit rdv nhar larb3a":                 IntentBook,
		"أريد موعدا يوم الأربعاء":               IntentBook,
		"I'd like a meeting on Tuesday at 10am": IntentBook,
		// an appointment told by its service, or for someone else, before saying what to do
		"Lamia Hamdani here. I have a consultation with you on Sunday November 29th at 9am. I'm so sorry, apologies for the short notice.":   IntentOwn,
		"je vous écris de la part de ma mère. Elle avait pris rendez-vous pour une formation le mercredi 9 décembre à 14h, elle est désolée": IntentOwn,
		// "am I talking to a person or a bot?" asks what Dota is
		"عذراً على السؤال، لكن هل أتحدث الآن مع موظف حقيقي أم مع برنامج آلي؟": QuestionBot,
		"قبل ذلك، هل أتحدث مع روبوت أم مع شخص حقيقي؟":                         QuestionBot,
		"واش راني نهدر مع بنادم ولا روبو؟":                                    QuestionBot,
		"wach rani nahder m3a bnadem wela robot":                              QuestionBot,
		"wach nahder m3a robot wla m3a bnadem?":                               QuestionBot,
		"am I talking to a real person or a bot?":                             QuestionBot,
		"est-ce que je parle à une vraie personne ou à un robot ?":            QuestionBot,
		"je parle à un robot ou à une vraie personne ?":                       QuestionBot,
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Intent; got != want {
			t.Errorf("Read(%q): intent %q, want %q", text, got, want)
		}
	}
}

// The new slot a move asks for before Dota knows the appointment: after "to" when the
// appointment's own is named first, the day offered after the one refused, its own day at
// another hour; none when the words tell the appointment's own slot, or a day counted
// from it.
func TestTheSlotAMoveAsksFor(t *testing.T) {
	for text, want := range map[string]MoveWish{
		"need to push my appt from dec 2 to thursday dec 10, 10am if free":                                     {Date: "2026-12-10", Time: "10:00"},
		"نحب نقدم الموعد تاعي من الخميس 3 للأربعاء 2 ديسمبر مع 9 الصباح":                                       {Date: "2026-12-02", Time: "09:00"},
		"slm, l shooting ta3 1 decembre n7eb n2akhro l larb3a 9 decembre m3a 2":                                {Date: "2026-12-09", Time: "14:00"},
		"نأخروه للثلاثاء 8 ديسمبر مع 10":                                                                       {Date: "2026-12-08", Time: "10:00"},
		"salam 3andi rdv ba3d ghedwa l 9, nheb nbedlou larb3a l 4 ta3 la3chiya":                                {Date: "2026-11-25", Time: "16:00"},
		"je voudrais décaler mon rdv du 2 décembre à 10h au 3 décembre à 14h30":                                {Date: "2026-12-03", Time: "14:30"},
		"I can't make Tuesday anymore, could we do Thursday?":                                                  {Date: "2026-11-26"},
		"Sunday 29th at 2pm instead of my Monday slot, possible?":                                              {Date: "2026-11-29", Time: "14:00"},
		"موعدي يوم الأحد لا يناسبني، هل يمكن نقله إلى يوم الاثنين على الساعة 10؟":                              {Date: "2026-11-23", Time: "10:00"},
		"salam, rdv ta3i dimanche m3a 9 bekri 3liya, momkin nfs nhar m3a 11?":                                  {Time: "11:00", SameDay: true},
		"mardi 1er décembre ma nkderch, 3andi réunion. Possible jeudi 3 décembre, même heure ?":                {Date: "2026-12-03", SameTime: true},
		"j'ai un rdv dimanche à 10h, c'est possible de le mettre le même jour la semaine d'après ? Même heure": {Days: 7, SameTime: true},
		"rdv ta3i bghit nbaddlouh l 9 sbah":                                                                    {Time: "09:00"},
		"reschedule my Tuesday appointment please":                                                             {},
		"slt nheb ndécali ma formation ta3 lundi":                                                              {},
		"hi, want to move my appointment from december 3 to the following tuesday":                             {},
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Wish; got != want {
			t.Errorf("Read(%q).Wish = %+v, want %+v", text, got, want)
		}
	}
	// While the appointment is being moved or cancelled, a slot offered without a move word
	// is its new one; a question about the agency's days, or its own slot told, offer none.
	for text, want := range map[string]MoveWish{
		"Any chance we can do Monday the 30th at 10 instead?":           {Date: "2026-11-30", Time: "10:00"},
		"n9dro ndirouh nhar l khmis 3 decembre?":                        {Date: "2026-12-03"},
		"Ndirouh jeudi 26 à 10h, c'est possible ?":                      {Date: "2026-11-26", Time: "10:00"},
		"Vous auriez plutôt l'après-midi le même jour, vers 15h ?":      {Time: "15:00", SameDay: true},
		"khalih nafs nhar mais l 4 ta3 la3chiya":                        {Time: "16:00", SameDay: true},
		"ديرولي نفس النهار على الجوج تاع العشية.":                       {Time: "14:00", SameDay: true},
		"أفضّل أن يكون الموعد في اليوم نفسه على الساعة التاسعة صباحًا.": {Time: "09:00", SameDay: true},
		"Tbeddelouli l'après-midi nefs nhar, à 17h ?":                   {Time: "17:00", SameDay: true},
		"هل يمكن يوم الأحد 29 نوفمبر على الساعة العاشرة؟":               {Date: "2026-11-29", Time: "10:00"},
		"au fait vous etes ouverts le samedi ?":                         {},
		"c'est le rdv de mardi":                                         {},
		"karim@gmail.com":                                               {},
	} {
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr", Managing: true}).Wish; got != want {
			t.Errorf("Read(%q), managing, .Wish = %+v, want %+v", text, got, want)
		}
	}
}

// A person asked for as opposed to a bot, or without a booking, is asked for; the bot
// question ("a person or a bot?") and a booking with a person are not.
func TestPersonAskedAsVisitorsSayIt(t *testing.T) {
	for text, want := range map[string]bool{
		"أريد أن أتحدث مع موظف حقيقي وليس مع روبوت":                                               true,
		"nheb nahder m3a bnadem machi robot":                                                      true,
		"I want to talk to a real person, not a bot":                                              true,
		"je veux parler à quelqu'un de l'équipe ou au responsable":                                true,
		"je voudrais parler directement au gérant de l'agence, s'il vous plaît":                   true,
		"je veux parler à un humain, pas un robot":                                                true,
		"نحب نهدر مع واحد من الفريق ماشي مع روبو":                                                 true,
		"j'aimerais parler à quelqu'un de votre équipe, ce n'est pas pour un nouveau rendez-vous": true,
		"I'd like to talk to someone from your team, not for an appointment":                      true,
		"je voudrais parler à quelqu'un de votre équipe pour prendre rendez-vous":                 false,
		"سلام، نحب نهدر مع واحد من l'équipe، ماشي مع robot الله يخليك":                            true,
		"je voudrais discuter d'une formation pour l'équipe":                                      false,
		"am I talking to a bot or a real person?":                                                 false,
		"wach rani nahder m3a bnadem wela robot":                                                  false,
		"واش راني نهدر مع بنادم ولا روبو؟":                                                        false,
	} {
		if got := WantsPerson(Words(text)); got != want {
			t.Errorf("WantsPerson(%q): %v, want %v", text, got, want)
		}
	}
}
