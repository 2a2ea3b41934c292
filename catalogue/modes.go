package catalogue

import "slices"

// How a meeting happens: at the agency's office, by phone (the agency calls), by video.
const (
	ModeOffice = "office"
	ModePhone  = "phone"
	ModeVideo  = "video"
)

// Modes lists every meeting mode, in the order they are offered.
var Modes = []string{ModeOffice, ModePhone, ModeVideo}

// DefaultModes are the modes of a service that names none: the office alone.
var DefaultModes = []string{ModeOffice}

// IsMode reports whether m is one of Modes.
func IsMode(m string) bool { return slices.Contains(Modes, m) }

// ModeFor is the mode a booking of a service offering modes (its default first) gets
// when it asks for requested: the default when it asks for none; ok is false when it asks
// for one the service does not offer.
func ModeFor(modes []string, def, requested string) (mode string, ok bool) {
	if requested == "" {
		return def, true
	}
	return requested, slices.Contains(modes, requested)
}
