package booking_test

import (
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestDashboardSeries(t *testing.T) {
	reset(t)
	core := newCore(t, time.Now())
	ctx := t.Context()
	_, err := core.Book(ctx, booking.Request{Name: "Dash Board", Phone: "0669000001", Service: "consultation",
		Source: booking.SourceChat})
	if err != nil {
		t.Fatal(err)
	}
	d, err := core.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	last := d.PerDay[len(d.PerDay)-1]
	if len(d.PerDay) != booking.DashboardDays || last.Chat < 1 || last.Total < last.Chat {
		t.Fatalf("per day: %d days, last %+v", len(d.PerDay), last)
	}
	if d.Cards["today"] < 1 || d.Cards["pending"] < 1 || len(d.ByStatus) != len(booking.Statuses) {
		t.Fatalf("cards %v, by status %v", d.Cards, d.ByStatus)
	}
	found := false
	for _, s := range d.ByService {
		found = found || (s.Service == "consultation" && s.Count >= 1) // by slug: one bar a service
	}
	if !found {
		t.Fatalf("by service %v", d.ByService)
	}
}
