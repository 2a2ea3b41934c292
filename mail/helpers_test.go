package mail_test

import (
	"context"
	"testing"
	"time"
	_ "time/tzdata" // Africa/Algiers on any machine

	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

var (
	algiers = mustLocation("Africa/Algiers")
	// stamp is the renderer's clock: the DTSTAMP of every calendar file.
	stamp = time.Date(2026, 11, 20, 8, 30, 0, 0, time.UTC)
	// start is Thursday 26 November 2026 at 10:00 in Algiers (UTC+1).
	start = time.Date(2026, 11, 26, 10, 0, 0, 0, algiers)
)

const (
	manageURL = "https://rdv.example.com/rendez-vous/gerer/tok-123"
	// The reminders' one-tap answers.
	reconfirmURL = "https://rdv.example.com/reconfirm/tok-123"
	cancelURL    = "https://rdv.example.com/manage/tok-123?action=cancel"
	offerURL     = "https://rdv.example.com/liste-attente/offre/off-456"
)

func mustLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func newRenderer(t *testing.T) *mail.Renderer {
	t.Helper()
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", "https://rdv.example.com/")
	if err != nil {
		t.Fatal(err)
	}
	r.Now = func() time.Time { return stamp }
	return r
}

// input is a complete input of kind k in lang.
func input(k mail.Kind, lang string) mail.Input {
	in := mail.Input{
		Kind: k, Lang: lang,
		AppointmentID: "apt-42", Sequence: 3,
		Service: "Site vitrine", Start: start, Duration: time.Hour, Location: algiers,
		RecipientName: "Amina Benali", RecipientEmail: "amina@example.net",
		ManageURL: manageURL, OfferURL: offerURL,
		HoldUntil: start.Add(-20 * time.Hour).Add(30 * time.Minute),
		Source:    mail.SourceForm, By: mail.ByCustomer,
		OldStart: start.Add(-24 * time.Hour),
		Agency: mail.Agency{Name: "Dota Agency", Email: "contact@dota.example", Phone: "+213 555 12 34 56",
			Address: "12 rue Didouche Mourad, Alger"},
	}
	if k == mail.KindReminder || k == mail.KindReconfirm {
		in.ReconfirmURL, in.CancelURL = reconfirmURL, cancelURL
	}
	return in
}

// send renders in and delivers it to srv through the real transport, failing the test
// on any error, and returns what srv received.
func send(t *testing.T, srv *mailtest.Server, in mail.Input, opts ...mail.TransportOption) (mailtest.Received, *mailtest.Parsed) {
	t.Helper()
	m, err := newRenderer(t).Render(in)
	if err != nil {
		t.Fatalf("render %s/%s: %v", in.Kind, in.Lang, err)
	}
	tr, err := mail.NewTransport(srv.URL(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	before := len(srv.Messages())
	if err := tr.Send(context.Background(), m); err != nil {
		t.Fatalf("send %s/%s: %v", in.Kind, in.Lang, err)
	}
	got := srv.Wait(t, before+1)[before]
	return got, got.Parse(t)
}
