package calendars

import (
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
)

func mustParse(t *testing.T, events ...string) *ics.Calendar {
	t.Helper()
	s := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\n"
	for _, e := range events {
		s += "BEGIN:VEVENT\r\n" + strings.ReplaceAll(strings.TrimSpace(e), "\n", "\r\n") + "\r\nEND:VEVENT\r\n"
	}
	cal, err := ics.ParseCalendar(strings.NewReader(s + "END:VCALENDAR\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	return cal
}

// The rules of what blocks: times in UTC, in a zone, floating; all-day events block
// their days in the agency's zone; a weekly rule blocks each week less its exceptions
// and its moved occurrence (which blocks where it went); ranges are clipped to the
// window and merged.
func TestBusyRanges(t *testing.T) {
	algiers, _ := time.LoadLocation("Africa/Algiers")
	paris, _ := time.LoadLocation("Europe/Paris")
	from := time.Date(2026, 12, 1, 0, 0, 0, 0, algiers)
	to := from.AddDate(0, 0, 21)
	cal := mustParse(t,
		// Tuesday 1 December 09:00-10:00 in Paris (08:00 UTC).
		`UID:tz
DTSTART;TZID=Europe/Paris:20261201T090000
DTEND;TZID=Europe/Paris:20261201T100000`,
		// Overlaps the previous one: merged.
		`UID:overlap
DTSTART:20261201T083000Z
DTEND:20261201T093000Z`,
		// All day on Wednesday 2 December, in Algiers.
		`UID:allday
DTSTART;VALUE=DATE:20261202
DTEND;VALUE=DATE:20261203`,
		// Weekly on Thursdays at 14:00 Algiers (floating), from 3 December, but not 10
		// December; the 17 December one moved to 16:00.
		`UID:weekly
DTSTART:20261203T140000
DTEND:20261203T150000
RRULE:FREQ=WEEKLY;BYDAY=TH
EXDATE:20261210T140000`,
		`UID:weekly
RECURRENCE-ID:20261217T140000
DTSTART:20261217T160000
DTEND:20261217T170000`,
		// Began before the window: clipped to it.
		`UID:clip
DTSTART:20261130T220000Z
DTEND:20261130T233000Z`,
		// After the window: left out.
		`UID:late
DTSTART:20270301T100000Z
DTEND:20270301T110000Z`,
		// Free, cancelled, and an instant: nothing.
		`UID:free
TRANSP:TRANSPARENT
DTSTART:20261204T100000Z
DTEND:20261204T110000Z`,
		`UID:cancelled
STATUS:CANCELLED
DTSTART:20261204T120000Z
DTEND:20261204T130000Z`,
		`UID:instant
DTSTART:20261204T150000Z`,
	)
	got := busyRanges([]*ics.Calendar{cal}, from, to, algiers)
	at := func(y int, m time.Month, d, h, min int, loc *time.Location) time.Time {
		return time.Date(y, m, d, h, min, 0, 0, loc).UTC()
	}
	want := [][2]time.Time{
		{from.UTC(), at(2026, 11, 30, 23, 30, time.UTC)},
		{at(2026, 12, 1, 9, 0, paris), at(2026, 12, 1, 9, 30, time.UTC)},
		{at(2026, 12, 2, 0, 0, algiers), at(2026, 12, 3, 0, 0, algiers)},
		{at(2026, 12, 3, 14, 0, algiers), at(2026, 12, 3, 15, 0, algiers)},
		{at(2026, 12, 17, 16, 0, algiers), at(2026, 12, 17, 17, 0, algiers)},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d ranges %v, want %v", len(got), got, want)
	}
	for i, w := range want {
		if !got[i].Start.Equal(w[0]) || !got[i].End.Equal(w[1]) {
			t.Errorf("range %d: %s–%s, want %s–%s", i, got[i].Start, got[i].End, w[0], w[1])
		}
	}
}

// A rule that never ends is read only as far as the window, and one that repeats every
// minute since long ago stops at the bound instead of running away.
func TestRecurrenceIsBounded(t *testing.T) {
	from := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	cal := mustParse(t, `UID:daily
DTSTART:20200101T090000Z
DTEND:20200101T093000Z
RRULE:FREQ=DAILY`, `UID:minutely
DTSTART:19700101T000000Z
DTEND:19700101T000030Z
RRULE:FREQ=MINUTELY`)
	started := time.Now()
	got := busyRanges([]*ics.Calendar{cal}, from, from.AddDate(0, 0, 7), time.UTC)
	if len(got) != 7 || time.Since(started) > 10*time.Second {
		t.Fatalf("%d ranges in %s: %v", len(got), time.Since(started), got)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"PT1H30M": 90 * time.Minute, "P1D": 24 * time.Hour, "P1W": 7 * 24 * time.Hour,
		"PT45S": 45 * time.Second, "P1DT2H": 26 * time.Hour} {
		if got, ok := parseDuration(in); !ok || got != want {
			t.Errorf("%s: %s %v", in, got, ok)
		}
	}
	for _, in := range []string{"-PT1H", "1H", "PT1X"} {
		if _, ok := parseDuration(in); ok {
			t.Errorf("%s read", in)
		}
	}
}

// Zones as calendars write them: IANA names, behind a prefix, and Windows names.
func TestZoneOf(t *testing.T) {
	for tzid, want := range map[string]string{"Europe/Paris": "Europe/Paris", "/mozilla.org/20050126_1/Africa/Algiers": "Africa/Algiers",
		"W. Central Africa Standard Time": "Africa/Lagos", `"Romance Standard Time"`: "Europe/Paris"} {
		if l, ok := zoneOf(tzid); !ok || l.String() != want {
			t.Errorf("%s: %v %v, want %s", tzid, l, ok, want)
		}
	}
	if _, ok := zoneOf("Nowhere Standard Time"); ok {
		t.Error("an unknown zone was read")
	}
}
