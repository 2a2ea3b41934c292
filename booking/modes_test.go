package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// countingRooms makes numbered rooms and counts them, to see when a room is made.
type countingRooms struct{ n int }

func (r *countingRooms) Room(context.Context, booking.Appointment) (string, error) {
	r.n++
	return "https://video.example/room-" + string(rune('a'+r.n-1)), nil
}

func TestBookingTakesTheServicesDefaultModeAndRefusesOneItDoesNotOffer(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	// The seed's consultation offers every mode, the office by default; web development
	// offers the office alone.
	res, err := core.Book(ctx, booking.Request{Name: "Modes Test", Phone: "0556000001", Service: "consultation",
		Date: "2026-11-23", Time: "09:00"})
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Appointment; a.Mode != booking.ModeOffice || a.MeetingURL != "" {
		t.Fatalf("no mode asked: got %q %q, want the default office and no link", a.Mode, a.MeetingURL)
	}
	res, err = core.Book(ctx, booking.Request{Name: "Modes Test", Phone: "0556000002", Service: "consultation",
		Mode: "phone", Date: "2026-11-23", Time: "10:00"})
	if err != nil || res.Appointment.Mode != booking.ModePhone || res.Appointment.MeetingURL != "" {
		t.Fatalf("phone: %+v %v", res.Appointment, err)
	}
	for _, tc := range []struct{ service, mode, code string }{
		{"developpement-web", "video", "mode_not_offered"},
		{"consultation", "carrier-pigeon", "invalid_option"},
	} {
		_, err = core.Book(ctx, booking.Request{Name: "Modes Test", Phone: "0556000003", Service: tc.service,
			Mode: tc.mode, Date: "2026-11-23", Time: "11:00"})
		var v *booking.ValidationError
		if !errors.As(err, &v) || v.Fields["mode"] != tc.code {
			t.Fatalf("%s by %s: got %v, want mode %s", tc.service, tc.mode, err, tc.code)
		}
	}
}

func TestAVideoMeetingsLinkIsMadeOnceAndKept(t *testing.T) {
	reset(t)
	rooms := &countingRooms{}
	core := booking.New(pool, booking.WithClock(func() time.Time { return sundayMorning }), booking.WithVideoRooms(rooms))
	ctx := context.Background()
	res, err := core.Book(ctx, booking.Request{Name: "Video Test", Phone: "0556000011", Email: "video@dota.test",
		Service: "consultation", Mode: "video", Date: "2026-11-24", Time: "09:00", Source: booking.SourceForm})
	if err != nil {
		t.Fatal(err)
	}
	link := res.Appointment.MeetingURL
	if res.Appointment.Mode != booking.ModeVideo || link != "https://video.example/room-a" || rooms.n != 1 {
		t.Fatalf("booked by video: %q %q, %d rooms", res.Appointment.Mode, link, rooms.n)
	}
	// The customer's move and staff's move keep it, and make no other room.
	m, err := core.RescheduleByCustomer(ctx, res.ManageToken, "2026-11-25", "10:00")
	if err != nil {
		t.Fatal(err)
	}
	if m.MeetingURL != link {
		t.Fatalf("after the customer's move: %q, want %q", m.MeetingURL, link)
	}
	a, err := core.Edit(ctx, res.Appointment.ID, booking.Change{Date: ptr("2026-11-26"), Time: ptr("11:00"),
		Name: ptr("Video Test Renamed")}, "staff@dota.test")
	if err != nil || a.MeetingURL != link || rooms.n != 1 {
		t.Fatalf("after staff's move: %q %v, %d rooms", a.MeetingURL, err, rooms.n)
	}
	// Away from video no link is shown; back to video the same one is.
	a, err = core.Edit(ctx, a.ID, booking.Change{Mode: ptr("office")}, "staff@dota.test")
	if err != nil || a.Mode != booking.ModeOffice || a.MeetingURL != "" {
		t.Fatalf("to the office: %+v %v", a, err)
	}
	a, err = core.Edit(ctx, a.ID, booking.Change{Mode: ptr("video")}, "staff@dota.test")
	if err != nil || a.MeetingURL != link {
		t.Fatalf("back to video: %q %v, want %q", a.MeetingURL, err, link)
	}
	// A meeting first booked at the office gets its room when it becomes a video one.
	res, err = core.Book(ctx, booking.Request{Name: "Office Test", Phone: "0556000012", Service: "consultation",
		Date: "2026-11-24", Time: "10:00"})
	if err != nil {
		t.Fatal(err)
	}
	a, err = core.Edit(ctx, res.Appointment.ID, booking.Change{Mode: ptr("video")}, "staff@dota.test")
	if err != nil || a.Mode != booking.ModeVideo || !strings.HasPrefix(a.MeetingURL, "https://video.example/") || a.MeetingURL == link {
		t.Fatalf("office to video: %+v %v", a, err)
	}
	// Staff cannot give a service a mode it does not offer; a new service that does not
	// offer the current mode brings its default.
	if _, err := core.Edit(ctx, a.ID, booking.Change{Service: ptr("developpement-web"), Mode: ptr("video")},
		"staff@dota.test"); err == nil || !strings.Contains(err.Error(), "mode(mode_not_offered)") {
		t.Fatalf("web development by video: %v", err)
	}
	a, err = core.Edit(ctx, a.ID, booking.Change{Service: ptr("developpement-web")}, "staff@dota.test")
	if err != nil || a.Mode != booking.ModeOffice || a.MeetingURL != "" {
		t.Fatalf("to web development: %+v %v", a, err)
	}
}

func TestJitsiRoomsAreUnguessableUnderTheBaseURL(t *testing.T) {
	j, err := booking.NewJitsiRooms("https://meet.example.org/agency")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for range 50 {
		link, err := j.Room(context.Background(), booking.Appointment{})
		if err != nil {
			t.Fatal(err)
		}
		name, ok := strings.CutPrefix(link, "https://meet.example.org/agency/dota-")
		if !ok || len(name) != 24 || seen[link] {
			t.Fatalf("room %q: want a new 24-character name under the base", link)
		}
		seen[link] = true
	}
	for _, bad := range []string{"meet.jit.si", "ftp://meet.example.org/", "https://meet.example.org/?x=1"} {
		if _, err := booking.NewJitsiRooms(bad); err == nil {
			t.Errorf("%q accepted as a video base URL", bad)
		}
	}
	if j, _ := booking.NewJitsiRooms(""); j == (booking.JitsiRooms{}) {
		t.Error("no default base URL")
	}
}
