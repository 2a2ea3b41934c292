package chatbot

import (
	"context"
	"strings"
	"testing"
	"time"
)

// weeksLater is the test clock moved by whole weeks, so that tests that book do not take
// each other's slots in the shared database.
func weeksLater(n int) time.Time { return sundayMorning.AddDate(0, 0, 7*n) }

// toConfirm drives a conversation to the summary with the given answers.
func toConfirm(t *testing.T, e *Engine, lang string, answers ...string) *chat {
	t.Helper()
	c := start(t, e, lang)
	for _, m := range answers {
		c.say(m)
	}
	c.expect(StepConfirm)
	return c
}

// appointmentsOf counts the appointments booked with an e-mail address.
func appointmentsOf(t *testing.T, email string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE email = $1`, email).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAYesWithANewSlotIsACorrection(t *testing.T) {
	tests := []struct {
		lang    string
		weeks   int
		answers []string
		msg     string
		when    string // the new slot in the summary
		date    string
		time    string
		yes     string
		old     string // the declined slot, never announced as booked
	}{
		{"fr", 1, []string{"oui", "Amine Benali", "amine.slot@example.dz", "0555123456", "passer", "formation", "lundi à 10h"},
			"oui mais plutôt mardi à 15h", "mardi 1 décembre 2026 à 15:00", "2026-12-01", "15:00", "oui", "lundi 30 novembre 2026 à 10:00"},
		{"en", 2, []string{"yes", "Sarah Connor", "sarah.slot@example.com", "0555123457", "skip", "training", "monday at 10am"},
			"ok for thursday 3pm", "Thursday 10 December 2026 at 15:00", "2026-12-10", "15:00", "yes", "Monday 7 December 2026 at 10:00"},
		{"ar", 3, []string{"نعم", "محمد أمين", "amine.ar.slot@example.dz", "0555123458", "تخطي", "تدريب", "الاثنين الساعة 10"},
			"نعم لكن الثلاثاء الساعة 15", "الثلاثاء 15 ديسمبر 2026 على الساعة 15:00", "2026-12-15", "15:00", "نعم", "الاثنين 14 ديسمبر 2026 على الساعة 10:00"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			e, _ := newEngine(t, weeksLater(tt.weeks), Config{})
			c := toConfirm(t, e, tt.lang, tt.answers...)
			c.say(tt.msg)
			c.expect(StepConfirm, tt.when)
			if c.last.AppointmentID != "" || appointmentsOf(t, tt.answers[2]) != 0 {
				t.Fatalf("%q booked: %q", tt.msg, c.text())
			}
			if strings.Contains(c.text(), tt.old) {
				t.Fatalf("the declined slot is still offered: %q", c.text())
			}
			if c.last.Collected.Date != tt.date || c.last.Collected.Time != tt.time {
				t.Fatalf("collected %+v", c.last.Collected)
			}
			c.say(tt.yes)
			c.expect(StepBooked, tt.when)
			var date, hhmm string
			if err := pool.QueryRow(context.Background(), `SELECT date::text, time FROM appointments WHERE id = $1`,
				c.last.AppointmentID).Scan(&date, &hhmm); err != nil {
				t.Fatal(err)
			}
			if date != tt.date || hhmm != tt.time {
				t.Fatalf("booked %s %s, want %s %s", date, hhmm, tt.date, tt.time)
			}
		})
	}
}

func TestAYesWithAnInvalidSlotNeitherBooksNorHidesWhy(t *testing.T) {
	tests := []struct {
		name, lang, email string
		answers           []string
		msg, step, why    string
	}{
		{"closed day", "fr", "closed.slot@example.dz",
			[]string{"oui", "Amine Benali", "closed.slot@example.dz", "0555123456", "passer", "formation", "lundi à 10h"},
			"oui mais plutôt vendredi à 15h", StepDate, "fermés"},
		{"not a slot", "en", "notaslot@example.com",
			[]string{"yes", "Sarah Connor", "notaslot@example.com", "0555123457", "skip", "training", "monday at 10am"},
			"ok for tuesday 1pm", StepTime, "is not one of our slots"},
		{"past day", "fr", "past.slot@example.dz",
			[]string{"oui", "Amine Benali", "past.slot@example.dz", "0555123456", "passer", "formation", "lundi à 10h"},
			"oui, plutôt le 02/01/2026 à 10h", StepDate, "La date ne peut pas être dans le passé."},
		// Two hours and nothing to tell which is wanted: asked, neither kept nor booked.
		{"two hours", "fr", "two.hours@example.dz",
			[]string{"oui", "Amine Benali", "two.hours@example.dz", "0555123456", "passer", "formation", "lundi à 10h"},
			"oui mais à 10h j'ai un fournisseur qui passe, 15h ça irait ?", StepTime, "voulez-vous dire 15:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, weeksLater(4), Config{})
			c := toConfirm(t, e, tt.lang, tt.answers...)
			c.say(tt.msg)
			c.expect(tt.step, tt.why)
			if c.last.AppointmentID != "" || appointmentsOf(t, tt.email) != 0 {
				t.Fatalf("%q booked: %q", tt.msg, c.text())
			}
		})
	}
}

func TestOnlyAPlainYesBooks(t *testing.T) {
	e, _ := newEngine(t, weeksLater(5), Config{})
	c := toConfirm(t, e, "fr", "oui", "Amine Benali", "plain.yes@example.dz", "0555123456", "passer", "formation", "lundi à 11h")
	for _, m := range []string{"oui mais je préfère l'après-midi", "oui mais", "yes but"} {
		c.say(m)
		c.expect(StepConfirm)
		if c.last.AppointmentID != "" || appointmentsOf(t, "plain.yes@example.dz") != 0 {
			t.Fatalf("%q booked: %q", m, c.text())
		}
	}
	c.say("oui, merci")
	c.expect(StepBooked, "lundi 28 décembre 2026 à 11:00")
}

func TestWhatToChangeIsRead(t *testing.T) {
	tests := []struct {
		lang, no, field, step, value, want string
	}{
		{"fr", "non", "l'email", StepEmail, "nouveau@example.dz", "nouveau@example.dz"},
		{"fr", "non", "le téléphone", StepPhone, "0770112233", "0770112233"},
		{"fr", "non", "l'heure", StepTime, "15h", "15:00"},
		{"en", "no", "the phone number", StepPhone, "0770112244", "0770112244"},
		{"en", "no", "company", StepCompany, "Atlas Import", "Atlas Import"},
		{"ar", "لا", "البريد الإلكتروني", StepEmail, "jadid@example.dz", "jadid@example.dz"},
		{"ar", "لا", "الهاتف", StepPhone, "0770112255", "0770112255"},
	}
	answers := map[string][]string{
		"fr": {"oui", "Amine Benali", "a@b.dz", "0555123456", "passer", "formation", "mardi à 10h"},
		"en": {"yes", "Sarah Connor", "s@b.dz", "0555123456", "skip", "training", "tuesday at 10am"},
		"ar": {"نعم", "محمد أمين", "m@b.dz", "0555123456", "تخطي", "تدريب", "الثلاثاء الساعة 10"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.field, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := toConfirm(t, e, tt.lang, answers[tt.lang]...)
			c.say(tt.no)
			c.expect(StepConfirm, text(tt.lang, "what_change"))
			c.say(tt.field)
			c.expect(tt.step)
			c.say(tt.value)
			c.expect(StepConfirm, tt.want)
			if c.last.AppointmentID != "" {
				t.Fatal("booked while correcting")
			}
		})
	}
}

func TestWhatToChangeUnderstoodOrAskedAgain(t *testing.T) {
	e, _ := newEngine(t, weeksLater(6), Config{})
	c := toConfirm(t, e, "fr", "oui", "Amine Benali", "a@b.dz", "0555123456", "passer", "formation", "mardi à 10h")
	c.say("non")
	c.say("la couleur")
	c.expect(StepConfirm, "Que souhaitez-vous modifier ?")
	if len(c.last.QuickReplies) < 7 {
		t.Fatalf("quick replies %v", c.last.QuickReplies)
	}
	c.say("oui")
	c.expect(StepConfirm, "Que souhaitez-vous modifier ?")
	if c.last.AppointmentID != "" {
		t.Fatal("a yes to \"what to change?\" booked")
	}
	c.say("rien")
	c.expect(StepConfirm, "Je confirme ce rendez-vous ?")
	c.say("oui")
	c.expect(StepBooked)
}
