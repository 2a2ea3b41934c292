package mail_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/mail"
)

func TestCalendarFileIsRFC5545(t *testing.T) {
	in := input(mail.KindConfirmed, "fr")
	in.Sequence = 7
	in.Duration = 90 * time.Minute
	// Long enough to be folded, with a comma the format must escape.
	in.Agency.Address = "Résidence Les Oliviers, bâtiment B, 3e étage, 12 rue Didouche Mourad, Alger-Centre 16000, Algérie"
	a, err := newRenderer(t).Calendar(in)
	if err != nil {
		t.Fatal(err)
	}
	raw := string(a.Data)

	if strings.Count(raw, "\n") != strings.Count(raw, "\r\n") || !strings.HasSuffix(raw, "END:VCALENDAR\r\n") {
		t.Errorf("not every line ends in CRLF:\n%q", raw)
	}
	folded := false
	for _, line := range strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets (max 75): %q", len(line), line)
		}
		folded = folded || strings.HasPrefix(line, " ")
	}
	if !folded {
		t.Errorf("the long location was not folded:\n%s", raw)
	}
	if unfolded := strings.ReplaceAll(raw, "\r\n ", ""); !strings.Contains(unfolded, `LOCATION:Résidence Les Oliviers\, bâtiment B\,`) {
		t.Errorf("the location's commas are not escaped:\n%s", unfolded)
	}

	cal, err := ics.ParseCalendar(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	ev := cal.Events()[0]
	value := func(p ics.ComponentProperty) string {
		if prop := ev.GetProperty(p); prop != nil {
			return prop.Value
		}
		return ""
	}
	for p, want := range map[ics.ComponentProperty]string{
		ics.ComponentPropertyUniqueId:  "apt-42@rdv.example.com",
		ics.ComponentPropertySequence:  "7",
		ics.ComponentPropertyDtstamp:   "20261120T083000Z",
		ics.ComponentPropertyDtStart:   "20261126T090000Z",
		ics.ComponentPropertyDtEnd:     "20261126T103000Z",
		ics.ComponentPropertySummary:   "Site vitrine – Dota Agency",
		ics.ComponentPropertyLocation:  in.Agency.Address,
		ics.ComponentPropertyOrganizer: "mailto:contact@dota.example", // the agency, not the no-reply sender
		ics.ComponentPropertyUrl:       manageURL,
		ics.ComponentPropertyStatus:    "",
	} {
		if got := value(p); got != want {
			t.Errorf("%s %q, want %q", p, got, want)
		}
	}
	if !strings.Contains(value(ics.ComponentPropertyDescription), manageURL) {
		t.Errorf("DESCRIPTION %q lacks the manage link", value(ics.ComponentPropertyDescription))
	}
	if got, err := ev.GetStartAt(); err != nil || !got.Equal(start) {
		t.Errorf("start %v (%v), want %v", got, err, start)
	}
	att := ev.Attendees()
	if len(att) != 1 || att[0].Email() != "amina@example.net" ||
		att[0].ICalParameters["CN"][0] != "Amina Benali" || att[0].ICalParameters["RSVP"][0] != "FALSE" {
		t.Errorf("attendees %+v", att)
	}
	if org := ev.GetProperty(ics.ComponentPropertyOrganizer); org.ICalParameters["CN"][0] != "Dota Agency" {
		t.Errorf("organizer %+v", org)
	}
}

