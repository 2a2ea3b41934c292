package booking

import (
	"testing"
	"time"
)

func TestRangeStartInTheSettingsZone(t *testing.T) {
	t.Parallel()
	algiers, _ := time.LoadLocation("Africa/Algiers")
	tokyo, _ := time.LoadLocation("Asia/Tokyo")
	now := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC) // 00:30 on the 23rd in Algiers
	cases := []struct {
		loc  *time.Location
		r    string
		want string
	}{
		{algiers, "today", "2026-11-23T00:00:00+01:00"},
		{algiers, "week", "2026-11-17T00:00:00+01:00"},
		{algiers, "month", "2026-10-25T00:00:00+01:00"},
		{tokyo, "today", "2026-11-23T00:00:00+09:00"},
	}
	for _, c := range cases {
		if got := rangeStart(now, c.loc, c.r).Format(time.RFC3339); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.loc, c.r, got, c.want)
		}
	}
}

func TestLikePatternEscapesWildcards(t *testing.T) {
	t.Parallel()
	if got := LikePattern(` 50%_off\ `); got != `%50\%\_off\\%` {
		t.Fatalf("%q", got)
	}
}
