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

// CalendarQuery asks for the calendar of a month (YYYY-MM; "" is this month) or of the
// days From to To (YYYY-MM-DD, both, at most CalendarMaxDays), and of one consultant's
// appointments (a user id, or ConsultantNone for those of none) when Consultant is set.
type CalendarQuery struct {
	Month, From, To string
	Consultant      string
}

// CalendarMaxDays bounds the days of one calendar read by range: six weeks.
const CalendarMaxDays = 42

// ConsultantNone filters for the appointments no consultant holds.
const ConsultantNone = "none"

// CalendarMonth returns the appointments dated in month (YYYY-MM; "" is this month),
// grouped by day, ordered by date then time.
func (s *Core) CalendarMonth(ctx context.Context, month string) (Calendar, error) {
	return s.Calendar(ctx, CalendarQuery{Month: month})
}

// Calendar returns the appointments the query names, grouped by day, ordered by date then
// time. Month is the month of its first day.
func (s *Core) Calendar(ctx context.Context, q CalendarQuery) (Calendar, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Calendar{}, err
	}
	var first, last time.Time
	if q.From != "" || q.To != "" {
		var ok1, ok2 bool
		first, ok1 = ParseDate(q.From, time.UTC)
		last, ok2 = ParseDate(q.To, time.UTC)
		switch {
		case !ok1:
			return Calendar{}, invalidField("from", "date_invalid")
		case !ok2 || last.Before(first) || last.Sub(first) >= CalendarMaxDays*24*time.Hour:
			return Calendar{}, invalidField("to", "date_invalid")
		}
	} else {
		month := q.Month
		if month == "" {
			month = s.now().In(st.Location()).Format("2006-01")
		}
		first, err = time.Parse("2006-01", month)
		if err != nil || first.Year() < 1990 || first.Year() > 2100 {
			return Calendar{}, invalidField("month", "month_invalid")
		}
		last = first.AddDate(0, 1, -1)
	}
	consultant := q.Consultant
	if consultant != "" && consultant != ConsultantNone && !IsUUID(consultant) {
		return Calendar{}, invalidField("consultant", "invalid_option")
	}
	cal := Calendar{Month: first.Format("2006-01"), First: first.Format(time.DateOnly), Last: last.Format(time.DateOnly),
		Days: []CalendarDay{}}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE a.date BETWEEN $1::date AND $2::date
			AND ($3 = '' OR ($3 = 'none' AND a.consultant_id IS NULL) OR a.consultant_id::text = $3)
		ORDER BY a.date, a.time, a.created_at`, cal.First, cal.Last, consultant)
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
