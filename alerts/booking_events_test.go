package alerts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// A message to a customer that fails for good reaches admins by e-mail (their default),
// told by booking's delivery.failed live event.
func TestAFailedCustomerMessageAlertsAdmins(t *testing.T) {
	r := newRigWith(t, sundayMorning, true)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.smtp.Reject("client@example.com", 550)
	r.bookByForm(t, "Amine Benali", "10:00")
	got := r.ledger(t, alerts.EventMessageFailed, 1, 5*time.Second)
	if len(got) != 1 || got[0].UserEmail != "admin@dota.test" || got[0].Channel != alerts.ChannelEmail ||
		got[0].State != alerts.StateSent || got[0].URL != "/admin/messages?status=failed" {
		t.Fatalf("ledger: %+v", got)
	}
	var alert string
	for _, m := range r.smtp.Messages() {
		if p := m.Parse(t); strings.Contains(p.To, "admin@dota.test") {
			alert = p.Text
		}
	}
	if !strings.Contains(alert, "client@example.com") || !strings.Contains(alert, "550") {
		t.Errorf("the alert says:\n%s", alert)
	}
}

// A booking that accepts a waitlist offer is an accepted offer, not a new booking.
func TestAnAcceptedOfferIsNotANewBooking(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.subscribe(t, "admin", "/push/admin")
	held := r.bookByForm(t, "Amine Benali", "10:00")
	if m := r.push.next(2 * time.Second); m.Payload["title"] != alerts.Text("fr", "new_booking_title") {
		t.Fatalf("first push: %v", m.Payload)
	}
	j, err := r.core.JoinWaitlist(ctx, booking.WaitlistRequest{Date: held.Date, Time: held.Time, Name: "Samira Haddad",
		Phone: "0661223344", Email: "samira@wait.dz", Service: "developpement-web", Language: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	cancelled := booking.StatusCancelled
	if _, err := r.core.Edit(ctx, held.ID, booking.Change{Status: &cancelled}, "admin@dota.test"); err != nil {
		t.Fatal(err)
	}
	waitOffered(t, r.core, held.Date, j.ID)
	res, err := r.core.AcceptOffer(ctx, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	m := r.push.next(2 * time.Second)
	if m.Payload["title"] != alerts.Text("fr", "offer_accepted_title") || m.Payload["url"] != "/admin/appointments?open="+res.Appointment.ID ||
		!strings.Contains(m.Payload["body"], "Samira Haddad") {
		t.Fatalf("push: %v", m.Payload)
	}
	r.push.none(time.Second)
}

// waitOffered waits for the waitlist's job to offer the freed place to the entry.
func waitOffered(t *testing.T, c *booking.Core, date, id string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		slots, err := c.Waitlist(context.Background(), date)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range slots {
			for _, e := range s.Entries {
				if e.ID == id && e.State == booking.WaitOffered {
					return
				}
			}
		}
	}
	t.Fatal("the freed place was not offered")
}
