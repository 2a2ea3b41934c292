package alerts_test

import (
	"context"
	"slices"
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

// An appointment given to a consultant, by a booking or a reassign, alerts that consultant
// alone, and not when they took it themselves.
func TestAnAssignedAppointmentAlertsItsConsultant(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	mod, ed := r.users["moderator"], r.users["editor"]
	sunday := []booking.WeeklyRange{{Weekday: 0, Starts: "09:00", Ends: "17:00"}}
	for _, c := range []struct{ id, name string }{{mod.ID, "Mourad"}, {ed.ID, "Esma"}} {
		if _, err := r.core.SaveConsultant(ctx, c.id, booking.ConsultantInput{Name: c.name,
			Services: []string{"developpement-web"}, Hours: sunday}); err != nil {
			t.Fatal(err)
		}
	}
	r.choose(t, "editor", alerts.EventAppointmentAssigned, alerts.ChannelEmail, true)
	forConsultant := func(n int) []alerts.Alert {
		got := r.ledger(t, alerts.EventAppointmentAssigned, n, 5*time.Second)
		if len(got) != n {
			t.Fatalf("%d alerts, want %d: %+v", len(got), n, got)
		}
		return got
	}
	// A tie of loads goes to Esma by name; the moderator then has the fewest.
	first := r.bookByForm(t, "Amine Benali", "10:00")
	if first.ConsultantID != ed.ID {
		t.Fatalf("the first booking went to %q, want Esma", first.ConsultantName)
	}
	if got := forConsultant(1); got[0].UserEmail != ed.Email {
		t.Fatalf("alerted %s, want Esma", got[0].UserEmail)
	}
	second := r.bookByForm(t, "Samira Haddad", "11:00")
	if got := forConsultant(2); second.ConsultantID != mod.ID || got[0].UserEmail != mod.Email && got[1].UserEmail != mod.Email {
		t.Fatalf("the second booking (%s) alerted %+v", second.ConsultantName, got)
	}
	// The moderator takes the first one themselves: nobody is told.
	if _, err := r.core.Edit(ctx, first.ID, booking.Change{ConsultantID: &mod.ID}, mod.Email); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	forConsultant(2)
	// An admin gives the second one to Esma: she is told.
	if _, err := r.core.Edit(ctx, second.ID, booking.Change{ConsultantID: &ed.ID}, "admin@dota.test"); err != nil {
		t.Fatal(err)
	}
	got := forConsultant(3)
	if !slices.ContainsFunc(got, func(a alerts.Alert) bool {
		return a.UserEmail == ed.Email && strings.Contains(a.URL, second.ID)
	}) {
		t.Fatalf("Esma was not told of the reassign: %+v", got)
	}
}
