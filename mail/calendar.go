package mail

import (
	netmail "net/mail"
	"strings"
	"unicode"

	ics "github.com/arran4/golang-ical"
)

// CalendarFilename is the name of the attached calendar file.
const CalendarFilename = "invite.ics"

// Calendar writes the RFC 5545 file of an appointment message: one event whose UID is
// stable for the appointment (<id>@<public host>), whose SEQUENCE is in.Sequence, with
// times in UTC; METHOD:REQUEST, or METHOD:CANCEL and STATUS:CANCELLED for a cancellation.
// A waitlist offer has no calendar file.
func (r *Renderer) Calendar(in Input) (Attachment, error) {
	if err := in.check(); err != nil {
		return Attachment{}, err
	}
	if in.Kind == KindWaitlistOffer || in.Start.IsZero() {
		return Attachment{}, invalid("a waitlist offer or a request with no slot has no calendar file")
	}
	to, err := in.recipient()
	if err != nil {
		return Attachment{}, err
	}
	return r.calendar(in, catalogues[language(in.Lang)], r.sender(in.Agency), to), nil
}

// calendar builds the file for input already checked.
func (r *Renderer) calendar(in Input, c *catalogue, from, to netmail.Address) Attachment {
	method := ics.MethodRequest
	if in.Kind == KindCancelled {
		method = ics.MethodCancel
	}
	cal := ics.NewCalendarFor("Dota")
	cal.SetProductId("-//Dota//Appointments//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(method)

	ev := r.event(cal, in, eventText{
		summary:     fill(c.EventSummary, map[string]string{"service": in.Service, "agency": in.Agency.Name}),
		location:    location(in, c),
		description: description(in, c),
		url:         in.ManageURL,
	})
	organizer := organizerOf(in.Agency, from)
	ev.SetOrganizer(organizer.Address)
	// The customer asked for the appointment: accepted, and no reply is expected.
	ev.AddAttendee(to.Address, ics.ParticipationRoleReqParticipant, ics.ParticipationStatusAccepted, noRSVP)
	for i := range ev.Properties {
		switch ev.Properties[i].IANAToken {
		case string(ics.ComponentPropertyOrganizer):
			withCN(&ev.Properties[i], organizer.Name)
		case string(ics.ComponentPropertyAttendee):
			withCN(&ev.Properties[i], to.Name)
		}
	}

	// RFC 5545 lines end in CRLF; the library folds them at 75 octets.
	data := cal.Serialize(ics.WithNewLineWindows)
	return Attachment{
		Filename:    CalendarFilename,
		ContentType: "text/calendar; method=" + strings.ToUpper(string(method)) + "; charset=utf-8",
		Data:        []byte(data),
	}
}

// eventText is what an event says, which differs between the customer's file and a
// consultant's feed.
type eventText struct {
	summary, location, description, url string
}

// event adds an appointment's event to cal: its UID (stable for the appointment:
// <id>@<public host>), SEQUENCE, times in UTC, the texts, a video meeting's CONFERENCE
// (RFC 7986) and STATUS:CANCELLED for a cancelled one. It is the one maker of an
// appointment's event, for the file of a message and for a consultant's feed.
func (r *Renderer) event(cal *ics.Calendar, in Input, t eventText) *ics.VEvent {
	ev := cal.AddEvent(in.AppointmentID + "@" + r.uidHost)
	ev.SetDtStampTime(r.Now())
	ev.SetSequence(in.Sequence)
	ev.SetStartAt(in.Start) // written in UTC ("Z") by the library
	ev.SetEndAt(in.Start.Add(in.Duration))
	ev.SetSummary(t.summary)
	if t.location != "" {
		ev.SetLocation(t.location)
	}
	if in.video() {
		// RFC 7986: the link calendar clients offer to join the call with.
		ev.AddProperty(ics.ComponentProperty("CONFERENCE"), in.MeetingURL, ics.WithValue("URI"),
			&ics.KeyValues{Key: "FEATURE", Value: []string{"VIDEO"}})
	}
	if t.description != "" {
		ev.SetDescription(t.description)
	}
	if t.url != "" {
		ev.SetURL(t.url)
	}
	if in.Kind == KindCancelled {
		ev.SetStatus(ics.ObjectStatusCancelled)
	}
	return ev
}

// location is the event's LOCATION: the agency's address for a meeting at the office,
// the link for a video one, "by phone" for a phone one.
func location(in Input, c *catalogue) string {
	switch {
	case in.video():
		return in.MeetingURL
	case in.Mode == ModePhone:
		return fill(c.EventPhone, map[string]string{"agency": in.Agency.Name})
	case in.atOffice():
		return in.Agency.Address
	}
	return ""
}

// description is the event's DESCRIPTION: how the meeting happens (with the link of a
// video one), then the manage link.
func description(in Input, c *catalogue) string {
	var lines []string
	if in.Mode != "" {
		lines = append(lines, c.Labels["mode"]+c.Colon+" "+c.Modes[in.Mode])
	}
	if in.video() {
		lines = append(lines, c.Labels["video_link"]+c.Colon+" "+in.MeetingURL)
	}
	if in.ManageURL != "" {
		lines = append(lines, fill(c.EventDescription, map[string]string{"link": in.ManageURL}))
	}
	return strings.Join(lines, "\n")
}

// organizerOf is who organizes the event: the agency, at its contact address, which
// replies reach; the sender (often a no-reply one) only when the agency has no address.
func organizerOf(a Agency, from netmail.Address) netmail.Address {
	if addr, err := netmail.ParseAddress(a.Email); err == nil && a.Email != "" {
		name := a.Name
		if name == "" {
			name = from.Name
		}
		return netmail.Address{Name: name, Address: addr.Address}
	}
	return from
}

// noRSVP is RSVP=FALSE written as RFC 5545 spells it (the library writes "false").
var noRSVP = &ics.KeyValues{Key: string(ics.ParameterRsvp), Value: []string{"FALSE"}}

// withCN names a calendar user (an ORGANIZER or ATTENDEE property) when there is a name,
// as a quoted string. RFC 5545 has no backslash escape in a parameter value, which is how
// the library writes one: a name holding ':' or ';' would end the parameter, and what
// follows would be read as the address. The parameter goes after the property's name,
// which the library writes as it is (its own parameters follow, sorted).
func withCN(p *ics.IANAProperty, name string) {
	if strings.TrimSpace(name) == "" {
		return
	}
	p.IANAToken += `;CN="` + quotedParam(name) + `"`
}

// paramEscapes are RFC 6868's: inside a quoted parameter value, a double quote is ^', a
// line break ^n and a caret ^^.
var paramEscapes = strings.NewReplacer("^", "^^", `"`, "^'", "\r\n", "^n", "\n", "^n", "\r", "^n")

// quotedParam is s as the inside of a quoted parameter value (QSAFE-CHAR: any character
// but a control one and the double quote), with RFC 6868's escapes; other control
// characters are dropped.
func quotedParam(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\t' {
			return -1
		}
		return r
	}, paramEscapes.Replace(s))
}
