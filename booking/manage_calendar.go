package booking

import (
	"context"

	"github.com/dota-agency/dota/mail"
)

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
		Agency: agencyContact(st), ManageURL: s.manageURL(token, a.Language)}
	if in.Service == "" {
		in.Service = Text(a.Language, "appointment")
	}
	return s.mail.Renderer.Calendar(in)
}
