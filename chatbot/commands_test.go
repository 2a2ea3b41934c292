package chatbot

import (
	"testing"

	"github.com/dota-agency/dota/chatbot/reader"
)

func TestOrdinaryAnswersAreNotCommands(t *testing.T) {
	contact := []string{"Amine Benali", "a@b.dz", "0555123456"}
	tests := []struct {
		name, lang string
		answers    []string // after the offer is accepted
		msg        string
		step       string
		check      func(Collected) bool
	}{
		{"mobile app at the service step", "en", append(contact, "skip"), "I need a mobile app for my shop", StepDate,
			func(c Collected) bool { return c.Service == "Mobile development" && c.Phone == "0555123456" }},
		{"web site for my company at the service step", "fr", append(contact, "passer"), "un site web pour mon entreprise", StepDate,
			func(c Collected) bool { return c.Service == "Développement web" && c.Company == "" }},
		{"redo my site from the start at the service step", "fr", append(contact, "Atlas Import"),
			"je voudrais refaire mon site depuis le début", StepDate,
			func(c Collected) bool {
				return c.Service == "Développement web" && c.Name == "Amine Benali" && c.Company == "Atlas Import"
			}},
		{"a business card at the service step", "en", append(contact, "skip"), "update my business card", StepDate,
			func(c Collected) bool { return c.Service == "Mini services" && c.Company == "" }},
		{"a company named Stop Pub", "fr", contact, "Stop Pub", StepService,
			func(c Collected) bool { return c.Company == "Stop Pub" && c.Name == "Amine Benali" }},
		{"a company named Annulation Express", "fr", contact, "Annulation Express", StepService,
			func(c Collected) bool { return c.Company == "Annulation Express" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, tt.lang)
			c.say(text(tt.lang, "qr_yes"))
			for _, m := range tt.answers {
				c.say(m)
			}
			c.say(tt.msg)
			c.expect(tt.step)
			if !tt.check(c.last.Collected) {
				t.Fatalf("%q left %+v", tt.msg, c.last.Collected)
			}
		})
	}
}

func TestCommandsAreWholeMessages(t *testing.T) {
	tests := []struct {
		lang, msg, step string
		cleared         bool // restart forgets the contact details too
	}{
		{"fr", "annuler", StepGreeting, false},
		{"fr", "je veux annuler le rendez-vous", StepGreeting, false},
		{"fr", "stop", StepGreeting, false},
		{"en", "cancel please", StepGreeting, false},
		{"ar", "إلغاء", StepGreeting, false},
		{"fr", "recommencer", StepName, true},
		{"fr", "on recommence depuis le début", StepName, true},
		{"en", "start over", StepName, true},
		{"ar", "ابدأ من جديد", StepName, true},
	}
	for _, tt := range tests {
		t.Run(tt.lang+" "+tt.msg, func(t *testing.T) {
			e, _ := newEngine(t, sundayMorning, Config{})
			c := start(t, e, tt.lang)
			for _, m := range []string{text(tt.lang, "qr_yes"), "Amine Benali", "a@b.dz", "0555123456"} {
				c.say(m)
			}
			c.expect(StepCompany)
			c.say(tt.msg)
			c.expect(tt.step)
			if got := c.last.Collected.Name == ""; got != tt.cleared {
				t.Fatalf("after %q: %+v", tt.msg, c.last.Collected)
			}
		})
	}
}

func TestExplicitCorrectionsStillWork(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "en")
	for _, m := range []string{"yes", "Sarah Connor", "s@b.dz", "0555123456", "skip"} {
		c.say(m)
	}
	c.expect(StepService)
	c.say("change my phone to 0770 11 22 33")
	c.expect(StepService, "Updated")
	if c.last.Collected.Phone != "0770 11 22 33" {
		t.Fatalf("phone %q", c.last.Collected.Phone)
	}
	c.say("change my mobile number to 0770 44 55 66")
	c.expect(StepService, "Updated")
	if c.last.Collected.Phone != "0770 44 55 66" || c.last.Collected.Service != "" {
		t.Fatalf("collected %+v", c.last.Collected)
	}
	c.say("no, my email is sarah@atlas.dz")
	c.expect(StepService, "Updated")
	if c.last.Collected.Email != "sarah@atlas.dz" {
		t.Fatalf("email %q", c.last.Collected.Email)
	}
	c.say("I want to change my company")
	c.expect(StepCompany)
	c.say("Stop Pub")
	c.expect(StepService)
	if c.last.Collected.Company != "Stop Pub" {
		t.Fatalf("company %q", c.last.Collected.Company)
	}
}

func TestPlainYesAndWholeCommands(t *testing.T) {
	yes := map[string]bool{"oui": true, "ok merci": true, "oui, c'est parfait": true, "yes please": true, "نعم": true,
		"d'accord": true, "yes, book it": true, "oui, vous pouvez réserver": true, "ouais c'est bon": true,
		"ok, je confirme": true, "oui, réservez mardi": false, "oui mais plutôt mardi": false, "ok for thursday 3pm": false, "non": false, "oui non": false,
		"yes but": false, "": false}
	for in, want := range yes {
		if got := reader.PlainYes(words(in), reader.ParseWhen(in, sundayMorning, false)); got != want {
			t.Errorf("plainYes(%q) = %v, want %v", in, got, want)
		}
	}
	cancel := map[string]bool{"annuler": true, "stop": true, "je veux annuler le rendez-vous": true, "cancel it please": true,
		"إلغاء الحجز": true, "Stop Pub": false, "Annulation Express": false, "comment annuler un abonnement": false}
	for in, want := range cancel {
		if got := reader.IsCommand(reader.CancelWords, words(in)); got != want {
			t.Errorf("isCommand(cancel, %q) = %v, want %v", in, got, want)
		}
	}
	restart := map[string]bool{"recommencer": true, "start over": true, "on recommence depuis le début": true,
		"je voudrais refaire mon site depuis le début": false}
	for in, want := range restart {
		if got := reader.IsCommand(reader.RestartWords, words(in)); got != want {
			t.Errorf("isCommand(restart, %q) = %v, want %v", in, got, want)
		}
	}
}
