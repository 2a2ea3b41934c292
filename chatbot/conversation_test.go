package chatbot

import "testing"

// Conversations as visitors hold them: a question in the same message as a booking
// request, the summary corrected with a new value, names after lead-ins, hours in words.

func TestQuestionWithABookingRequestIsAnsweredAndTheBookingGoesOn(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("Bonjour, je voudrais un rendez-vous pour un site web, c'est combien ?")
	c.expect(StepName, "5 000 à 50 000 DZD", "Développement web")
}

func TestDayAndClosingQuestionsInOrdinaryWords(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("rakom t5admou nhar el jem3a ?")
	c.expect(StepGreeting, "fermés le vendredi")
	c.say("Vous fermez à quelle heure le jeudi ?")
	c.expect(StepGreeting, "Nous fermons à 17h")
	// asked half-way through a booking, a weekday in the plural: the days, not the portfolio
	en := start(t, e, "en")
	en.say("Hey, I have a small modest fashion brand and I need professional photos of the new collection for our online store.")
	en.expect(StepName, "Photo and video shooting")
	en.say("Do you work on Sundays by the way?")
	en.expect(StepName, "we work on Sunday")
}

func TestNameAfterALeadInThenEverythingElse(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.expect(StepName)
	c.say("D'accord. Yacine Amrani, yacine.amrani@gmail.com, 0661 23 45 67")
	if got := c.last.Collected; got.Name != "Yacine Amrani" || got.Email != "yacine.amrani@gmail.com" || got.Phone == "" {
		t.Fatalf("collected %+v", got)
	}
	if c.last.Step == StepName {
		t.Fatalf("the name was asked again: %q", c.text())
	}
}

func TestSummaryTakesANewNumber(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Belkacem", "amine@gmail.com", "0555 12 34 56", "non", "site web", "mardi", "10h"} {
		c.say(m)
	}
	c.expect(StepConfirm)
	c.say("non, mon numéro c'est le 0556 12 34 56")
	if got := digitsOf(c.last.Collected.Phone); got != "0556123456" {
		t.Fatalf("phone %q after the correction; bot said %q", got, c.text())
	}
}

func TestHourInWordsIsRecordedExactly(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	for _, m := range []string{"yes", "Lina Hamdi", "lina@hamdi.dz", "0555 12 34 56", "no", "mobile app", "tuesday"} {
		c.say(m)
	}
	c.expect(StepTime)
	c.say("half past 3 pm")
	if c.last.Collected.Time == "15:00" {
		t.Fatalf("half past 3 pm recorded as 15:00")
	}
	c.say("3 and a half or a quarter") // partly understood: confirmed, never recorded
	c.expect(StepTime, "do you mean 15:30?")
	c.say("3 pm")
	c.expect(StepConfirm)
	if c.last.Collected.Time != "15:00" {
		t.Fatalf("time %q", c.last.Collected.Time)
	}
}

func TestServiceChangedMidWayAndNamedWithAKeyword(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Belkacem", "amine@gmail.com", "0555 12 34 56", "non", "site web"} {
		c.say(m)
	}
	c.expect(StepDate)
	c.say("finalement je préfère une formation")
	if c.last.Collected.Service != "Formation" {
		t.Fatalf("service %q after a change of mind", c.last.Collected.Service)
	}
	c2 := start(t, e, "fr")
	c2.say("je veux une formation WordPress")
	if c2.last.Collected.Service != "Formation" {
		t.Fatalf("formation WordPress read as %q", c2.last.Collected.Service)
	}
}

func TestAreYouABotAskedEveryWay(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	for _, q := range []string{"est-ce que je parle à un humain ?", "wach nta robot ?", "am I talking to a machine?", "هل أنت روبوت؟"} {
		c := start(t, e, "fr")
		c.say(q)
		if c.last.Handoff != nil || !answersTopic(c.text(), "bot", nil) {
			t.Errorf("%q: %q", q, c.text())
		}
	}
}

func TestEachMessageIsReadAfreshAtAnyStep(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.say("amine@gmail.com") // an e-mail at the name step
	c.expect(StepName)
	c.say("mardi à 10h") // a day, not a name
	c.expect(StepName)
	c.say("Amine Belkacem")
	if got := c.last.Collected; got.Email != "amine@gmail.com" || got.Date != "2026-11-24" || got.Time != "10:00" || got.Name != "Amine Belkacem" {
		t.Fatalf("collected %+v", got)
	}
}

func TestNoCompanyInDarija(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Mehdi Saadi", "mehdi@gmail.com", "0661 23 45 67"} {
		c.say(m)
	}
	c.expect(StepCompany)
	c.say("la, makanch")
	c.expect(StepService)
	if c.last.Collected.Company != "" {
		t.Fatalf("company %q", c.last.Collected.Company)
	}
}

func TestArabicBookingWithGluedPrepositionsAndHoursInWords(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "ar")
	for _, m := range []string{"السلام عليكم، أريد حجز موعد لاستشارة", "حسنا، اسمي سارة بن علي", "sara.benali@gmail.com",
		"0550 11 22 33", "لا يوجد", "الأحد القادم", "الساعة الحادية عشرة"} {
		c.say(m)
	}
	c.expect(StepConfirm)
	got := c.last.Collected
	if got.Service != "الاستشارة" || got.Name != "سارة بن علي" || got.Date != "2026-11-29" || got.Time != "11:00" {
		t.Fatalf("collected %+v", got)
	}
	c.say("نعم، أكّد")
	c.expect(StepBooked)
}
