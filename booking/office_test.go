package booking_test

import (
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestOfficeHours(t *testing.T) {
	t.Parallel()
	st := booking.Settings{Timezone: "Africa/Algiers", ClosedDates: []string{"2026-11-29"}}
	loc, _ := time.LoadLocation("Africa/Algiers")
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	h, err := booking.ParseOfficeHours(booking.DefaultOfficeHours)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		now  string
		open bool
		next string
	}{
		{"2026-11-24 10:30", true, ""},                  // Tuesday morning
		{"2026-11-24 08:59", false, "2026-11-24 09:00"}, // before opening
		{"2026-11-24 17:00", false, "2026-11-25 09:00"}, // after closing
		{"2026-11-26 18:00", false, "2026-11-30 09:00"}, // Thursday evening: the weekend, then a closed Sunday
	} {
		open, next := h.At(st, at(c.now))
		if open != c.open {
			t.Errorf("%s: open = %v, want %v", c.now, open, c.open)
		}
		if !open && !next.Equal(at(c.next)) {
			t.Errorf("%s: next = %v, want %s", c.now, next, c.next)
		}
	}
	always, err := booking.ParseOfficeHours("sun-sat 00:00-24:00")
	if err != nil {
		t.Fatal(err)
	}
	if open, _ := always.At(booking.Settings{}, at("2026-11-27 23:59")); !open {
		t.Error("always open is closed on a Friday night")
	}
	weekend, err := booking.ParseOfficeHours("fri-sat 10:00-12:30")
	if err != nil || !weekend.Days[time.Friday] || !weekend.Days[time.Saturday] || weekend.Days[time.Sunday] {
		t.Errorf("fri-sat: %+v, %v", weekend, err)
	}
	for _, bad := range []string{"", "sun-thu", "sun-xyz 09:00-17:00", "sun 17:00-09:00", "sun 09:00-25:00"} {
		if _, err := booking.ParseOfficeHours(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}
