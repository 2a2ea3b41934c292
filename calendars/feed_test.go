package calendars_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/booking"
)

// freeSlot is an open slot at least days ahead.
func freeSlot(t *testing.T, c *booking.Core, days, skip int) booking.SlotRef {
	t.Helper()
	d := time.Now().AddDate(0, 0, days)
	for i := 0; i < 30; i++ {
		day, err := c.Day(context.Background(), d.Format("2006-01-02"), "en")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range day.Slots {
			if !day.Closed && s.Free && !s.Past {
				if skip == 0 {
					return booking.SlotRef{Date: day.Date, Time: s.Time}
				}
				skip--
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no free slot")
	return booking.SlotRef{}
}

// book books a slot for a prospect and gives the appointment to a consultant.
func book(t *testing.T, core *booking.Core, userID, name string, slot booking.SlotRef, mode string) booking.Appointment {
	t.Helper()
	ctx := context.Background()
	res, err := core.Book(ctx, booking.Request{Name: name, Email: strings.ToLower(strings.Fields(name)[0]) + "@client.dz",
		Phone: "0550 11 22 33", Service: "developpement-web", Date: slot.Date, Time: slot.Time, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE appointments SET consultant_id = $1 WHERE id = $2`, userID, res.Appointment.ID); err != nil {
		t.Fatal(err)
	}
	return res.Appointment
}

// The feed out parses with golang-ical and lists the consultant's appointments (not
// another's), named for the service and the prospect, a cancelled one as cancelled; a
// new address revokes the previous one, and a revoked address is not found.
func TestTheFeedListsTheConsultantsAppointments(t *testing.T) {
	ctx := context.Background()
	core := newCore(t)
	svc := newService(t, core, time.Minute)
	user, other := consultant(t, "Yacine"), consultant(t, "Amina")
	kept := book(t, core, user, "Nour Saadi", freeSlot(t, core, 3, 0), "")
	gone := book(t, core, user, "Samir Belkacem", freeSlot(t, core, 3, 1), "")
	book(t, core, other, "Lina Haddad", freeSlot(t, core, 3, 2), "")
	if _, err := core.SetStatus(ctx, []string{gone.ID}, booking.StatusCancelled, "test"); err != nil {
		t.Fatal(err)
	}

	link, err := svc.NewFeed(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSuffix(strings.TrimPrefix(link.URL, publicURL+"/api/calendar/"), ".ics")
	if len(token) < 43 || !strings.HasPrefix(link.WebcalURL, "webcal://dota.test/api/calendar/") || !strings.HasSuffix(link.URL, ".ics") {
		t.Fatalf("link %+v", link)
	}
	var stored string
	if err := pool.QueryRow(ctx, `SELECT feed_token_hash FROM consultant_calendars WHERE user_id = $1`, user).Scan(&stored); err != nil ||
		strings.Contains(stored, token) {
		t.Fatalf("the token is stored as it is: %v", err)
	}
	data, err := svc.Feed(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	cal, err := ics.ParseCalendar(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if name := cal.CalendarProperties; len(name) == 0 || !strings.Contains(string(data), "X-WR-CALNAME:") ||
		!strings.Contains(string(data), "Yacine") || strings.Contains(string(data), "METHOD:") {
		t.Fatalf("calendar properties:\n%s", data)
	}
	events := cal.Events()
	if len(events) != 2 {
		t.Fatalf("%d events:\n%s", len(events), data)
	}
	byID := map[string]*ics.VEvent{}
	for _, ev := range events {
		byID[strings.Split(ev.Id(), "@")[0]] = ev
	}
	ev := byID[kept.ID]
	if ev == nil || !strings.Contains(ev.GetProperty(ics.ComponentPropertySummary).Value, "Nour Saadi") ||
		ev.GetProperty(ics.ComponentPropertyStatus) != nil || ev.GetProperty(ics.ComponentPropertySequence) == nil {
		t.Fatalf("the kept appointment:\n%s", data)
	}
	if start, err := ev.GetStartAt(); err != nil || !start.Equal(*kept.StartsAt) {
		t.Fatalf("start %s %v, want %s", start, err, kept.StartsAt)
	}
	if ev := byID[gone.ID]; ev == nil || ev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("the cancelled appointment:\n%s", data)
	}
	if strings.Contains(string(data), "Lina") {
		t.Fatal("another consultant's appointment is in the feed")
	}

	again, err := svc.NewFeed(ctx, user)
	if err != nil || again.URL == link.URL {
		t.Fatalf("a new feed: %+v %v", again, err)
	}
	if _, err := svc.Feed(ctx, token); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("the previous token: %v", err)
	}
	newToken := strings.TrimSuffix(strings.TrimPrefix(again.URL, publicURL+"/api/calendar/"), ".ics")
	if _, err := svc.Feed(ctx, newToken); err != nil {
		t.Fatal(err)
	}
	if err := svc.RevokeFeed(ctx, user); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Feed(ctx, newToken); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("a revoked token: %v", err)
	}
	if st, err := svc.Status(ctx, user, "en"); err != nil || st.Feed {
		t.Fatalf("status after revoking: %+v %v", st, err)
	}
	if _, err := svc.NewFeed(ctx, consultantless(t)); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("a feed for who is no consultant: %v", err)
	}
}
