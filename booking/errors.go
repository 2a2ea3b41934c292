package booking

import (
	"errors"
	"sort"
	"strconv"
)

// Domain errors. The HTTP layer maps them to the contract's codes.
var (
	ErrNotFound   = errors.New("not found")
	ErrSlotTaken  = errors.New("slot taken")
	ErrSlotClosed = errors.New("slot closed")
	ErrConflict   = errors.New("conflict")
)

// ValidationError names each invalid field with a message code from the catalogue.
type ValidationError struct {
	// Summary is the code of the message that sums the problem up ("" for the generic one).
	Summary string
	Fields  map[string]string
	// Catalogue resolves the codes; nil means the booking catalogue, Text.
	Catalogue func(lang, code string, args ...string) string
}

func (e *ValidationError) Error() string {
	names := make([]string, 0, len(e.Fields))
	for f := range e.Fields {
		names = append(names, f)
	}
	sort.Strings(names)
	msg := "invalid"
	for _, n := range names {
		msg += " " + n + "(" + e.Fields[n] + ")"
	}
	return msg
}

// Add records a problem with field; the first problem found for a field wins.
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

// LocalizedMessage implements the HTTP layer's localizer: the summary, else the one
// field's problem, else a generic text.
func (e *ValidationError) LocalizedMessage(lang string) string {
	if e.Summary != "" {
		return e.text(lang, e.Summary)
	}
	if len(e.Fields) == 1 {
		for _, code := range e.Fields {
			return e.text(lang, code)
		}
	}
	return e.text(lang, "invalid_input")
}

// LocalizedFields implements the HTTP layer's localizer.
func (e *ValidationError) LocalizedFields(lang string) map[string]string {
	out := make(map[string]string, len(e.Fields))
	for f, code := range e.Fields {
		out[f] = e.text(lang, code)
	}
	return out
}

func (e *ValidationError) text(lang, code string) string {
	if e.Catalogue != nil {
		return e.Catalogue(lang, code)
	}
	return Text(lang, code)
}

// SlotTakenError says the chosen slot is full and offers the nearest free ones.
type SlotTakenError struct {
	Alternatives []SlotRef
}

func (e *SlotTakenError) Error() string { return "slot taken" }

// Is makes errors.Is(err, ErrSlotTaken) true.
func (e *SlotTakenError) Is(target error) bool { return target == ErrSlotTaken }

// LocalizedMessage implements the HTTP layer's localizer.
func (e *SlotTakenError) LocalizedMessage(lang string) string { return Text(lang, "slot_taken") }

// SlotClosedError says the chosen slot is outside business hours, past or on a closed day.
type SlotClosedError struct {
	Reason       string // closed_day, past, not_a_slot, beyond_horizon
	Alternatives []SlotRef
	// HorizonDays is the booking horizon, for beyond_horizon.
	HorizonDays int
}

func (e *SlotClosedError) Error() string { return "slot closed: " + e.Reason }

// Is makes errors.Is(err, ErrSlotClosed) true.
func (e *SlotClosedError) Is(target error) bool { return target == ErrSlotClosed }

// LocalizedMessage implements the HTTP layer's localizer.
func (e *SlotClosedError) LocalizedMessage(lang string) string {
	return closedText(lang, e.Reason, e.HorizonDays)
}

// closedText says in lang why a slot or a day is closed; horizon fills in the number of
// days of beyond_horizon.
func closedText(lang, reason string, horizon int) string {
	return Text(lang, "slot_closed_"+reason, "days", strconv.Itoa(horizon))
}

// IdempotencyConflictError says an idempotency key already booked another request: the
// key is refused, and the booking it made stays its owner's.
type IdempotencyConflictError struct{}

func (e *IdempotencyConflictError) Error() string { return "idempotency key used by another request" }

// Is makes errors.Is(err, ErrConflict) true.
func (e *IdempotencyConflictError) Is(target error) bool { return target == ErrConflict }

// LocalizedMessage implements the HTTP layer's localizer.
func (e *IdempotencyConflictError) LocalizedMessage(lang string) string {
	return Text(lang, "idempotency_key_reused")
}

// invalidField is a validation error of one field.
func invalidField(field, code string) error {
	v := &ValidationError{}
	v.Add(field, code)
	return v
}
