package booking_test

import (
	"context"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

var handedLink = regexp.MustCompile(`/manage/([A-Za-z0-9_-]{43})\?lang=ar$`)

// A manage link staff hand out is a new working token, made for the appointment as it is,
// with or without an e-mail; none is made for an appointment over or unknown.
func TestManageLinkForStaff(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	withMail, err := core.Book(ctx, booking.Request{Name: "Amira Haddad", Phone: "0555 12 34 56", Email: "amira@example.dz",
		Date: "2026-11-24", Time: "10:00", Service: "web development"})
	if err != nil {
		t.Fatal(err)
	}
	noMail, err := core.Book(ctx, booking.Request{Name: "Samir Haddad", Phone: "0555 65 43 21", Date: "2026-11-24", Time: "11:00",
		Service: "web development"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []booking.Appointment{withMail.Appointment, noMail.Appointment} {
		link, err := core.ManageLink(ctx, a.ID, "ar")
		m := handedLink.FindStringSubmatch(link)
		if err != nil || m == nil {
			t.Fatalf("%s: %q %v", a.Name, link, err)
		}
		if view, err := core.Manage(ctx, m[1]); err != nil || view.ID != a.ID {
			t.Fatalf("%s: the link manages %+v %v", a.Name, view, err)
		}
		again, _ := core.ManageLink(ctx, a.ID, "ar")
		if again == link {
			t.Fatal("a link was handed out twice")
		}
	}

	later := newCore(t, sundayMorning.Add(3*24*time.Hour))
	if _, err := later.ManageLink(ctx, withMail.Appointment.ID, "fr"); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("over: %v", err)
	}
	for _, id := range []string{"00000000-0000-0000-0000-000000000000", "not-an-id"} {
		if _, err := core.ManageLink(ctx, id, "fr"); !errors.Is(err, booking.ErrNotFound) {
			t.Fatalf("%s: %v", id, err)
		}
	}
}
