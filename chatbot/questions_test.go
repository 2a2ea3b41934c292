package chatbot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/catalogue"
)

// webQuestions are three questions of web development: when to start (a choice,
// required), the current site (a web address, optional) and the project in a sentence (a
// text, required).
var webQuestions = []catalogue.Question{
	{ID: "start", Type: catalogue.QuestionChoice, Required: true,
		Text: catalogue.Localized{"fr": "Quand souhaitez-vous démarrer ?", "en": "When would you like to start?", "ar": "متى تودّ البدء؟"},
		Options: []catalogue.Choice{
			{Value: "asap", Label: catalogue.Localized{"fr": "Dès que possible", "en": "As soon as possible", "ar": "في أقرب وقت ممكن"}},
			{Value: "quarter", Label: catalogue.Localized{"fr": "Dans les trois mois", "en": "Within three months", "ar": "خلال ثلاثة أشهر"}},
			{Value: "later", Label: catalogue.Localized{"fr": "Plus tard dans l'année", "en": "Later this year", "ar": "لاحقا هذا العام"}},
		}},
	{ID: "current", Type: catalogue.QuestionURL,
		Text: catalogue.Localized{"fr": "Quelle est l'adresse de votre site actuel ?", "en": "What is the address of your current website?", "ar": "ما عنوان موقعك الحالي؟"}},
	{ID: "project", Type: catalogue.QuestionText, Required: true,
		Text: catalogue.Localized{"fr": "Décrivez votre projet en une phrase.", "en": "Describe your project in one sentence.", "ar": "صف مشروعك في جملة واحدة."}},
}

// withQuestions gives the service slug questions for the test, and takes them back after it.
func withQuestions(t *testing.T, slug string, qs []catalogue.Question) {
	t.Helper()
	ctx := context.Background()
	store := catalogue.New(pool)
	if _, err := store.SetServiceQuestions(ctx, slug, qs); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := store.SetServiceQuestions(context.Background(), slug, nil); err != nil {
			t.Error(err)
		}
	})
}

