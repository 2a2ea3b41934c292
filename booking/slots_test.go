package booking_test

import (
	"context"
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestDaySlots(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning.Add(150*60e9)) // Sunday 10:30 in Algiers
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE settings SET closed_dates = '{2026-11-30}'`); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		date   string
		closed bool
		reason string
		free   int
	}{
		{"2026-11-29", false, "", 8},          // next Sunday
		{"2026-11-27", true, "closed_day", 0}, // Friday
		{"2026-11-28", true, "closed_day", 0}, // Saturday
		{"2026-11-30", true, "closed_day", 0}, // closed in settings
		{"2026-11-21", true, "past", 0},
		{"2026-11-22", false, "", 6}, // today: 09:00 and 10:00 passed, 11:00 is open
	}
	for _, c := range cases {
		day, err := core.Day(ctx, c.date, "en")
		if err != nil {
			t.Fatal(err)
		}
		free := 0
		for _, s := range day.Slots {
			if s.Free {
				free++
			}
		}
		if day.Closed != c.closed || day.Reason != c.reason || free != c.free {
			t.Errorf("%s: closed %v reason %q free %d, want %v %q %d", c.date, day.Closed, day.Reason, free,
				c.closed, c.reason, c.free)
		}
	}
	if day, _ := core.Day(ctx, "2026-11-29", "en"); len(day.Slots) != 8 || day.Slots[4].Label != "02:00 PM" {
		t.Fatalf("slots %+v", day.Slots)
	}
	if _, err := core.Day(ctx, "2026-02-30", "en"); err == nil {
		t.Fatal("an impossible date was accepted")
	}
}

func TestNearestFreeSkipsWeekendAndTakenSlots(t *testing.T) {
	reset(t)
	// Thursday 26 November 2026, 18:00 in Algiers: the day is over.
	core := newCore(t, sundayMorning.AddDate(0, 0, 4).Add(10*60*60e9))
	ctx := context.Background()
	if _, err := core.Book(ctx, booking.Request{Name: "First", Phone: "0555000001", Date: "2026-11-29", Time: "09:00"}); err != nil {
		t.Fatal(err)
	}
	alts, err := core.NearestFree(ctx, "2026-11-27", "09:00", 3, "en")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2026-11-29 10:00", "2026-11-29 11:00", "2026-11-29 12:00"}
	for i, a := range alts {
		if got := a.Date + " " + a.Time; i >= len(want) || got != want[i] {
			t.Fatalf("alternatives %+v, want %v", alts, want)
		}
	}
}

func TestSlotLabelFollowsTheLanguageClock(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ hhmm, lang, want string }{
		{"14:00", "en", "02:00 PM"}, {"09:00", "en", "09:00 AM"},
		{"14:00", "fr", "14:00"}, {"14:00", "ar", "14:00"}, {"09:00", "fr", "09:00"}, {"14:00", "", "14:00"},
		{"nope", "fr", "nope"},
	} {
		if got := booking.SlotLabel(c.hhmm, c.lang); got != c.want {
			t.Errorf("SlotLabel(%q, %q) = %q, want %q", c.hhmm, c.lang, got, c.want)
		}
	}
}
