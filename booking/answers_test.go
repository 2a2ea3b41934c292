package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// askQuestions gives the seed's consultation three questions of its own for one test.
func askQuestions(t *testing.T) []catalogue.Question {
	t.Helper()
	ctx := context.Background()
	both := func(s string) catalogue.Localized { return catalogue.Localized{"fr": s, "en": s, "ar": s} }
	svc, err := catalogue.New(pool).SetServiceQuestions(ctx, "consultation", []catalogue.Question{
		{Type: catalogue.QuestionChoice, Required: true, Text: both("Budget"), Options: []catalogue.Choice{
			{Value: "small", Label: catalogue.Localized{"fr": "Moins de 100 000 DA", "en": "Under 100,000 DA", "ar": "أقل من 100000 دج"}},
			{Value: "large", Label: both("100 000 DA +")}}},
		{ID: "site", Type: catalogue.QuestionURL, Text: both("Current site")},
		{ID: "goal", Type: catalogue.QuestionText, Required: true, Text: both("Goal")},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := catalogue.New(pool).SetServiceQuestions(context.Background(), "consultation", nil); err != nil {
			t.Error(err)
		}
	})
	return svc.Questions
}

func TestABookingAnswersItsServicesQuestions(t *testing.T) {
	reset(t)
	qs := askQuestions(t)
	budget := qs[0].ID
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	req := booking.Request{Name: "Answers Test", Phone: "0556000101", Service: "consultation", Date: "2026-11-23", Time: "09:00",
		Answers: map[string]string{budget: "moins de 100 000 da", "site": "pas une adresse"}}

	_, err := core.Book(ctx, req)
	var v *booking.ValidationError
	if !errors.As(err, &v) || v.Fields["answers.site"] != "url_invalid" || v.Fields["answers.goal"] != "required" ||
		v.Fields["answers."+budget] != "" {
		t.Fatalf("a bad address and a missing answer: got %v", err)
	}

	req.Answers["site"], req.Answers["goal"] = "www.exemple.dz", "  Refaire   le site "
	req.Answers["unknown"] = "ignored"
	res, err := core.Book(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	got := res.Appointment.Answers
	if len(got) != 3 || got[0].Value != "small" || got[0].In("en") != "Under 100,000 DA" ||
		got[1].Value != "https://www.exemple.dz" || got[2].Value != "Refaire le site" || got[2].Question["fr"] != "Goal" {
		t.Fatalf("answers stored: %+v", got)
	}
	stored, err := core.Appointment(ctx, res.Appointment.ID)
	if err != nil || len(stored.Answers) != 3 {
		t.Fatalf("answers read back: %+v %v", stored.Answers, err)
	}

	// The console books on a visitor's behalf: the required questions may stay unanswered.
	if _, err := core.Book(ctx, booking.Request{Name: "Answers Test", Phone: "0556000102", Service: "consultation",
		Date: "2026-11-23", Time: "10:00", Source: booking.SourceConsole}); err != nil {
		t.Fatalf("console booking without answers: %v", err)
	}
	// A service without questions asks nothing.
	if _, err := core.Book(ctx, booking.Request{Name: "Answers Test", Phone: "0556000103", Service: "formation",
		Date: "2026-11-23", Time: "11:00"}); err != nil {
		t.Fatalf("a service without questions: %v", err)
	}
}

func TestABookingKeepsWhereItsVisitCameFromCutNeverRefused(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	res, err := core.Book(ctx, booking.Request{Name: "Source Test", Phone: "0556000201", Date: "2026-11-23", Time: "09:00",
		Attribution: &attribution.Visit{
			First: attribution.Touch{Referrer: "https://www.google.com/search?q=x", Landing: "/services?secret=1"},
			Last:  attribution.Touch{UTMSource: "Facebook", UTMCampaign: "Ramadan" + strings.Repeat("x", 500), GCLID: "bad id!"},
		}})
	if err != nil {
		t.Fatalf("an over-long campaign and a malformed click id fail the booking: %v", err)
	}
	a := res.Appointment
	if a.TrafficSource != "facebook" || len(a.Campaign) != attribution.MaxParamLen || a.Attribution == nil ||
		a.Attribution.First.Referrer != "www.google.com" || a.Attribution.First.Landing != "/services" || a.Attribution.Last.GCLID != "" {
		t.Fatalf("attribution stored: %q %q %+v", a.TrafficSource, a.Campaign, a.Attribution)
	}
	res, err = core.Book(ctx, booking.Request{Name: "Source Test", Phone: "0556000202", Date: "2026-11-23", Time: "10:00"})
	if err != nil || res.Appointment.TrafficSource != attribution.Direct || res.Appointment.Attribution != nil {
		t.Fatalf("no attribution: %q %+v %v", res.Appointment.TrafficSource, res.Appointment.Attribution, err)
	}
}
