package catalogue

import (
	"context"
	"slices"
)

// The back-office's side of the services: staff say how each service's meetings happen.

// ModesInput is how a service's meetings may happen: the modes it offers and the one a
// booking that names none gets.
type ModesInput struct {
	Modes       []string `json:"modes"`
	DefaultMode string   `json:"default_mode"`
}

// Check validates the input, naming the field at fault, and returns its modes in Modes'
// order without repeats.
func (in ModesInput) Check() ([]string, error) {
	v := &ValidationError{}
	var modes []string
	for _, m := range Modes {
		if slices.Contains(in.Modes, m) {
			modes = append(modes, m)
		}
	}
	for _, m := range in.Modes {
		if !IsMode(m) {
			v.Add("modes", "invalid_option")
		}
	}
	if len(in.Modes) == 0 {
		v.Add("modes", "modes_required")
	}
	if !slices.Contains(modes, in.DefaultMode) {
		v.Add("default_mode", "default_mode_offered")
	}
	return modes, v.OrNil()
}

// SetServiceModes changes the meeting modes of the service slug; appointments already
// booked keep theirs.
func (s *Store) SetServiceModes(ctx context.Context, slug string, in ModesInput) (Service, error) {
	modes, err := in.Check()
	if err != nil {
		return Service{}, err
	}
	return s.oneService(ctx, `UPDATE services SET modes = $2, default_mode = $3 WHERE slug = $1 RETURNING `+serviceColumns, slug, modes, in.DefaultMode)
}
