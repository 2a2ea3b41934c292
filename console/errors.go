package console

import (
	"errors"

	"github.com/dota-agency/dota/booking"
)

// Errors of sign-in and sessions.
var (
	// ErrUnauthenticated means the request carries no valid session.
	ErrUnauthenticated = errors.New("unauthenticated")
	// ErrInvalidCredentials means the e-mail and password do not open a session.
	ErrInvalidCredentials = errors.New("invalid credentials")
	// ErrCSRF means a state-changing request lacks the session's CSRF token.
	ErrCSRF = errors.New("missing or wrong CSRF token")
)

// ForbiddenError is a signed-in user asking for something their role does not allow.
type ForbiddenError struct {
	Need Need
}

func (e *ForbiddenError) Error() string {
	return "forbidden: " + string(e.Need.Page) + " " + string(e.Need.Action)
}

// LocalizedMessage is the spec's text for what was refused.
func (e *ForbiddenError) LocalizedMessage(lang string) string {
	if e.Need.Action != "" {
		if catalogue.Has("forbidden." + string(e.Need.Action)) {
			return Text(lang, "forbidden."+string(e.Need.Action))
		}
	}
	return Text(lang, "forbidden."+string(e.Need.Page))
}

// ThrottledError means too many sign-in attempts; RetryAfter is in seconds.
type ThrottledError struct {
	RetryAfter int
}

func (e *ThrottledError) Error() string { return "too many sign-in attempts" }

// ConflictError is an action refused by the current state (a client still booked, the
// last admin); it matches booking.ErrConflict.
type ConflictError struct {
	Key string
}

func (e *ConflictError) Error() string { return "conflict: " + e.Key }

// Is makes errors.Is(err, booking.ErrConflict) true.
func (e *ConflictError) Is(target error) bool { return target == booking.ErrConflict }

// LocalizedMessage is the text for the conflict.
func (e *ConflictError) LocalizedMessage(lang string) string { return Text(lang, e.Key) }

// newValidation returns an empty validation error that names each invalid field with a
// message code of the console's catalogue (which falls back to the booking catalogue).
func newValidation() *booking.ValidationError { return &booking.ValidationError{Catalogue: Text} }

func invalid(field, code string) error {
	v := newValidation()
	v.Add(field, code)
	return v
}
