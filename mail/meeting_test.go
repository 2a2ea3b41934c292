package mail_test

import (
	"bytes"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

const meetingURL = "https://meet.jit.si/dota-abcdefghijklmnopqrstuvwx"

// event parses a calendar file back and returns its one event.
func event(t *testing.T, data []byte) *ics.VEvent {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, data)
	}
	if len(cal.Events()) != 1 {
		t.Fatalf("%d events", len(cal.Events()))
	}
	return cal.Events()[0]
}

func prop(ev *ics.VEvent, p ics.ComponentProperty) string {
	if v := ev.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

func TestTheMeetingModeIsInTheMessagesAndTheCalendar(t *testing.T) {
	srv := mailtest.Start(t)
	for _, tc := range []struct {
		mode, location, shown string
		conference            bool
	}{
		{mail.ModeOffice, "12 rue Didouche Mourad, Alger", "At our office", false},
		{mail.ModePhone, "By phone: Dota Agency will call you", "By phone: we will call you", false},
		{mail.ModeVideo, meetingURL, "By video call", true},
	} {
		for _, kind := range []mail.Kind{mail.KindConfirmation, mail.KindMoved, mail.KindReminder} {
			in := input(kind, "en")
			in.Mode, in.MeetingURL = tc.mode, meetingURL
			_, got := send(t, srv, in)
			for _, body := range []string{got.Text, got.HTML} {
				if !strings.Contains(body, tc.shown) {
					t.Errorf("%s by %s: the message does not say %q", kind, tc.mode, tc.shown)
				}
				if strings.Contains(body, meetingURL) != tc.conference {
					t.Errorf("%s by %s: the link shown is %v, want %v", kind, tc.mode, !tc.conference, tc.conference)
				}
			}
			// Attached, and inline as an invitation (RFC 6047), the same event.
			att := got.Attachment(mail.CalendarFilename)
			if att == nil || len(got.Inline) != 1 {
				t.Fatalf("%s by %s: attachment %v, %d inline parts", kind, tc.mode, att != nil, len(got.Inline))
			}
			inv := got.Inline[0]
			if inv.ContentType != "text/calendar" || inv.Params["method"] != "REQUEST" || !bytes.Equal(inv.Data, att.Data) {
				t.Errorf("%s by %s: inline part %s %v", kind, tc.mode, inv.ContentType, inv.Params)
			}
			ev := event(t, inv.Data)
			if loc := prop(ev, ics.ComponentPropertyLocation); loc != tc.location {
				t.Errorf("%s by %s: LOCATION %q, want %q", kind, tc.mode, loc, tc.location)
			}
			desc := prop(ev, ics.ComponentPropertyDescription)
			if !strings.Contains(desc, "How: "+tc.shown) || !strings.Contains(desc, manageURL) ||
				strings.Contains(desc, meetingURL) != tc.conference {
				t.Errorf("%s by %s: DESCRIPTION %q", kind, tc.mode, desc)
			}
			conf := ev.GetProperty(ics.ComponentProperty("CONFERENCE"))
			switch {
			case !tc.conference && conf != nil:
				t.Errorf("%s by %s: a CONFERENCE %+v", kind, tc.mode, conf)
			case tc.conference && (conf == nil || conf.Value != meetingURL || conf.ICalParameters["VALUE"][0] != "URI" ||
				conf.ICalParameters["FEATURE"][0] != "VIDEO"):
				t.Errorf("%s by %s: CONFERENCE %+v", kind, tc.mode, conf)
			}
			if org := prop(ev, ics.ComponentPropertyOrganizer); org != "mailto:contact@dota.example" {
				t.Errorf("%s by %s: ORGANIZER %q, want the agency's contact address", kind, tc.mode, org)
			}
		}
	}
}

func TestTheMeetingModeIsWrittenInEveryLanguage(t *testing.T) {
	for _, lang := range []string{"fr", "en", "ar"} {
		in := input(mail.KindConfirmation, lang)
		in.Mode, in.MeetingURL = mail.ModeVideo, meetingURL
		m, err := newRenderer(t).Render(in)
		if err != nil {
			t.Fatal(err)
		}
		other := input(mail.KindConfirmation, lang)
		other.Mode = mail.ModePhone
		p, err := newRenderer(t).Render(other)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, meetingURL) || m.Text == p.Text {
			t.Errorf("%s: the video and phone messages do not differ by their mode and link", lang)
		}
		if m.Invitation == nil || m.Invitation.ContentType != "text/calendar; method=REQUEST" {
			t.Errorf("%s: invitation %+v", lang, m.Invitation)
		}
	}
	in := input(mail.KindConfirmation, "en")
	in.Mode = "carrier-pigeon"
	if _, err := newRenderer(t).Render(in); err == nil {
		t.Error("an unknown mode was written")
	}
}

func TestTheOrganizerIsTheSenderOnlyWhenTheAgencyHasNoAddress(t *testing.T) {
	in := input(mail.KindConfirmation, "en")
	in.Agency.Email = ""
	a, err := newRenderer(t).Calendar(in)
	if err != nil {
		t.Fatal(err)
	}
	if org := prop(event(t, a.Data), ics.ComponentPropertyOrganizer); org != "mailto:rdv@dota.example" {
		t.Errorf("ORGANIZER %q, want the sender", org)
	}
	// A meeting that does not say its mode is written as before: at the address.
	if loc := prop(event(t, a.Data), ics.ComponentPropertyLocation); loc != in.Agency.Address {
		t.Errorf("LOCATION %q", loc)
	}
}