func TestCancellationCancelsTheSameEvent(t *testing.T) {
	r := newRenderer(t)
	req, err := r.Calendar(input(mail.KindConfirmed, "en"))
	if err != nil {
		t.Fatal(err)
	}
	in := input(mail.KindCancelled, "en")
	in.Sequence++
	cancel, err := r.Calendar(in)
	if err != nil {
		t.Fatal(err)
	}
	if cancel.ContentType != "text/calendar; method=CANCEL; charset=utf-8" || req.ContentType != "text/calendar; method=REQUEST; charset=utf-8" {
		t.Errorf("content types %q and %q", req.ContentType, cancel.ContentType)
	}
	a, _ := ics.ParseCalendar(bytes.NewReader(req.Data))
	b, _ := ics.ParseCalendar(bytes.NewReader(cancel.Data))
	if a.Events()[0].Id() != b.Events()[0].Id() {
		t.Errorf("UID changed: %s then %s", a.Events()[0].Id(), b.Events()[0].Id())
	}
	if calendarProp(b, ics.PropertyMethod) != "CANCEL" || b.Events()[0].GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" ||
		b.Events()[0].GetProperty(ics.ComponentPropertySequence).Value != "4" {
		t.Errorf("cancellation:\n%s", cancel.Data)
	}
}

func TestWaitlistOfferHasNoCalendarFile(t *testing.T) {
	if _, err := newRenderer(t).Calendar(input(mail.KindWaitlistOffer, "fr")); !errors.Is(err, mail.ErrInvalidInput) {
		t.Errorf("err %v, want ErrInvalidInput", err)
	}
}

// TestCalendarUserNamesAreQuoted: RFC 5545 has no backslash escape in a parameter value; a
// CN holding ':' ';' ',' or '"' must be a quoted string (with RFC 6868's ^' for a double
// quote), or a reader ends the parameter early and takes the rest as the address.
func TestCalendarUserNamesAreQuoted(t *testing.T) {
	for _, name := range []string{
		"client: URGENT payez 5000 DZD sur https://evil.example/pay",
		`Amina "Mina"; O'Brien, ^fils^`,
		"Amina\r\nATTENDEE:mailto:evil@example.com",
		"Amina Benali",
	} {
		in := input(mail.KindConfirmed, "fr")
		in.RecipientName = name
		a, err := newRenderer(t).Calendar(in)
		if err != nil {
			t.Fatal(err)
		}
		unfolded := strings.ReplaceAll(string(a.Data), "\r\n ", "")
		var attendees []string
		for _, line := range strings.Split(unfolded, "\r\n") {
			if strings.HasPrefix(line, "ATTENDEE") {
				attendees = append(attendees, line)
			}
		}
		if len(attendees) != 1 {
			t.Fatalf("%q: attendee lines %q", name, attendees)
		}
		cn, value, ok := strictAttendee(attendees[0])
		if !ok || value != "mailto:amina@example.net" {
			t.Errorf("%q: %q reads as CN %q, value %q", name, attendees[0], cn, value)
			continue
		}
		want := strings.NewReplacer("^", "^^", `"`, "^'", "\r\n", "^n").Replace(name)
		if cn != want {
			t.Errorf("%q: CN %q, want %q", name, cn, want)
		}
	}
}

// strictAttendee reads an unfolded ATTENDEE line by RFC 5545's grammar alone: a parameter
// value is a quoted string (no escape inside) or text without ';', ':', ',' and '"'. It
// returns the CN, unquoted, and the property's value.
func strictAttendee(line string) (cn, value string, ok bool) {
	rest, found := strings.CutPrefix(line, "ATTENDEE")
	if !found {
		return "", "", false
	}
	for strings.HasPrefix(rest, ";") {
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			return "", "", false
		}
		name := rest[1:eq]
		rest = rest[eq+1:]
		var v string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return "", "", false
			}
			v, rest = rest[1:end+1], rest[end+2:]
		} else {
			end := strings.IndexAny(rest, ";:,")
			if end < 0 {
				return "", "", false
			}
			v, rest = rest[:end], rest[end:]
			if strings.ContainsAny(v, `"\`) {
				return "", "", false
			}
		}
		if strings.ContainsAny(v, "\r\n") {
			return "", "", false
		}
		if name == "CN" {
			cn = v
		}
	}
	value, found = strings.CutPrefix(rest, ":")
	return cn, value, found
}
