package booking_test

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// TestSettingsCache: with a TTL, another replica's change (a direct UPDATE here) shows
// only once the TTL has passed, this replica's own SaveSettings at once, and a reader
// changing what it was given does not change the cache.
func TestSettingsCache(t *testing.T) {
	reset(t)
	ctx := context.Background()
	setName := func(name string) {
		t.Helper()
		if _, err := pool.Exec(ctx, `UPDATE settings SET site_name = $1`, name); err != nil {
			t.Fatal(err)
		}
	}
	name := func(core *booking.Core) string {
		t.Helper()
		st, err := core.Settings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return st.SiteName
	}
	orig, err := booking.New(pool).Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := booking.New(pool).SaveSettings(ctx, orig); err != nil {
			t.Error(err)
		}
	})
	setName("Dota")

	cached := booking.New(pool, booking.WithSettingsTTL(time.Hour))
	if got := name(cached); got != "Dota" {
		t.Fatalf("first read: %q", got)
	}
	setName("Elsewhere")
	if got := name(cached); got != "Dota" {
		t.Fatalf("within the TTL another replica's change showed: %q", got)
	}
	st, err := cached.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	st.SiteName, st.ClosedDates = "Here", []string{"2026-12-25"}
	if _, err := cached.SaveSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	got, err := cached.Settings(ctx)
	if err != nil || got.SiteName != "Here" || len(got.ClosedDates) != 1 {
		t.Fatalf("after this replica's save: %+v, %v", got, err)
	}
	got.ClosedDates[0] = "2026-01-01"
	if again, _ := cached.Settings(ctx); again.ClosedDates[0] != "2026-12-25" {
		t.Fatalf("a reader changed the cache: %v", again.ClosedDates)
	}

	short := booking.New(pool, booking.WithSettingsTTL(time.Millisecond))
	name(short)
	setName("Later")
	time.Sleep(5 * time.Millisecond)
	if got := name(short); got != "Later" {
		t.Fatalf("after the TTL: %q", got)
	}
}
