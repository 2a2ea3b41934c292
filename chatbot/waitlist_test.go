package chatbot

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// The waitlist in the conversation, on the real clock and jobs: a visitor who insists on
// a full slot joins its line; when it frees up the offer arrives in their open
// conversation, on its stream, and "I'll take it" books it.
func TestWaitlistInTheConversation(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	core.OnOffer(e.OfferPlace)
	ctx := context.Background()
	slot := openSlots(t, core, 4, 1)[0]
	held, err := core.Book(ctx, booking.Request{Name: "Rachid Amrani", Email: "rachid@amrani.dz", Phone: "0770112233",
		Date: slot.Date, Time: slot.Time})
	if err != nil {
		t.Fatal(err)
	}

	c := start(t, e, "fr")
	for _, m := range []string{"Je voudrais prendre rendez-vous", "Samira Haddad", "samira@wait.dz", "0661 22 33 44", "passer"} {
		c.say(m)
	}
	c.expect(StepService)
	c.say(c.last.QuickReplies[0].Value)
	c.expect(StepDate)
	when := slot.Date + " " + slot.Time
	c.say(when)
	c.expect(StepTime, "libres les plus proches")
	c.say(when) // again: the same full slot
	c.expect(StepTime, "liste d'attente", "samira@wait.dz")
	c.say("oui")
	c.expect(StepTime, "vous êtes sur la liste d'attente", "libres les plus proches")

	// The slot frees up: the offer is made in the conversation, live.
	ch, _ := stream(t, e, c.id, lastSeq(c.last))
	if _, err := core.Edit(ctx, held.Appointment.ID, booking.Change{Status: ptrTo(booking.StatusCancelled)}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	p := next(t, ch)
	if !strings.Contains(p.Message.Text, "s'est libéré") {
		t.Fatalf("pushed %q", p.Message.Text)
	}
	var values []string
	for _, q := range p.QuickReplies {
		values = append(values, q.Value)
	}
	if !slices.Contains(values, "Je le prends") || !slices.Contains(values, "Non merci") {
		t.Fatalf("the offer's quick replies: %v", values)
	}
	// The offer goes by e-mail too, with its link.
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if offerMailed(t, srv, "samira@wait.dz") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no offer e-mailed to samira@wait.dz")
		}
	}
	c.say("Je le prends")
	c.expect(StepBooked, "samira@wait.dz")
	list, err := core.Upcoming(ctx, "samira@wait.dz")
	if err != nil || len(list) != 1 || list[0].Date != slot.Date || list[0].Time != slot.Time || list[0].Source != booking.SourceChat {
		t.Fatalf("after accepting: %+v %v", list, err)
	}
}

// offerMailed reports whether an offer with its link reached rcpt.
func offerMailed(t *testing.T, srv *mailtest.Server, rcpt string) bool {
	for _, m := range srv.Messages() {
		if slices.Contains(m.To, rcpt) && strings.Contains(m.Parse(t).Text, "/waitlist/offers/") {
			return true
		}
	}
	return false
}

func ptrTo(s string) *string { return &s }
