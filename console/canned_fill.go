package console

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/i18n"
)

// manageLinks makes manage links, which the booking core owns (booking/manage.go).
type manageLinks interface {
	ManageLink(ctx context.Context, appointmentID, lang string) (string, error)
}

// Visit is what a conversation gives a canned reply's variables.
type Visit struct {
	Lang string // the conversation's language
	Name string // the visitor's name, as they gave it
	// AppointmentIDs are the appointments the conversation booked.
	AppointmentIDs []string
}

// FilledReply is a canned reply filled for one conversation, ready for staff to read over
// and send.
type FilledReply struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// Lang is the language of the text: the conversation's, else the first the reply has
	// of English, French and Arabic.
	Lang string `json:"lang"`
	Text string `json:"text"`
	// Missing names the variables no value was found for: they stay in the text, in
	// braces, for staff to fill rather than reach the visitor blank.
	Missing []string `json:"missing"`
}

// FillCannedReply fills a canned reply for a conversation: {first_name} with the
// visitor's first name, {date} and {service} with those of the appointment the
// conversation booked, {manage_link} with a manage link made now for that appointment.
// Only the variables the text holds are looked up, so a link is made only when one is
// inserted.
func (c *Console) FillCannedReply(ctx context.Context, id string, v Visit) (FilledReply, error) {
	r, err := c.CannedReply(ctx, id)
	if err != nil {
		return FilledReply{}, err
	}
	lang, text := textFor(r.Texts, v.Lang)
	out := FilledReply{ID: r.ID, Title: r.Title, Lang: lang, Missing: []string{}}
	used := map[string]bool{}
	for _, m := range variable.FindAllStringSubmatch(text, -1) {
		used[m[1]] = true
	}
	var ap *booking.Appointment
	if used["first_name"] || used["date"] || used["service"] || used["manage_link"] {
		if ap, err = c.visitAppointment(ctx, v.AppointmentIDs); err != nil {
			return out, err
		}
	}
	values := map[string]string{}
	name := v.Name
	if ap != nil && strings.TrimSpace(ap.Name) != "" {
		name = ap.Name
	}
	if f := strings.Fields(name); len(f) > 0 {
		values["first_name"] = f[0]
	}
	if ap != nil {
		values["date"] = dateFor(lang, ap.Date, ap.Time)
		if used["service"] && ap.Service != "" {
			titles, err := c.reader.ServiceTitles(ctx)
			if err != nil {
				return out, err
			}
			values["service"] = titles(ap.Service, lang)
		}
		if used["manage_link"] {
			link, err := c.links.ManageLink(ctx, ap.ID, lang)
			switch {
			case err == nil:
				values["manage_link"] = link
			case !errors.Is(err, booking.ErrNotFound): // over or cancelled: no link to give
				return out, err
			}
		}
	}
	var pairs []string
	for _, name := range CannedVariables {
		if !used[name] {
			continue
		}
		if values[name] == "" {
			out.Missing = append(out.Missing, name)
			continue
		}
		pairs = append(pairs, name, values[name])
	}
	out.Text = i18n.Fill(text, pairs...)
	return out, nil
}

// textFor is the reply's text in lang, else in the first language it has of English,
// French and Arabic, with the language used.
func textFor(texts map[string]string, lang string) (string, string) {
	for _, l := range append([]string{i18n.OrDefault(lang)}, "en", "fr", "ar") {
		if t := texts[l]; t != "" {
			return l, t
		}
	}
	return i18n.OrDefault(lang), ""
}

// visitAppointment is the appointment a conversation's variables speak of: the newest it
// booked that is not cancelled, else the newest; nil when it booked none (or they were
// deleted since).
func (c *Console) visitAppointment(ctx context.Context, ids []string) (*booking.Appointment, error) {
	var best *booking.Appointment
	for _, id := range ids {
		a, err := c.reader.Appointment(ctx, id)
		if errors.Is(err, booking.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if best == nil || better(a, *best) {
			best = &a
		}
	}
	return best, nil
}

// better reports whether a is the appointment to speak of rather than b.
func better(a, b booking.Appointment) bool {
	if ac, bc := a.Status == booking.StatusCancelled, b.Status == booking.StatusCancelled; ac != bc {
		return bc
	}
	return a.CreatedAt.After(b.CreatedAt)
}

// dateFor writes an appointment's day and time for a person in lang ("jeudi 26 novembre
// 2026 à 10:00"); "" without a day.
func dateFor(lang, date, hhmm string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	args := []string{"weekday", i18n.Weekday(lang, d.Weekday()), "day", strconv.Itoa(d.Day()),
		"month", i18n.Month(lang, d.Month()), "year", strconv.Itoa(d.Year()), "time", hhmm}
	if hhmm == "" {
		return Text(lang, "canned_day", args...)
	}
	return Text(lang, "canned_day_time", args...)
}
