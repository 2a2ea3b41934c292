package booking_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

// TestChangingTheEmailRevokesTheLinksSentBefore: staff correct an appointment's e-mail; the
// manage link mailed to the wrong address stops working at once, the reminder due there is
// not sent, and the new address gets a fresh confirmation whose link works, with its own
// reminder.
func TestChangingTheEmailRevokesTheLinksSentBefore(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	first := srv.Wait(t, 1)[0].Parse(t)
	m := manageLink.FindStringSubmatch(first.Text)
	if m == nil {
		t.Fatalf("no manage link in:\n%s", first.Text)
	}
	wrong := m[1]
	if _, err := c.Manage(ctx, wrong); err != nil {
		t.Fatal(err)
	}

	// A change that leaves the address as it is (its case aside) keeps the links.
	same := "Amine@Belk.dz"
	if _, err := c.Edit(ctx, a.ID, booking.Change{Email: &same}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Manage(ctx, wrong); err != nil {
		t.Fatalf("an unchanged address lost its link: %v", err)
	}

	right := "amine@belkacem.dz"
	if _, err := c.Edit(ctx, a.ID, booking.Change{Email: &right}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Manage(ctx, wrong); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("the link sent to the old address still shows the appointment: %v", err)
	}
	if _, err := c.CancelByCustomer(ctx, wrong); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("the link sent to the old address still cancels: %v", err)
	}

	fresh := srv.Wait(t, 2)[1]
	if len(fresh.To) != 1 || fresh.To[0] != right {
		t.Fatalf("the second message went to %v", fresh.To)
	}
	msg := fresh.Parse(t)
	m = manageLink.FindStringSubmatch(msg.Text)
	if m == nil {
		t.Fatalf("no manage link in the new address's message:\n%s", msg.Text)
	}
	if view, err := c.Manage(ctx, m[1]); err != nil || view.ID != a.ID {
		t.Errorf("the new address's link: %+v %v", view, err)
	}

	// The ledger: one confirmation to each address; the old address's reminder skipped, the
	// new one's due.
	states := func(kind string) map[string]string {
		page, err := c.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: a.ID, Kind: kind})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, d := range page.Items {
			out[d.Recipient] = d.State + " " + d.Reason
		}
		return out
	}
	deadline := time.Now().Add(10 * time.Second)
	for states(booking.KindConfirmation)[right] != "sent " && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := states(booking.KindConfirmation); got["amine@belk.dz"] != "sent " || got[right] != "sent " || len(got) != 2 {
		t.Errorf("confirmations by recipient: %v", got)
	}
	if got := states(booking.KindReminder); got["amine@belk.dz"] != "skipped recipient_changed" || got[right] != "scheduled " || len(got) != 2 {
		t.Errorf("reminders by recipient: %v", got)
	}
}

// TestAMessageGoesOnlyToTheAppointmentsAddress: a message written for an address the
// appointment no longer has is not sent when its turn comes, whatever changed the address.
func TestAMessageGoesOnlyToTheAppointmentsAddress(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	c := booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, Sender: tr, PublicURL: publicURL}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}))
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr") // its confirmation waits: no worker yet
	if _, err := pool.Exec(context.Background(), `UPDATE appointments SET email = 'amine@belkacem.dz' WHERE id = $1`, a.ID); err != nil {
		t.Fatal(err)
	}
	startJobs(t, c)
	if d := waitDelivery(t, c, a.ID, booking.KindConfirmation, booking.DeliverySkipped); d.Reason != booking.ReasonRecipientChanged {
		t.Errorf("skipped for %q", d.Reason)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages sent", n)
	}
}
