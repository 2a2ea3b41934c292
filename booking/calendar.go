package booking

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/mail"
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

// ManageCalendar is the calendar file of the appointment a manage token names, as its
// e-mails attach it (same UID and SEQUENCE, so that a calendar that has it updates it),
// for the "add to calendar" of the booking's confirmation page. ErrNotFound for an
// unknown token, an appointment that is over, cancelled or without a slot, or without
// mail's renderer.
func (s *Core) ManageCalendar(ctx context.Context, token string) (mail.Attachment, error) {
	id, err := appointmentIDByToken(ctx, s.db, token)
	if err != nil {
		return mail.Attachment{}, err
	}
	a, err := s.Appointment(ctx, id)
	if err != nil {
		return mail.Attachment{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return mail.Attachment{}, err
	}
	if _, err := s.managed(st, a); err != nil {
		return mail.Attachment{}, err
	}
	if a.StartsAt == nil || a.Status == StatusCancelled || a.Email == "" || s.mail.Renderer == nil {
		return mail.Attachment{}, ErrNotFound
	}
	in := mail.Input{Kind: mail.KindConfirmation, Lang: a.Language, AppointmentID: a.ID, Sequence: a.Sequence,
		Service: s.serviceTitle(ctx, a.Service, a.Language), Duration: SlotLength, Location: st.Location(), Start: *a.StartsAt,
		RecipientName: addressedName(a.Name), RecipientEmail: a.Email, Source: mail.Source(a.Source),
		Agency: agencyContact(st), ManageURL: s.manageURL(token, a.Language), Mode: a.Mode, MeetingURL: a.MeetingURL}
	if in.Service == "" {
		in.Service = Text(a.Language, "appointment")
	}
	return s.mail.Renderer.Calendar(in)
}
