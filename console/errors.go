package console

import (
	"errors"
	"strings"

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
		if _, ok := messages["forbidden."+string(e.Need.Action)]; ok {
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

// ValidationError names each invalid field with a message code of the console's
// catalogue (falling back to the booking catalogue).
type ValidationError struct {
	Summary string
	Fields  map[string]string
}

func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("invalid")
	for f, c := range e.Fields {
		b.WriteString(" " + f + "(" + c + ")")
	}
	return b.String()
}

// Add records a problem with field; the first one recorded wins.
func (e *ValidationError) Add(field, code string) {
	if e.Fields == nil {
		e.Fields = map[string]string{}
	}
	if _, ok := e.Fields[field]; !ok {
		e.Fields[field] = code
	}
}

// OrNil returns e when it holds a problem, else nil.
func (e *ValidationError) OrNil() error {
	if len(e.Fields) == 0 {
		return nil
	}
	return e
}

// LocalizedMessage sums the problem up.
func (e *ValidationError) LocalizedMessage(lang string) string {
	if e.Summary != "" {
		return Text(lang, e.Summary)
	}
	if len(e.Fields) == 1 {
		for _, c := range e.Fields {
			return Text(lang, c)
		}
	}
	return Text(lang, "invalid_input")
}

// LocalizedFields gives each field's message.
func (e *ValidationError) LocalizedFields(lang string) map[string]string {
	out := make(map[string]string, len(e.Fields))
	for f, c := range e.Fields {
		out[f] = Text(lang, c)
	}
	return out
}

func invalid(field, code string) error {
	v := &ValidationError{}
	v.Add(field, code)
	return v
}
