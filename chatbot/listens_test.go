package chatbot

import (
	"strings"
	"testing"
)

// Dota listens: a message is read for everything it carries, at any step, and the
// visitor's own appointment, a person to talk to and the questions about a day are
// answered as such. sundayMorning is Sunday 22 November 2026: "next Thursday" is the 26th.

func TestOneMessageFillsEveryFieldItCarries(t *testing.T) {
	cases := map[string]string{
		"fr": "Bonjour, je suis Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon mail amine@belk.dz, tel 0555123499",
		"en": "Hello, my name is Amine Belkacem, I'd like an appointment next Thursday at 10am for a website, my email amine@belk.dz, phone 0555123499",
		"ar": "السلام عليكم، اسمي أمين بلقاسم، أريد موعدا يوم الخميس القادم الساعة 10 لموقع ويب، بريدي amine@belk.dz، هاتفي 0555123499",
	}
	for lang, msg := range cases {
		t.Run(lang, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, lang)
			c.say(msg)
			// Everything is filled but the optional company, which Dota asks for next.
			c.expect(StepCompany, "amine@belk.dz", "0555123499")
			got := c.last.Collected
			if got.Name != map[string]string{"ar": "أمين بلقاسم"}[lang] && got.Name != "Amine Belkacem" {
				t.Errorf("name %q", got.Name)
			}
			if got.Email != "amine@belk.dz" || got.Phone != "0555123499" || got.Date != "2026-11-26" ||
				got.Time != "10:00" || got.Service == "" {
				t.Errorf("collected %+v", got)
			}
			// The rest of the booking goes on from there.
			c.say(map[string]string{"fr": "aucune", "en": "skip", "ar": "تخطي"}[lang])
			c.expect(StepConfirm)
		})
	}
}

func TestSeveralFieldsAtAnyStep(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.say("Lina Haddad")
	c.expect(StepEmail)
	c.say("lina@haddad.dz et mon numéro 0661 22 33 44")
	c.expect(StepCompany, "lina@haddad.dz", "0661 22 33 44")
	c.say("aucune")
	c.say("une application mobile, mardi à 15h")
	c.expect(StepConfirm)
	if got := c.last.Collected; got.Date != "2026-11-24" || got.Time != "15:00" || got.Service == "" {
		t.Fatalf("collected %+v", got)
	}
}

func TestTheVisitorsOwnAppointmentIsNeverANewBooking(t *testing.T) {
	for _, tc := range []struct{ lang, msg, want string }{
		{"fr", "Je veux annuler mon rendez-vous", "annuler votre rendez-vous"},
		{"en", "I need to cancel my appointment", "cancel your appointment"},
		{"en", "reschedule my meeting please", "move your appointment"},
		{"fr", "nheb nbadel le rendez-vous", "déplacer votre rendez-vous"},
		{"ar", "بغيت نلغي الموعد", "إلغاء موعدك"},
		{"fr", "est-ce que je peux déplacer mon rdv ?", "déplacer votre rendez-vous"},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, tc.lang)
			c.say(tc.msg)
			// The move or cancel flow starts by asking for the address: no booking.
			c.expect(StepManageEmail, tc.want)
		})
	}
	// Inside a booking, "annuler" still cancels the booking under way, and moving one's
	// own appointment is answered before the step is asked again.
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.expect(StepName)
	c.say("je veux déplacer mon rendez-vous")
	c.expect(StepName, "déplacer votre rendez-vous")
	c.say("je veux annuler le rendez-vous")
	c.expect(StepGreeting)
}

func TestAPersonAndTheQuestionsAboutADay(t *testing.T) {
	for _, tc := range []struct{ lang, msg, want string }{
		// Before office hours (08:00): when the team is back, and a call back.
		{"en", "Can I talk to a real person", "back today at 09:00"},
		{"fr", "je veux parler à un humain", "de retour aujourd'hui à 09:00"},
		{"ar", "أريد التحدث مع شخص حقيقي", "اليوم على الساعة 09:00"},
		{"en", "What time do you close?", "17:00"},
		{"en", "Do you work on saturday?", "closed on Saturday"},
		{"ar", "هل تعملون يوم السبت؟", "مغلقون يوم السبت"},
		{"fr", "vous travaillez le lundi ?", "nous travaillons le lundi"},
		{"en", "are you a bot?", "automated assistant"},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, tc.lang)
			c.say(tc.msg)
			if !strings.Contains(c.text(), tc.want) {
				t.Fatalf("bot said %q, want %q", c.text(), tc.want)
			}
			if strings.Contains(c.text(), "portfolio") || strings.Contains(c.text(), "réalisations") {
				t.Errorf("answered with the portfolio: %q", c.text())
			}
		})
	}
}
