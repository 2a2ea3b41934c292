package mail

import (
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// FeedEvent is one appointment of a consultant's calendar feed.
type FeedEvent struct {
	AppointmentID string
	Sequence      int
	Cancelled     bool
	Service       string
	Start         time.Time
	Duration      time.Duration
	// The prospect: the feed is the consultant's own, so it names whom they meet.
	Name  string
	Email string
	Phone string
	// Mode and MeetingURL as in Input.
	Mode       string
	MeetingURL string
	// ConsoleURL opens the appointment in the console.
	ConsoleURL string
}

// Feed is a consultant's calendar feed: their appointments, which their own calendar
// (Google, Outlook, Apple) subscribes to.
type Feed struct {
	Lang       string // the texts' language; French when not fr, en or ar
	Consultant string // their name, in the calendar's name
	Agency     Agency
	Events     []FeedEvent
}

// FeedContentType is the feed's media type.
const FeedContentType = "text/calendar; charset=utf-8"

// Feed writes a consultant's feed as an RFC 5545 file: no METHOD (a published calendar,
// not an invitation), X-WR-CALNAME, and one event per appointment made by the same maker
// as the customers' files (same UID and SEQUENCE), its SUMMARY naming the service and
// the prospect; a cancelled appointment stays as STATUS:CANCELLED, so that a calendar
// that keeps what it read removes it.
func (r *Renderer) Feed(f Feed) []byte {
	c := catalogues[language(f.Lang)]
	cal := ics.NewCalendarFor("Dota")
	cal.SetProductId("-//Dota//Consultant feed//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetXWRCalName(fill(c.FeedName, map[string]string{"agency": f.Agency.Name, "name": f.Consultant}))
	for _, e := range f.Events {
		in := Input{Kind: KindConfirmation, AppointmentID: e.AppointmentID, Sequence: e.Sequence, Service: e.Service,
			Start: e.Start, Duration: e.Duration, Mode: e.Mode, MeetingURL: e.MeetingURL, Agency: f.Agency}
		if e.Cancelled {
			in.Kind = KindCancelled
		}
		r.event(cal, in, eventText{
			summary:     fill(c.FeedSummary, map[string]string{"service": e.Service, "name": e.Name}),
			location:    feedLocation(in, e, c),
			description: feedDescription(in, e, c),
			url:         e.ConsoleURL,
		})
	}
	return []byte(cal.Serialize(ics.WithNewLineWindows))
}

// feedLocation is where the consultant meets the prospect: the office's address, the
// video link, or the number to call.
func feedLocation(in Input, e FeedEvent, c *catalogue) string {
	if in.Mode == ModePhone && e.Phone != "" {
		return fill(c.FeedPhone, map[string]string{"phone": e.Phone})
	}
	return location(in, c)
}

// feedDescription is the prospect's contact, the video link and the console's link.
func feedDescription(in Input, e FeedEvent, c *catalogue) string {
	var lines []string
	if contact := strings.TrimSpace(strings.Join(nonEmpty(e.Email, e.Phone), ", ")); contact != "" {
		lines = append(lines, c.Labels["contact"]+c.Colon+" "+contact)
	}
	if in.video() {
		lines = append(lines, c.Labels["video_link"]+c.Colon+" "+in.MeetingURL)
	}
	if e.ConsoleURL != "" {
		lines = append(lines, e.ConsoleURL)
	}
	return strings.Join(lines, "\n")
}

func nonEmpty(values ...string) []string {
	var out []string
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}
