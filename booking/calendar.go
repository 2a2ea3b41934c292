package booking

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// CalendarDay is one day of the calendar with its appointments, ordered by time.
type CalendarDay struct {
	Date         string        `json:"date"`
	Appointments []Appointment `json:"appointments"`
}

// Calendar is one month of appointments.
type Calendar struct {
	Month string        `json:"month"`
	First string        `json:"first"`
	Last  string        `json:"last"`
	Days  []CalendarDay `json:"days"`
	Total int           `json:"total"`
}

// CalendarMonth returns the appointments dated in month (YYYY-MM; "" is this month),
// grouped by day, ordered by date then time.
func (s *Core) CalendarMonth(ctx context.Context, month string) (Calendar, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Calendar{}, err
	}
	if month == "" {
		month = s.now().In(st.Location()).Format("2006-01")
	}
	first, err := time.Parse("2006-01", month)
	if err != nil || first.Year() < 1990 || first.Year() > 2100 {
		return Calendar{}, invalidField("month", "month_invalid")
	}
	last := first.AddDate(0, 1, -1)
	cal := Calendar{Month: month, First: first.Format(time.DateOnly), Last: last.Format(time.DateOnly), Days: []CalendarDay{}}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE a.date BETWEEN $1::date AND $2::date ORDER BY a.date, a.time, a.created_at`, cal.First, cal.Last)
	if err != nil {
		return cal, err
	}
	list, err := pgx.CollectRows(rows, ScanAppointment)
	if err != nil {
		return cal, err
	}
	for _, a := range list {
		if n := len(cal.Days); n == 0 || cal.Days[n-1].Date != a.Date {
			cal.Days = append(cal.Days, CalendarDay{Date: a.Date})
		}
		d := &cal.Days[len(cal.Days)-1]
		d.Appointments = append(d.Appointments, a)
	}
	cal.Total = len(list)
	return cal, nil
}
