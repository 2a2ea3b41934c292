package booking_test

import (
	"strings"
	"testing"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
)

// A waitlist entry keeps where its visit came from, cleaned, and the booking its accepted
// offer makes carries it to the console's filters and the dashboard.
func TestAnAcceptedOfferBooksWithItsEntrysAttribution(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	touch := attribution.Touch{UTMSource: " LinkedIn ", UTMCampaign: "Rentrée\x00" + strings.Repeat("x", 400),
		GCLID: "not a click id!", Landing: "/contact?email=someone@example.dz"}
	j, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: slot.Date, Time: slot.Time, Name: "Lamia Saidi",
		Phone: "0661 22 33 99", Email: "lamia@wait.dz", Language: "fr", Attribution: &attribution.Visit{Last: touch}})
	if err != nil {
		t.Fatal(err)
	}
	var stored attribution.Visit
	if err := pool.QueryRow(ctx, `SELECT attribution FROM waitlist WHERE id = $1`, j.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored.Last.UTMSource != "LinkedIn" || len([]rune(stored.Last.UTMCampaign)) != attribution.MaxParamLen ||
		stored.Last.GCLID != "" || stored.Last.Landing != "/contact" || stored.First != stored.Last {
		t.Errorf("stored: %+v", stored)
	}

	cancel(t, c, held)
	token := offerMail(t, srv, "lamia@wait.dz", "fr")
	res, err := c.AcceptOfferByToken(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	a := res.Appointment
	if a.TrafficSource != "linkedin" || !strings.HasPrefix(a.Campaign, "rentrée x") || a.Attribution == nil ||
		a.Attribution.Last.Landing != "/contact" {
		t.Errorf("the offer's booking: source %q, campaign %q, attribution %+v", a.TrafficSource, a.Campaign, a.Attribution)
	}
	page, err := c.Appointments(ctx, booking.AppointmentFilter{TrafficSource: "LINKEDIN"}, booking.Paging{})
	if err != nil || page.Total != 1 || page.Items[0].ID != a.ID {
		t.Errorf("the list by source: %+v %v", page, err)
	}

	// An entry without attribution books as a direct visit.
	slot2, held2 := fullSlot(t, c)
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: slot2.Date, Time: slot2.Time, Name: "Omar Saidi",
		Phone: "0661 22 33 98", Email: "omar@wait.dz", Language: "fr"}); err != nil {
		t.Fatal(err)
	}
	cancel(t, c, held2)
	res, err = c.AcceptOfferByToken(ctx, offerMail(t, srv, "omar@wait.dz", "fr"))
	if err != nil || res.Appointment.TrafficSource != attribution.Direct || res.Appointment.Attribution != nil {
		t.Errorf("a booking from an entry without attribution: %+v %v", res.Appointment, err)
	}
}
