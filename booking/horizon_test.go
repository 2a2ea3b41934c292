package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// tuesdayMorning is Tuesday 24 November 2026, 08:00 in Algiers: 89, 90 and 91 days later
// are a Sunday, a Monday and a Tuesday, all business days.
var tuesdayMorning = sundayMorning.AddDate(0, 0, 2)

func daysAfter(now time.Time, n int) string {
	return now.AddDate(0, 0, n).Format(time.DateOnly)
}

func TestBookingHorizon(t *testing.T) {
	reset(t)
	core := newCore(t, tuesdayMorning)
	ctx := context.Background()

	for _, n := range []int{89, 90} {
		if day, err := core.Day(ctx, daysAfter(tuesdayMorning, n), "en"); err != nil || day.Closed {
			t.Errorf("today+%d: %+v %v, want open", n, day, err)
		}
	}
	for _, date := range []string{daysAfter(tuesdayMorning, 91), "2199-12-31"} {
		day, err := core.Day(ctx, date, "en")
		if err != nil || !day.Closed || day.Reason != "beyond_horizon" || day.HorizonDays != 90 || len(day.Slots) != 0 {
			t.Errorf("%s: %+v %v, want closed beyond the horizon of 90 days", date, day, err)
		}
		_, err = core.Book(ctx, booking.Request{Name: "Loin Devant", Phone: "0555010203", Date: date, Time: "10:00"})
		var closed *booking.SlotClosedError
		if !errors.As(err, &closed) || closed.Reason != "beyond_horizon" {
			t.Fatalf("booking %s: %v, want slot_closed beyond_horizon", date, err)
		}
		if msg := closed.LocalizedMessage("en"); !strings.Contains(msg, "up to 90 days ahead") {
			t.Errorf("message %q does not give the horizon", msg)
		}
		last := daysAfter(tuesdayMorning, 90)
		if len(closed.Alternatives) == 0 {
			t.Errorf("%s: no alternative offered", date)
		}
		for _, a := range closed.Alternatives {
			if a.Date > last {
				t.Errorf("%s: alternative %s lies beyond the horizon", date, a.Date)
			}
		}
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Dans Les Temps", Phone: "0555010204",
		Date: daysAfter(tuesdayMorning, 89), Time: "10:00"}); err != nil {
		t.Fatalf("booking today+89: %v", err)
	}

	// The horizon is a setting: at 30 days, today+31 closes.
	st, err := core.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.BookingHorizonDays != booking.DefaultBookingHorizonDays {
		t.Fatalf("default horizon %d", st.BookingHorizonDays)
	}
	for _, bad := range []int{0, -1, booking.MaxBookingHorizonDays + 1} {
		st.BookingHorizonDays = bad
		var v *booking.ValidationError
		if _, err := core.SaveSettings(ctx, st); !errors.As(err, &v) || v.Fields["booking_horizon_days"] == "" {
			t.Errorf("horizon %d saved: %v", bad, err)
		}
	}
	st.BookingHorizonDays = 30
	if _, err := core.SaveSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	if day, _ := core.Day(ctx, daysAfter(tuesdayMorning, 31), "en"); day.Reason != "beyond_horizon" || day.HorizonDays != 30 {
		t.Errorf("today+31 with a horizon of 30: %+v", day)
	}
	if alts, _ := core.NearestFree(ctx, "2199-12-31", "", 24, "en"); len(alts) == 0 || alts[len(alts)-1].Date > daysAfter(tuesdayMorning, 30) {
		t.Errorf("nearest free slots past a horizon of 30 days: %+v", alts)
	}
}
