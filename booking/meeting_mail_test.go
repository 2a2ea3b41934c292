package booking_test

import (
	"context"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// conference is the CONFERENCE link of a calendar event, "" without one.
func conference(ev *ics.VEvent) string {
	if p := ev.GetProperty(ics.ComponentProperty("CONFERENCE")); p != nil {
		return p.Value
	}
	return ""
}

func TestAVideoMeetingsMessagesCarryItsLinkAcrossAMove(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	slot := freeSlot(t, c, 3, 0)
	res, err := c.Book(ctx, booking.Request{Name: "Amine Belkacem", Email: "amine@belk.dz", Phone: "0555123499",
		Service: "consultation", Mode: "video", Date: slot.Date, Time: slot.Time, Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	link := res.Appointment.MeetingURL
	if !strings.HasPrefix(link, booking.DefaultVideoBaseURL+"dota-") {
		t.Fatalf("link %q, want a Jitsi room", link)
	}
	got := srv.Wait(t, 1)[0].Parse(t)
	_, ev := calendar(t, got)
	if !strings.Contains(got.Text, link) || conference(ev) != link ||
		ev.GetProperty(ics.ComponentPropertyLocation).Value != link || len(got.Inline) != 1 {
		t.Fatalf("confirmation: text has the link %v, CONFERENCE %q, %d inline parts",
			strings.Contains(got.Text, link), conference(ev), len(got.Inline))
	}
	to := freeSlot(t, c, 5, 0)
	if _, err := c.Edit(ctx, res.Appointment.ID, booking.Change{Date: &to.Date, Time: &to.Time}, "staff@dota.test"); err != nil {
		t.Fatal(err)
	}
	moved := srv.Wait(t, 2)[1].Parse(t)
	_, ev = calendar(t, moved)
	if !strings.Contains(moved.Text, link) || conference(ev) != link {
		t.Fatalf("moved %q: the link is not kept (CONFERENCE %q)", moved.Subject, conference(ev))
	}
	// Changed to a phone meeting, the customer hears it: no link, "by phone".
	if _, err := c.Edit(ctx, res.Appointment.ID, booking.Change{Mode: ptr("phone")}, "staff@dota.test"); err != nil {
		t.Fatal(err)
	}
	phoned := srv.Wait(t, 3)[2].Parse(t)
	_, ev = calendar(t, phoned)
	if strings.Contains(phoned.Text, link) || conference(ev) != "" ||
		!strings.Contains(ev.GetProperty(ics.ComponentPropertyLocation).Value, "phone") {
		t.Fatalf("by phone %q: LOCATION %q, CONFERENCE %q", phoned.Subject,
			ev.GetProperty(ics.ComponentPropertyLocation).Value, conference(ev))
	}
}
