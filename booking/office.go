package booking

import (
	"fmt"
	"strings"
	"time"
)

// OfficeHours are the hours the team answers visitors live, in the agency's time zone,
// on the days it names and that are not closed.
type OfficeHours struct {
	Days   [7]bool       // by time.Weekday
	Opens  time.Duration // since midnight
	Closes time.Duration // since midnight, after Opens; 24h for midnight
}

// DefaultOfficeHours are Sunday to Thursday, 9:00 to 17:00.
const DefaultOfficeHours = "sun-thu 09:00-17:00"

var weekdayAbbrevs = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// ParseOfficeHours reads office hours written as days and hours: "sun-thu 09:00-17:00",
// "mon,wed 08:30-12:00" or "sun-sat 00:00-24:00".
func ParseOfficeHours(s string) (OfficeHours, error) {
	var h OfficeHours
	days, hours, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), " ")
	if !ok {
		return h, fmt.Errorf("office hours %q: want days and hours, as %q", s, DefaultOfficeHours)
	}
	for _, part := range strings.Split(days, ",") {
		from, to, isRange := strings.Cut(part, "-")
		if !isRange {
			to = from
		}
		a, b := indexOf(weekdayAbbrevs, from), indexOf(weekdayAbbrevs, to)
		if a < 0 || b < 0 {
			return h, fmt.Errorf("office hours %q: unknown day in %q", s, part)
		}
		for d := a; ; d = (d + 1) % 7 {
			h.Days[d] = true
			if d == b {
				break
			}
		}
	}
	opens, closes, ok := strings.Cut(strings.TrimSpace(hours), "-")
	var err1, err2 error
	h.Opens, err1 = clockOf(opens)
	h.Closes, err2 = clockOf(closes)
	if !ok || err1 != nil || err2 != nil || h.Closes <= h.Opens {
		return h, fmt.Errorf("office hours %q: want hours as 09:00-17:00", s)
	}
	return h, nil
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// clockOf reads HH:MM, up to 24:00, as a time since midnight.
func clockOf(s string) (time.Duration, error) {
	var hh, mm int
	if _, err := fmt.Sscanf(s, "%d:%d", &hh, &mm); err != nil || hh < 0 || mm < 0 || mm > 59 || hh*60+mm > 24*60 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute, nil
}

// At reports whether the team is at work at now and, when it is not, when it is next:
// the next opening on a day of the office hours that the settings do not close, within a
// year (zero when there is none).
func (h OfficeHours) At(st Settings, now time.Time) (open bool, next time.Time) {
	loc := st.Location()
	now = now.In(loc)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	for i := 0; i < 366; i++ {
		d := day.AddDate(0, 0, i)
		if !h.Days[d.Weekday()] || st.Closed(d.Format(time.DateOnly)) {
			continue
		}
		opens := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc).Add(h.Opens)
		closes := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, loc).Add(h.Closes)
		switch {
		case now.Before(opens):
			return false, opens
		case now.Before(closes):
			return true, now
		}
	}
	return false, time.Time{}
}
