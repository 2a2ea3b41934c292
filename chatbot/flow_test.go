package chatbot

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

func TestConversationBooksInFrench(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.expect(StepGreeting)
	if !strings.Contains(c.text(), "Bonjour") || len(c.last.QuickReplies) == 0 {
		t.Fatalf("greeting %q with %v", c.text(), c.last.QuickReplies)
	}
	c.say("oui")
	c.expect(StepName, "nom")
	c.say("Je m'appelle Amine Benali")
	c.expect(StepEmail, "Amine Benali", "e-mail")
	c.say("Amine.Benali@Example.DZ")
	c.expect(StepPhone)
	c.say("0555 12 34 56")
	c.expect(StepCompany)
	c.say("passer")
	c.expect(StepService, "service")
	if len(c.last.QuickReplies) != 7 || c.last.QuickReplies[0].Label == "" {
		t.Fatalf("service replies %v", c.last.QuickReplies)
	}
	c.say("un site web")
	c.expect(StepDate)
	c.say("demain")
	c.expect(StepTime, "lundi 23 novembre 2026", "10:00")
	c.say("10h")
	c.expect(StepConfirm, "Amine Benali", "amine.benali@example.dz", "Développement web", "lundi 23 novembre 2026 à 10:00")
	c.say("oui")
	c.expect(StepBooked, "en attente de confirmation")
	if c.last.AppointmentID == "" {
		t.Fatal("no appointment id")
	}
	want := Collected{Name: "Amine Benali", Email: "amine.benali@example.dz", Phone: "0555 12 34 56",
		Service: "Développement web", Date: "2026-11-23", Time: "10:00"}
	if c.last.Collected != want {
		t.Fatalf("collected %+v, want %+v", c.last.Collected, want)
	}
	var status, dash, source, service string
	if err := pool.QueryRow(context.Background(), `SELECT status, status_dashboard, source, service FROM appointments WHERE id = $1`,
		c.last.AppointmentID).Scan(&status, &dash, &source, &service); err != nil {
		t.Fatal(err)
	}
	if status != "pending" || dash != "new" || source != "chat" || service != "developpement-web" { // stored by its slug
		t.Fatalf("appointment %s %s %s %s", status, dash, source, service)
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM chat_messages m JOIN chat_conversations c
		ON c.id = m.conversation_id WHERE c.session_id = $1 AND c.appointment_id = $2`, c.id, c.last.AppointmentID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n < 19 {
		t.Fatalf("transcript holds %d messages", n)
	}
	// A question after booking is still answered.
	c.say("Quels sont vos horaires ?")
	c.expect(StepBooked, "dimanche au jeudi")
	c.say("non merci")
	c.expect(StepBooked, "Pas de problème")
	c.say("non")
	c.expect(StepBooked, "à bientôt")
}

func TestEachStepValidatesItsOwnValue(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		input string
		step  string
		want  string
	}{
		{"short name", nil, "A", StepName, "Le nom doit contenir entre 2 et 100 caractères"},
		{"name chars", nil, "Amine42", StepName, "Le nom ne peut contenir que des lettres, espaces, tirets et apostrophes"},
		{"email", []string{"Amine Benali"}, "amine@example", StepEmail, "Format d'email invalide"},
		{"phone length", []string{"Amine Benali", "a@b.dz"}, "0555", StepPhone, "Numéro de téléphone invalide (10-15 chiffres)"},
		{"phone chars", []string{"Amine Benali", "a@b.dz"}, "zéro cinq cinq", StepPhone, "Format de téléphone invalide"},
		{"company", []string{"Amine Benali", "a@b.dz", "0555123456"}, "X", StepCompany, "Nom d'entreprise invalide"},
		{"service", []string{"Amine Benali", "a@b.dz", "0555123456", "Atlas"}, "plomberie", StepService, "Service non reconnu. Choisissez parmi : Bots IA, Consultation"},
		{"date", []string{"Amine Benali", "a@b.dz", "0555123456", "Atlas", "formation"}, "bientôt", StepDate, "Je n'ai pas compris la date"},
		{"past date", []string{"Amine Benali", "a@b.dz", "0555123456", "Atlas", "formation"}, "01/01/2026", StepDate, "La date ne peut pas être dans le passé."},
		{"not a slot", []string{"Amine Benali", "a@b.dz", "0555123456", "Atlas", "formation", "mardi"}, "13h", StepTime, "ne fait pas partie de nos créneaux"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, "fr")
			c.say("rendez-vous")
			for _, s := range tt.setup {
				c.say(s)
			}
			c.say(tt.input)
			c.expect(tt.step, tt.want)
		})
	}
}

func TestThreeFailuresOfferTheForm(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.say("Amine Benali")
	c.say("amine@")
	c.say("amine.belk")
	c.expect(StepEmail, "Format d'email invalide")
	c.say("amine chez belk")
	c.expect(StepEmail, "formulaire", FormPath, ContactPhone1)
	if got := c.quickValues(); len(got) == 0 || got[0] != FormPath {
		t.Fatalf("quick replies %v", got)
	}
	c.say("amine@example.dz")
	c.expect(StepPhone)
}

func TestThursdayEveningTomorrowProposesSunday(t *testing.T) {
	e, _ := newEngine(t, thursdayEvening, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Benali", "a@b.dz", "0555123456", "passer", "formation"} {
		c.say(m)
	}
	c.expect(StepDate)
	c.say("demain à 10h")
	c.expect(StepDate, "fermés", "dimanche 29 novembre 2026")
	q := c.quickValues()
	if len(q) == 0 || !strings.HasPrefix(q[0], "2026-11-29") {
		t.Fatalf("quick replies %v, want Sunday first", q)
	}
	c.say(q[0])
	c.expect(StepConfirm, "dimanche 29 novembre 2026")
}

func TestTakenSlotProposesFreeOnes(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	if _, err := core.Book(context.Background(), booking.Request{Name: "Other Person", Phone: "0555000001",
		Date: "2026-11-24", Time: "11:00"}); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "en")
	for _, m := range []string{"yes", "Sarah Connor", "sarah@example.com", "+213 555 98 76 54", "skip", "mobile app"} {
		c.say(m)
	}
	c.say("24/11/2026 at 11:00")
	c.expect(StepTime, "This time slot has just been booked", "Tuesday 24 November 2026 at 10:00")
	for _, v := range c.quickValues() {
		if v == "2026-11-24 11:00" {
			t.Fatalf("taken slot offered: %v", c.quickValues())
		}
	}
	c.say(c.quickValues()[0])
	c.expect(StepConfirm)
}

func TestCorrectCancelRestart(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Benali", "a@b.dz", "0555123456", "Atlas Import"} {
		c.say(m)
	}
	c.expect(StepService)
	c.say("non, mon email est amine@atlas.dz")
	c.expect(StepService, "corrigé")
	if c.last.Collected.Email != "amine@atlas.dz" {
		t.Fatalf("email %q", c.last.Collected.Email)
	}
	c.say("je veux changer mon téléphone")
	c.expect(StepPhone)
	c.say("0770112233")
	c.expect(StepService)
	for _, m := range []string{"photo", "mardi", "15h"} {
		c.say(m)
	}
	c.expect(StepConfirm, "0770112233", "Atlas Import")
	c.say("non")
	c.expect(StepConfirm, "modifier")
	c.say("modifier entreprise")
	c.expect(StepCompany)
	c.say("Dota SARL")
	c.expect(StepConfirm, "Dota SARL")
	abandoned := testutil.ToFloat64(bookingsAbandoned.WithLabelValues(StepConfirm))
	c.say("annuler")
	c.expect(StepGreeting, "annulé")
	if got := testutil.ToFloat64(bookingsAbandoned.WithLabelValues(StepConfirm)); got != abandoned+1 {
		t.Fatalf("abandoned at confirm: %v → %v", abandoned, got)
	}
	if c.last.Collected.Service != "" || c.last.Collected.Name != "Amine Benali" {
		t.Fatalf("after cancel %+v", c.last.Collected)
	}
	c.say("rendez-vous")
	c.expect(StepService)
	c.say("recommencer")
	c.expect(StepName)
	if c.last.Collected != (Collected{}) {
		t.Fatalf("after restart %+v", c.last.Collected)
	}
}

func TestQuestionsDuringTheFlow(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("oui")
	c.say("Combien coûte un site ?")
	c.expect(StepName, "5 000 à 50 000 DZD", "Quel est votre nom complet ?")
	c.say("Amine Benali")
	c.expect(StepEmail)
}

// failingBook is the booking core with a database that refuses the insert.
type failingBook struct{ *booking.Core }

func (failingBook) Book(context.Context, booking.Request) (booking.Result, error) {
	return booking.Result{}, errors.New("connection reset by peer")
}

func TestFailedBookingIsNeverToldAsBooked(t *testing.T) {
	rdbEngine, core := newEngine(t, sundayMorning, Config{})
	e := New(failingBook{core}, pool, rdbEngine.rdb, rdbEngine.cfg, WithClock(rdbEngine.now), WithLogger(quiet))
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Benali", "a@b.dz", "0555123456", "passer", "formation", "mardi à 9h"} {
		c.say(m)
	}
	c.expect(StepConfirm)
	c.say("oui")
	c.expect(StepConfirm, "rien n'a été réservé", FormPath, ContactPhone1)
	if c.last.AppointmentID != "" || strings.Contains(c.text(), "C'est noté") {
		t.Fatalf("failure told as success: %q", c.text())
	}
}

func TestFreeQuestionsInEachLanguage(t *testing.T) {
	tests := []struct{ lang, q, want string }{
		{"fr", "Quels sont vos tarifs ?", "50 000 DZD"},
		{"fr", "Combien de temps pour un projet ?", "2 à 4 semaines"},
		{"fr", "Où êtes-vous situés ?", "Alger"},
		{"fr", "Comment vous contacter ?", ContactEmail},
		{"fr", "Vous êtes ouverts le samedi ?", "fermés le samedi"},
		{"fr", "Quels services proposez-vous ?", "Formation"},
		{"fr", "Montrez-moi vos réalisations", "100 projets"},
		{"en", "What are your prices?", "5,000 to 50,000 DZD"},
		{"en", "Do you do training?", "Training"},
		{"en", "where is your office", "Didouche Mourad"}, // the profile's address
		{"en", "how many years of experience", "8+ years"},
		{"en", "wait, am I talking to a bot?", "automated assistant"}, // asked as a question, not the AI bots service
		{"ar", "ما هي أسعاركم؟", "دينار"},
		{"ar", "أين مقركم؟", "Didouche Mourad"},
		{"ar", "ما هي خدماتكم؟", "التدريب والتكوين"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.q, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, tt.lang)
			c.say(tt.q)
			c.expect(StepGreeting, tt.want)
			if c.last.Lang != tt.lang {
				t.Fatalf("lang %s", c.last.Lang)
			}
		})
	}
}

func TestServicesMatchWholeWords(t *testing.T) {
	services := []catalogue.Service{
		{Slug: "bots-ia", Name: catalogue.Localized{"en": "AI bots"}, Keywords: map[string][]string{"en": {"AI", "bot"}}},
		{Slug: "formation", Name: catalogue.Localized{"en": "Training"}, Keywords: map[string][]string{"en": {"training"}}},
		{Slug: "mobile", Name: catalogue.Localized{"en": "Mobile"}, Keywords: map[string][]string{"en": {"app"}}},
	}
	tests := []struct{ in, want string }{
		{"I need training", "formation"},
		{"an AI assistant", "bots-ia"},
		{"I want an appointment", ""},
		{"une app", "mobile"},
	}
	for _, tt := range tests {
		s, ok := serviceIn(words(tt.in), services)
		if (ok && s.Slug != tt.want) || (!ok && tt.want != "") {
			t.Errorf("serviceIn(%q) = %q, %v; want %q", tt.in, s.Slug, ok, tt.want)
		}
	}
}

func TestLanguageSwitchesOnArabicScript(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("مرحبا، ما هي أسعاركم؟")
	if c.last.Lang != "ar" || !strings.Contains(c.text(), "دينار") {
		t.Fatalf("lang %s, text %q", c.last.Lang, c.text())
	}
	c.say("what are your opening hours please")
	if c.last.Lang != "en" {
		t.Fatalf("lang %s", c.last.Lang)
	}
}

func TestEmptyMessageGetsTheDefaultPrompt(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.say("  <>  ")
	c.expect(StepGreeting, "I didn't receive a message")
}

func TestUnknownSessionStartsANewOne(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	r, err := e.Send(context.Background(), "0123456789abcdef0123456789abcdef", "rendez-vous", "en", "192.0.2.9")
	if err != nil {
		t.Fatal(err)
	}
	if !r.NewSession || r.SessionID == "0123456789abcdef0123456789abcdef" || r.Step != StepName || len(r.Messages) != 2 {
		t.Fatalf("reply %+v", r)
	}
	if _, err := e.Conversation(context.Background(), "nope"); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("err %v", err)
	}
	conv, err := e.Conversation(context.Background(), r.SessionID)
	if err != nil || len(conv.Messages) != 3 || conv.Messages[1].Sender != "user" {
		t.Fatalf("conversation %+v, %v", conv, err)
	}
}

func TestRateLimits(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{SessionMessageLimit: 2, IPMessageLimit: 100})
	c := start(t, e, "fr")
	c.say("bonjour")
	c.say("merci")
	_, err := e.Send(context.Background(), c.id, "encore", "", "192.0.2.1")
	var rl *RateLimitedError
	if !errors.As(err, &rl) || rl.Scope != "session" || rl.RetryAfter < 1 || rl.RetryAfter > 60 {
		t.Fatalf("err %v", err)
	}
	rep, err := e.Ops(context.Background(), "1h")
	if err != nil || rep.Totals.RateLimited != 1 {
		t.Fatalf("ops %+v %v", rep.Totals, err)
	}
}

func TestRedisDownIsUnavailable(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	e.rdb.Close()
	_, err := e.Send(context.Background(), c.id, "bonjour", "", "192.0.2.1")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("err %v", err)
	}
}

// A visitor may keep back their phone once their e-mail is given, or their e-mail while
// they give their phone; not both.
func TestOneContactDetailMayBeKeptBack(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.say("I'd like an appointment")
	c.say("Sarah Mokrani")
	c.say("sarah.mokrani@yahoo.com")
	c.say("I'd rather not give my number")
	c.expect(StepCompany)

	c = start(t, e, "fr")
	c.say("je veux un rendez-vous")
	c.say("Amine Benali")
	c.say("je préfère ne pas donner mon mail")
	c.expect(StepPhone)
	c.say("pas de numéro non plus")
	c.expect(StepPhone, "au moins une adresse e-mail ou un numéro")
	c.say("0555 12 34 56")
	c.expect(StepCompany)

	// The other one said to be enough, or asked for in darija, whose words hold digits.
	c = start(t, e, "en")
	c.say("I'd like an appointment")
	c.say("Nassim Djebbar, nassim.djebbar@outlook.com")
	c.say("email is enough, thanks")
	c.expect(StepCompany)

	c = start(t, e, "fr")
	c.say("bghit ndir rdv")
	c.say("Abdelkader Mekki")
	c.say("ma3andich mail, 3ayetli 3la numero")
	c.expect(StepPhone)
}

func TestTheMeetingModeIsAskedOnlyWhenTheServiceOffersSeveral(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	c.say("I'd like an appointment")
	c.expect(StepName)
	c.say("Samir Haddad")
	c.expect(StepEmail)
	c.say("samir.haddad@example.dz")
	c.expect(StepPhone)
	c.say("0555 12 34 77")
	c.expect(StepCompany)
	c.say("skip")
	c.expect(StepService)
	c.say("consultation")
	c.expect(StepMode, "How would you like to meet")
	if len(c.last.QuickReplies) != 3 || c.last.QuickReplies[2].Label != "By video call" {
		t.Fatalf("mode replies %v", c.last.QuickReplies)
	}
	c.say("a carrier pigeon")
	c.expect(StepMode, "I did not catch how you would like to meet")
	c.say("by video please")
	c.expect(StepDate)
	c.say("tomorrow")
	c.expect(StepTime)
	c.say("11am")
	c.expect(StepConfirm, "(By video call)")
	c.say("yes")
	c.expect(StepBooked)
	var mode, link string
	if err := pool.QueryRow(context.Background(), `SELECT mode, coalesce(meeting_url, '') FROM appointments WHERE id = $1`,
		c.last.AppointmentID).Scan(&mode, &link); err != nil {
		t.Fatal(err)
	}
	if mode != "video" || !strings.HasPrefix(link, "https://") {
		t.Fatalf("booked by %q with %q, want video with its link", mode, link)
	}
}