// bookedAnswers are the answers, attribution and source stored with the appointment.
func bookedAnswers(t *testing.T, id string) (map[string]string, *attribution.Visit, string, string) {
	t.Helper()
	var raw, attr []byte
	var source, campaign string
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(answers, '[]'), coalesce(attribution, 'null'),
		traffic_source, coalesce(campaign, '') FROM appointments WHERE id = $1`, id).Scan(&raw, &attr, &source, &campaign); err != nil {
		t.Fatal(err)
	}
	var as []catalogue.Answer
	if err := json.Unmarshal(raw, &as); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, a := range as {
		out[a.ID] = a.Value
	}
	var v *attribution.Visit
	if err := json.Unmarshal(attr, &v); err != nil {
		t.Fatal(err)
	}
	return out, v, source, campaign
}

// toService walks a conversation from the booking request to the service step.
func (c *chat) toService(opening, name, email, phone, skip string) {
	c.t.Helper()
	for _, msg := range []string{opening, name, email, phone, skip} {
		c.say(msg)
	}
	c.expect(StepService)
}

// toBooked picks the first day and hour offered, checks the summary and says yes.
func (c *chat) toBooked(yes string, summary ...string) {
	c.t.Helper()
	c.expect(StepDate)
	c.say(c.last.QuickReplies[0].Value)
	c.expect(StepTime)
	c.say(c.last.QuickReplies[0].Value)
	c.expect(StepConfirm, summary...)
	c.say(yes)
	c.expect(StepBooked)
	c.unsent()
}

// unsent leaves the confirmation of the appointment booked unsent: the mails a later
// test's jobs send are that test's own.
func (c *chat) unsent() {
	id := c.last.AppointmentID
	c.t.Cleanup(func() {
		if _, err := pool.Exec(context.Background(), `DELETE FROM river_job WHERE kind = 'deliver' AND args->>'delivery_id' IN
			(SELECT id::text FROM deliveries WHERE appointment_id = $1)`, id); err != nil {
			c.t.Error(err)
		}
	})
}

func TestDotaAsksTheServicesQuestionsInFrench(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	// The opening message's address answers the question of the current site.
	c.say("Bonjour, je voudrais un rendez-vous pour refaire notre site www.atlas-immo.dz")
	c.expect(StepName)
	c.say("Amine Belkacem")
	c.say("amine.belkacem@example.dz")
	c.say("0555 12 34 99")
	c.say("passer")
	if c.last.Step == StepService {
		c.say("Développement web")
	}
	c.expect(StepQuestion, "Quand souhaitez-vous démarrer ?")
	if got := strings.Join(c.quickValues(), "|"); got != "Dès que possible|Dans les trois mois|Plus tard dans l'année" {
		t.Fatalf("the choice offers %q", got)
	}
	// A choice named by words of its label inside a sentence.
	c.say("je pense plutôt dans les trois mois à venir")
	c.expect(StepQuestion, "Décrivez votre projet en une phrase.")
	if len(c.last.QuickReplies) != 0 {
		t.Fatalf("a required text question offers %v", c.last.QuickReplies)
	}
	c.say("Une refonte complète avec un espace client")
	c.toBooked("oui", "Quand souhaitez-vous démarrer ? — Dans les trois mois",
		"Quelle est l'adresse de votre site actuel ? — https://www.atlas-immo.dz",
		"Décrivez votre projet en une phrase. — Une refonte complète avec un espace client")
	answers, visit, source, _ := bookedAnswers(t, c.last.AppointmentID)
	want := map[string]string{"start": "quarter", "current": "https://www.atlas-immo.dz", "project": "Une refonte complète avec un espace client"}
	for id, v := range want {
		if answers[id] != v {
			t.Errorf("answer %s = %q, want %q (all: %v)", id, answers[id], v, answers)
		}
	}
	// A conversation opened without its visit's attribution books as direct.
	if visit != nil || source != attribution.Direct {
		t.Errorf("attribution %+v, source %q, want none and direct", visit, source)
	}
}

func TestDotaAsksTheServicesQuestionsInEnglish(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.toService("I'd like an appointment", "Sarah Kessler", "sarah.kessler@example.com", "0555 12 34 55", "skip")
	c.say("web development")
	c.expect(StepQuestion, "When would you like to start?")
	c.say("whenever the moon is full")
	c.expect(StepQuestion, "I did not recognise your choice", "As soon as possible, Within three months, Later this year",
		"When would you like to start?")
	c.say("As soon as possible")
	c.expect(StepQuestion, "What is the address of your current website? (optional)")
	if got := c.quickValues(); len(got) != 1 || got[0] != "Skip" {
		t.Fatalf("an optional question offers %v, want skip", got)
	}
	c.say("Skip")
	c.expect(StepQuestion, "Describe your project in one sentence.")
	// A question about the agency is answered, and the question asked again.
	c.say("where is your office?")
	c.expect(StepQuestion, "Describe your project in one sentence.")
	if len(c.last.Messages) < 2 {
		t.Fatalf("the question got no answer of its own: %q", c.text())
	}
	c.say("skip")
	c.expect(StepQuestion, "This question needs an answer")
	c.say("An online shop for our gym")
	c.toBooked("yes", "When would you like to start? — As soon as possible",
		"Describe your project in one sentence. — An online shop for our gym")
	if strings.Contains(c.last.Messages[0].Text, "current website") {
		t.Fatal("the summary lists the question skipped")
	}
	answers, _, _, _ := bookedAnswers(t, c.last.AppointmentID)
	if len(answers) != 2 || answers["start"] != "asap" || answers["project"] != "An online shop for our gym" {
		t.Fatalf("answers %v", answers)
	}
}

func TestDotaAsksTheServicesQuestionsInArabic(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "ar")
	c.toService("أريد حجز موعد", "ياسين عمراني", "yacine.amrani@example.dz", "0661 22 33 44", "تخطي")
	c.say("تطوير المواقع")
	c.expect(StepQuestion, "متى تودّ البدء؟")
	c.say("لاحقا هذا العام")
	c.expect(StepQuestion, "ما عنوان موقعك الحالي؟ (اختياري)")
	// A bad address is refused with the field's message, and asked again.
	c.say("موقعنا هو atlas immo")
	c.expect(StepQuestion, "عنوان الموقع هذا غير صالح", "ما عنوان موقعك الحالي؟")
	c.say("https://atlas-immo.dz/ar")
	c.expect(StepQuestion, "صف مشروعك في جملة واحدة.")
	c.say("متجر إلكتروني لبيع الأثاث")
	c.toBooked("نعم", "ما عنوان موقعك الحالي؟ — https://atlas-immo.dz/ar")
	answers, _, _, _ := bookedAnswers(t, c.last.AppointmentID)
	want := map[string]string{"start": "later", "current": "https://atlas-immo.dz/ar", "project": "متجر إلكتروني لبيع الأثاث"}
	for id, v := range want {
		if answers[id] != v {
			t.Errorf("answer %s = %q, want %q (all: %v)", id, answers[id], v, answers)
		}
	}
}

func TestAnotherServiceDropsTheAnswersAndAServiceWithoutQuestionsAsksNone(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	visit := &attribution.Visit{Last: attribution.Touch{UTMSource: "facebook", UTMCampaign: "ramadan", Landing: "/"}}
	r, err := e.Start(ctx, "en", "192.0.2.1", visit)
	if err != nil {
		t.Fatal(err)
	}
	c := &chat{t: t, e: e, id: r.SessionID, last: r}
	c.toService("I'd like an appointment", "Omar Toumi", "omar.toumi@example.dz", "0555 98 76 54", "skip")
	c.say("web development")
	c.say("As soon as possible")
	c.expect(StepQuestion, "current website")
	// Training asks no question: the answers given for web development are dropped.
	c.say("actually, I'd rather book a training")
	c.expect(StepDate)
	c.toBooked("yes")
	if strings.Contains(c.last.Messages[0].Text, "As soon as possible") {
		t.Fatal("the answers of another service reached the booking")
	}
	answers, got, source, campaign := bookedAnswers(t, c.last.AppointmentID)
	if len(answers) != 0 {
		t.Fatalf("answers %v, want none", answers)
	}
	// The visit Start was given is kept with the booking.
	if got == nil || got.Last.UTMSource != "facebook" || source != "facebook" || campaign != "ramadan" {
		t.Fatalf("attribution %+v, source %q, campaign %q", got, source, campaign)
	}
}

func TestAnEarlierMessagesChoiceAnswersItUnlessItIsAYesOrANo(t *testing.T) {
	qs := []catalogue.Question{
		{ID: "start", Type: catalogue.QuestionChoice, Required: true, Text: webQuestions[0].Text, Options: webQuestions[0].Options},
		{ID: "site", Type: catalogue.QuestionChoice, Required: true,
			Text: catalogue.Localized{"fr": "Avez-vous déjà un site ?", "en": "Do you have a website already?", "ar": "هل لديك موقع بالفعل؟"},
			Options: []catalogue.Choice{
				{Value: "yes", Label: catalogue.Localized{"fr": "Oui", "en": "Yes", "ar": "نعم"}},
				{Value: "no", Label: catalogue.Localized{"fr": "Non", "en": "No", "ar": "لا"}},
			}},
	}
	withQuestions(t, "developpement-web", qs)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.toService("Je voudrais un rendez-vous, on aimerait démarrer dès que possible", "Lina Haddad", "lina.haddad@example.dz",
		"0770 11 22 33", "non")
	c.say("Développement web")
	// "dès que possible" answered the first question; the company's "non" answers no other.
	c.expect(StepQuestion, "Avez-vous déjà un site ?")
	c.say("Non")
	c.expect(StepDate)
}

func TestOptionNamedReadsAChoiceInASentence(t *testing.T) {
	q := webQuestions[0]
	for _, tc := range []struct {
		msg   string
		loose bool
		want  string
	}{
		{"Dès que possible", false, "asap"},
		{"on voudrait commencer dès que possible svp", false, "asap"},
		{"within three months I guess", false, "quarter"},
		{"plus tard", true, "later"},
		{"أريد البدء في أقرب وقت ممكن", false, "asap"},
		{"dans les trois mois ou dès que possible", true, ""}, // two options: none
		{"bonjour", true, ""},
	} {
		o, ok := optionNamed(q, words(tc.msg), tc.loose)
		if got := o.Value; (ok && got != tc.want) || (!ok && tc.want != "") {
			t.Errorf("%q (loose %v) names %q, want %q", tc.msg, tc.loose, got, tc.want)
		}
	}
	budget := catalogue.Question{Type: catalogue.QuestionChoice, Options: []catalogue.Choice{
		{Value: "some", Label: catalogue.Localized{"fr": "100 000 DA"}}, {Value: "more", Label: catalogue.Localized{"fr": "Plus de 100 000 DA"}}}}
	if o, ok := optionNamed(budget, words("je dirais plus de 100 000 DA"), false); !ok || o.Value != "more" {
		t.Errorf("a label inside another's read as %q", o.Value)
	}
	if n := numbersIn("environ 200 000 DA"); len(n) != 1 || n[0] != "200 000" {
		t.Errorf("numbers %q", n)
	}
}

func TestAnAnswerTheBookingRefusesIsSaidAndAskedAgain(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.toService("I'd like an appointment", "Nour Bensalem", "nour.bensalem@example.dz", "0555 76 54 32", "skip")
	c.say("web development")
	c.say("As soon as possible")
	c.say("skip")
	c.say("A new site")
	c.expect(StepDate)
	c.say(c.last.QuickReplies[0].Value)
	c.say(c.last.QuickReplies[0].Value)
	c.expect(StepConfirm)
	// Staff make the project a number meanwhile; the chat still reads the catalogue it had.
	changed := append([]catalogue.Question{}, webQuestions...)
	changed[2].Type = catalogue.QuestionNumber
	if _, err := catalogue.New(pool).SetServiceQuestions(context.Background(), "developpement-web", changed); err != nil {
		t.Fatal(err)
	}
	c.say("yes")
	c.expect(StepQuestion, "Your answer to “Describe your project in one sentence.” could not be saved.", "I need a number",
		"Describe your project in one sentence.")
	c.say("3")
	c.expect(StepConfirm, "Describe your project in one sentence. — 3")
	c.say("yes")
	c.expect(StepBooked)
	c.unsent()
}

func TestAQuestionAtTheChoiceIsAnsweredNotTakenForAnOption(t *testing.T) {
	q := webQuestions[0]
	// "que" belongs to one option's label only, yet names none.
	if o, ok := optionNamed(q, words("qu'est-ce que vous faites exactement"), true); ok {
		t.Errorf("a sentence's little words named %q", o.Value)
	}
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.toService("je veux un rendez-vous", "Karim Saadi", "karim.saadi@example.dz", "0555 33 22 11", "passer")
	c.say("Développement web")
	c.expect(StepQuestion, "Quand souhaitez-vous démarrer ?")
	c.say("c'est combien un site plus tard ?")
	c.expect(StepQuestion, "Quand souhaitez-vous démarrer ?")
	if len(c.last.Messages) < 2 {
		t.Fatalf("the question got no answer: %q", c.text())
	}
	c.say("plus tard")
	c.expect(StepQuestion, "Quelle est l'adresse de votre site actuel ?")
}

func TestTheAnswersAreChangedFromTheSummary(t *testing.T) {
	withQuestions(t, "developpement-web", webQuestions)
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.toService("I'd like an appointment", "Meriem Slimani", "meriem.slimani@example.dz", "0555 65 43 21", "skip")
	c.say("web development")
	c.say("As soon as possible")
	c.say("https://slimani.dz")
	c.say("A booking site for my clinic")
	c.expect(StepDate)
	c.say(c.last.QuickReplies[0].Value)
	c.say(c.last.QuickReplies[0].Value)
	c.expect(StepConfirm, "— https://slimani.dz")
	c.say("no")
	var change string
	for _, q := range c.last.QuickReplies {
		if q.Label == "Answers to the questions" {
			change = q.Value
		}
	}
	if change == "" {
		t.Fatalf("what to change offers %v, not the answers", c.last.QuickReplies)
	}
	c.say(change)
	c.expect(StepQuestion, "When would you like to start?")
	c.say("Later this year")
	c.say("skip")
	c.say("A booking site for two clinics")
	c.expect(StepConfirm, "When would you like to start? — Later this year", "— A booking site for two clinics")
	if strings.Contains(c.text(), "slimani.dz") {
		t.Fatalf("the address skipped is still in the summary: %q", c.text())
	}
}
