package booking

import (
	"context"
	"errors"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/mail"
)

// ConsultantAppointments are the appointments a consultant holds that start at from or
// later, in time order, the cancelled ones included: a calendar that subscribes to their
// feed learns of a cancellation from the event's STATUS:CANCELLED (and its raised
// SEQUENCE), where an event that merely vanished may linger in a calendar that keeps what
// it read.
func (s *Core) ConsultantAppointments(ctx context.Context, userID string, from time.Time) ([]Appointment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE a.consultant_id = @user AND a.starts_at >= @from ORDER BY a.starts_at, a.created_at`,
		pgx.NamedArgs{"user": userID, "from": from})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanAppointment)
}

// ConsultantFeed is a consultant's calendar feed (RFC 5545): their appointments from
// from on, each as the customer's calendar file has it (same UID and SEQUENCE), named for
// the service and the prospect, in the agency's language. ErrNotFound when userID is not
// a consultant.
func (s *Core) ConsultantFeed(ctx context.Context, userID string, from time.Time) ([]byte, error) {
	if s.mail.Renderer == nil {
		return nil, errors.New("booking: no renderer for the calendar feed")
	}
	c, err := s.Consultant(ctx, userID)
	if err != nil {
		return nil, err
	}
	list, err := s.ConsultantAppointments(ctx, userID, from)
	if err != nil {
		return nil, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	feed := mail.Feed{Lang: st.Language, Consultant: c.Name, Agency: agencyContact(st), Events: make([]mail.FeedEvent, 0, len(list))}
	for _, a := range list {
		if a.StartsAt == nil {
			continue
		}
		e := mail.FeedEvent{AppointmentID: a.ID, Sequence: a.Sequence, Cancelled: a.Status == StatusCancelled,
			Service: s.serviceTitle(ctx, a.Service, st.Language), Start: *a.StartsAt, Duration: SlotLength,
			Name: a.Name, Email: a.Email, Phone: a.Phone, Mode: a.Mode, MeetingURL: a.MeetingURL,
			ConsoleURL: s.mail.PublicURL + "/admin/appointments?open=" + url.QueryEscape(a.ID)}
		if e.Service == "" {
			e.Service = Text(st.Language, "appointment")
		}
		feed.Events = append(feed.Events, e)
	}
	return s.mail.Renderer.Feed(feed), nil
}
