package console

import (
	"encoding/json"
	"testing"
	"time"
)

func TestSafeCell(t *testing.T) {
	cases := map[string]string{
		`=HYPERLINK("http://x")`: `'=HYPERLINK("http://x")`,
		"+213 555":               "'+213 555",
		"-2+3":                   "'-2+3",
		"@SUM(A1)":               "'@SUM(A1)",
		"\tcmd":                  "'\tcmd",
		"\rcmd":                  "'\rcmd",
		"سامية":                  "سامية",
		"Samia = ok":             "Samia = ok",
		"":                       "",
	}
	for in, want := range cases {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMoneyDefaultsToZero(t *testing.T) {
	cases := map[string]float64{`150000`: 150000, `"1500.5"`: 1500.5, `"12,75"`: 12.75, `"abc"`: 0, `null`: 0,
		`true`: 0, `-5`: 0, `"1e400"`: 0, `{}`: 0}
	for in, want := range cases {
		var m Money
		if err := json.Unmarshal([]byte(in), &m); err != nil || float64(m) != want {
			t.Errorf("%s: %v %v, want %v", in, float64(m), err, want)
		}
	}
}

func TestRangeStartInTheSettingsZone(t *testing.T) {
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
	if got := likePattern(` 50%_off\ `); got != `%50\%\_off\\%` {
		t.Fatalf("%q", got)
	}
}
