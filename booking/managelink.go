package booking

import (
	"context"
	"errors"
)

// ManageLink makes a new manage link for the appointment, in lang, for staff to hand the
// customer in a message of their own (a canned reply's {manage_link}): a token made and
// stored now, like a message's, for the appointment's e-mail as it is. ErrNotFound when
// the appointment is unknown, cancelled or over: a link that manages nothing is not
// handed out.
func (s *Core) ManageLink(ctx context.Context, appointmentID, lang string) (string, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return "", err
	}
	for range 2 { // the e-mail may change between the read and the insert: read it again once
		a, err := s.Appointment(ctx, appointmentID)
		if err != nil {
			return "", err
		}
		if _, err := s.managed(st, a); err != nil || a.Status == StatusCancelled {
			return "", ErrNotFound
		}
		token, err := s.newManageToken(ctx, a.ID, a.Email)
		if errors.Is(err, errRecipientChanged) {
			continue
		}
		if err != nil {
			return "", err
		}
		return s.manageURL(token, lang), nil
	}
	return "", ErrConflict
}
