package catalogue

import (
	"errors"
	"regexp"
	"sort"
)

// Domain errors. The HTTP layer maps them to the contract's codes.
var (
	ErrNotFound          = errors.New("not found")
	ErrAlreadySubscribed = errors.New("already subscribed")
)

// ValidationError names each invalid field with a message code of the catalogue's texts.
type ValidationError struct {
	// Summary is the code of the message that sums the problem up ("" for the generic one).
	Summary string
	Fields  map[string]string
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
		return Text(lang, e.Summary)
	}
	if len(e.Fields) == 1 {
		for _, code := range e.Fields {
			return Text(lang, code)
		}
	}
	return Text(lang, "invalid_input")
}

// LocalizedFields implements the HTTP layer's localizer.
func (e *ValidationError) LocalizedFields(lang string) map[string]string {
	out := make(map[string]string, len(e.Fields))
	for f, code := range e.Fields {
		out[f] = Text(lang, code)
	}
	return out
}

// invalidField is a validation error of one field.
func invalidField(field, code string) error {
	v := &ValidationError{}
	v.Add(field, code)
	return v
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// isUUID reports whether id has the shape of a row id, so that a malformed one is a
// plain "not found" rather than a database error.
func isUUID(id string) bool { return uuidPattern.MatchString(id) }
