package booking_test

import (
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestOfficeHours(t *testing.T) {
	st := booking.Settings{Timezone: "Africa/Algiers", ClosedDates: []string{"2026-11-29"}}
	loc, _ := time.LoadLocation("Africa/Algiers")
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v
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
		open, next := st.OfficeHours(at(c.now))
		if open != c.open {
			t.Errorf("%s: open = %v, want %v", c.now, open, c.open)
		}
		if !open && !next.Equal(at(c.next)) {
			t.Errorf("%s: next = %v, want %s", c.now, next, c.next)
		}
	}
}
