package alerts_test

import (
	"context"
	"strings"
	"testing"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// The e-mail of a new booking lists the visitor's answers to the service's questions,
// question and answer in the recipient's language, a choice by its label.
func TestNewBookingEmailHoldsTheAnswers(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	cat := catalogue.New(r.pool)
	if _, err := cat.Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := cat.SetServiceQuestions(ctx, "developpement-web", []catalogue.Question{
		{ID: "budget", Type: catalogue.QuestionChoice, Required: true,
			Text: catalogue.Localized{"fr": "Votre budget ?", "en": "Your budget?", "ar": "ميزانيتك؟"},
			Options: []catalogue.Choice{
				{Value: "small", Label: catalogue.Localized{"fr": "Moins de 100 000 DA", "en": "Under 100,000 DA", "ar": "أقل من 100000 دج"}},
				{Value: "large", Label: catalogue.Localized{"fr": "Plus de 100 000 DA", "en": "Over 100,000 DA", "ar": "أكثر من 100000 دج"}},
			}},
		{ID: "site", Type: catalogue.QuestionURL,
			Text: catalogue.Localized{"fr": "Votre site actuel", "en": "Your current site", "ar": "موقعك الحالي"}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.alerts.SetPreferences(ctx, r.users["admin"], alerts.PreferencesInput{Language: "en",
		Choices: []alerts.Choice{{Event: alerts.EventNewBooking, Channel: alerts.ChannelEmail}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.core.Book(ctx, booking.Request{Name: "Amine Benali", Email: "client@example.com",
		Phone: "0555123456", Service: "developpement-web", Date: "2026-11-29", Time: "10:00", Source: booking.SourceForm,
		Answers: map[string]string{"budget": "large", "site": "exemple.dz"}}); err != nil {
		t.Fatal(err)
	}
	m := r.smtp.Wait(t, 1)[0].Parse(t)
	for _, want := range []string{"Answers to the service's questions", "Your budget?: Over 100,000 DA",
		"Your current site: https://exemple.dz"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("no %q in the text:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, "<li>Your budget?: Over 100,000 DA</li>") {
		t.Errorf("html:\n%s", m.HTML)
	}
	if strings.Contains(m.Text, "Votre budget") || strings.Contains(m.Text, `"budget"`) {
		t.Errorf("another language or the stored form in the text:\n%s", m.Text)
	}
}

// A booking of a service without questions says nothing of answers.
func TestNewBookingEmailWithoutQuestions(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := r.alerts.SetPreferences(ctx, r.users["admin"], alerts.PreferencesInput{Language: "fr",
		Choices: []alerts.Choice{{Event: alerts.EventNewBooking, Channel: alerts.ChannelEmail}}}); err != nil {
		t.Fatal(err)
	}
	r.bookByForm(t, "Sara Haddad", "11:00")
	m := r.smtp.Wait(t, 1)[0].Parse(t)
	if strings.Contains(m.Text, "Réponses") || !strings.Contains(m.Text, "Sara Haddad") {
		t.Errorf("text:\n%s", m.Text)
	}
}
