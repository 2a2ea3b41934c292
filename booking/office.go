package booking

import "time"

// The team's office hours, in the agency's time zone, on business days that are not
// closed: when a person can answer a visitor live.
const (
	OfficeOpensHour  = 9
	OfficeClosesHour = 17
)

// OfficeHours reports whether the team is at work at now and, when it is not, when it is
// next: the start of the next business day that is not closed, within a year.
func (st Settings) OfficeHours(now time.Time) (open bool, next time.Time) {
	loc := st.Location()
	now = now.In(loc)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	for i := 0; i < 366; i++ {
		d := day.AddDate(0, 0, i)
		if !IsBusinessDay(d.Weekday()) || st.Closed(d.Format("2006-01-02")) {
			continue
		}
		opens := d.Add(OfficeOpensHour * time.Hour)
		closes := d.Add(OfficeClosesHour * time.Hour)
		switch {
		case now.Before(opens):
			return false, opens
		case now.Before(closes):
			return true, now
		}
	}
	return false, time.Time{}
}
