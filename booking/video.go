package booking

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"github.com/dota-agency/dota/catalogue"
	"net/url"
	"slices"
	"strings"
)

// VideoRooms makes the room of a video meeting: Room returns the link the customer and the
// agency join. It is asked once per appointment, when the appointment first becomes a
// video meeting (at booking, or when staff change its mode), and the link is kept across
// moves and every later change. a is the appointment as it will be stored (its ID is ""
// at booking). A Google Meet or Zoom provider is another VideoRooms.
type VideoRooms interface {
	Room(ctx context.Context, a Appointment) (string, error)
}

// DefaultVideoBaseURL is where Jitsi rooms are made when no base URL is configured.
const DefaultVideoBaseURL = "https://meet.jit.si/"

// JitsiRooms makes Jitsi Meet rooms under a base URL, each with an unguessable name: a
// Jitsi room is open to whoever knows its name, so the name is 120 random bits.
type JitsiRooms struct {
	base string
}

// NewJitsiRooms returns the Jitsi provider for base (an absolute http(s) URL; "" is
// DefaultVideoBaseURL).
func NewJitsiRooms(base string) (JitsiRooms, error) {
	if base == "" {
		base = DefaultVideoBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return JitsiRooms{}, fmt.Errorf("video base URL %q: want an absolute http(s) URL without query", base)
	}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	return JitsiRooms{base: base}, nil
}

// roomName is the prefix of every room's name, so the agency's rooms read as its own.
const roomName = "dota-"

// Room returns a new room's link.
func (j JitsiRooms) Room(context.Context, Appointment) (string, error) {
	b := make([]byte, 15)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("video room: %w", err)
	}
	return j.base + roomName + strings.ToLower(base32.StdEncoding.EncodeToString(b)), nil
}

// WithVideoRooms sets who makes video meetings' rooms (default: Jitsi Meet rooms under
// DefaultVideoBaseURL).
func WithVideoRooms(v VideoRooms) Option { return func(s *Core) { s.rooms = v } }

// roomFor makes a's room when a is a video meeting without one; a keeps the one it has.
func (s *Core) roomFor(ctx context.Context, a *Appointment, stored string) error {
	if a.Mode != ModeVideo || stored != "" {
		return nil
	}
	link, err := s.rooms.Room(ctx, *a)
	if err != nil {
		return err
	}
	a.MeetingURL = link
	return nil
}

// modeOf sets *mode to the mode a meeting of service (a slug of services, or "" for a
// general appointment) gets when requested is asked for: the service's default for none;
// a mode the service does not offer is a *ValidationError on "mode". A general
// appointment, or one whose service the catalogue no longer lists, may have any mode and
// is at the office by default.
func modeOf(services []catalogue.ServiceName, service, requested string, mode *string) error {
	modes, def := catalogue.Modes, ModeOffice
	for _, svc := range services {
		if svc.Slug == service && service != "" {
			modes, def = svc.Modes, svc.DefaultMode
		}
	}
	m, ok := catalogue.ModeFor(modes, def, requested)
	if !ok {
		return invalidField("mode", "mode_not_offered")
	}
	*mode = m
	return nil
}

// offers reports whether service (a slug of services) offers mode; a service the
// catalogue does not list offers every mode.
func offers(services []catalogue.ServiceName, service, mode string) bool {
	for _, svc := range services {
		if svc.Slug == service && service != "" {
			return slices.Contains(svc.Modes, mode)
		}
	}
	return true
}
