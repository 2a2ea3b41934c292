package booking_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// A conversation a staff member holds returns to Dota after the settings'
// staff_idle_release_minutes without a word from them: 30 by default, between 5 minutes
// and a day, saved and read back like every setting.
func TestStaffIdleReleaseSetting(t *testing.T) {
	reset(t)
	ctx := context.Background()
	core := booking.New(pool)
	st, err := core.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := booking.New(pool).SaveSettings(ctx, st); err != nil {
			t.Error(err)
		}
	})
	if st.StaffIdleReleaseMinutes != booking.DefaultStaffIdleReleaseMinutes || st.StaffIdleRelease() != 30*time.Minute {
		t.Fatalf("default %d", st.StaffIdleReleaseMinutes)
	}
	for _, bad := range []int{0, 4, 1441} {
		ch := st
		ch.StaffIdleReleaseMinutes = bad
		var v *booking.ValidationError
		if _, err := core.SaveSettings(ctx, ch); !errors.As(err, &v) || v.Fields["staff_idle_release_minutes"] != "hold_invalid" {
			t.Errorf("%d minutes: %v", bad, err)
		}
	}
	ch := st
	ch.StaffIdleReleaseMinutes = 45
	saved, err := core.SaveSettings(ctx, ch)
	if err != nil || saved.StaffIdleReleaseMinutes != 45 {
		t.Fatalf("saved %+v, %v", saved, err)
	}
	if got, err := booking.New(pool).Settings(ctx); err != nil || got.StaffIdleReleaseMinutes != 45 {
		t.Fatalf("read back %d, %v", got.StaffIdleReleaseMinutes, err)
	}
}
