package calendars

import (
	"slices"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/teambition/rrule-go"

	"github.com/dota-agency/dota/booking"
)

// maxOccurrences bounds the expansion of one recurring event: a rule that would repeat
// past it (every minute since 1970) is read that far and no farther.
const maxOccurrences = 100_000

// busyRanges are the times the events of cals keep their owner busy within [from, to),
// clipped to it, merged where they overlap, in time order. An event marked free
// (TRANSP:TRANSPARENT) or cancelled blocks nothing; an all-day event blocks its days in
// the agency's zone (loc), as does a time without a zone; a recurring event blocks each
// of its occurrences (RRULE, RDATE, EXDATE, and the occurrences moved or cancelled by
// their own RECURRENCE-ID). Titles, places and attendees are never read.
func busyRanges(cals []*ics.Calendar, from, to time.Time, loc *time.Location) []booking.BusyRange {
	var out []booking.BusyRange
	add := func(start, end time.Time) {
		if start.Before(from) {
			start = from
		}
		if end.After(to) {
			end = to
		}
		if start.Before(end) {
			out = append(out, booking.BusyRange{Start: start.UTC(), End: end.UTC()})
		}
	}
	for _, cal := range cals {
		events := cal.Events()
		// Occurrences that have their own event (moved or cancelled), per UID.
		moved := map[string][]time.Time{}
		for _, ev := range events {
			if p := ev.GetProperty(ics.ComponentPropertyRecurrenceId); p != nil {
				if t, _, ok := propTime(p, loc); ok {
					uid := propValue(ev, ics.ComponentPropertyUniqueId)
					moved[uid] = append(moved[uid], t)
				}
			}
		}
		for _, ev := range events {
			if !blocks(ev) {
				continue
			}
			start, end, ok := eventTimes(ev, loc)
			if !ok {
				continue
			}
			rule := ev.GetProperty(ics.ComponentPropertyRrule)
			if rule == nil || ev.GetProperty(ics.ComponentPropertyRecurrenceId) != nil {
				add(start, end)
				continue
			}
			length := end.Sub(start)
			for _, at := range occurrences(ev, rule.Value, start, from.Add(-length), to, loc,
				moved[propValue(ev, ics.ComponentPropertyUniqueId)]) {
				add(at, at.Add(length))
			}
		}
	}
	return merge(out)
}

// blocks reports whether an event makes its owner busy: not free, not cancelled.
func blocks(ev *ics.VEvent) bool {
	if strings.EqualFold(propValue(ev, ics.ComponentPropertyTransp), string(ics.TransparencyTransparent)) {
		return false
	}
	return !strings.EqualFold(propValue(ev, ics.ComponentPropertyStatus), string(ics.ObjectStatusCancelled))
}

// eventTimes is an event's start and end: DTEND, else DTSTART plus DURATION, else a day
// for an all-day event; an event with neither end nor duration is an instant, which
// blocks nothing.
func eventTimes(ev *ics.VEvent, loc *time.Location) (time.Time, time.Time, bool) {
	p := ev.GetProperty(ics.ComponentPropertyDtStart)
	if p == nil {
		return time.Time{}, time.Time{}, false
	}
	start, allDay, ok := propTime(p, loc)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	if e := ev.GetProperty(ics.ComponentPropertyDtEnd); e != nil {
		end, _, ok := propTime(e, loc)
		return start, end, ok && start.Before(end)
	}
	if d := ev.GetProperty(ics.ComponentPropertyDuration); d != nil {
		if length, ok := parseDuration(d.Value); ok && length > 0 {
			if allDay && length%(24*time.Hour) == 0 {
				return start, start.AddDate(0, 0, int(length/(24*time.Hour))), true
			}
			return start, start.Add(length), true
		}
		return time.Time{}, time.Time{}, false
	}
	if allDay {
		return start, start.AddDate(0, 0, 1), true
	}
	return time.Time{}, time.Time{}, false
}

// occurrences are the starts of a recurring event's occurrences in (after, before), less
// those moved elsewhere.
func occurrences(ev *ics.VEvent, rule string, start, after, before time.Time, loc *time.Location, moved []time.Time) []time.Time {
	opt, err := rrule.StrToROptionInLocation(rule, start.Location())
	if err != nil {
		return []time.Time{start}
	}
	opt.Dtstart = start
	r, err := rrule.NewRRule(*opt)
	if err != nil {
		return []time.Time{start}
	}
	set := &rrule.Set{}
	set.RRule(r)
	for _, kind := range []ics.ComponentProperty{ics.ComponentPropertyExdate, ics.ComponentPropertyRdate} {
		for _, p := range ev.GetProperties(kind) {
			for _, t := range propTimes(p, start.Location(), loc) {
				if kind == ics.ComponentPropertyExdate {
					set.ExDate(t)
				} else {
					set.RDate(t)
				}
			}
		}
	}
	for _, t := range moved {
		set.ExDate(t)
	}
	var out []time.Time
	next := set.Iterator()
	for i := 0; i < maxOccurrences; i++ {
		t, ok := next()
		if !ok || !t.Before(before) {
			break
		}
		if t.After(after) {
			out = append(out, t)
		}
	}
	return out
}

// propTime reads a DATE or DATE-TIME property: in UTC ("Z"), in its TZID (an IANA or a
// Windows name, zoneOf), else (a floating time, an unknown zone, a date) in the agency's
// zone. allDay is a DATE.
func propTime(p *ics.IANAProperty, loc *time.Location) (t time.Time, allDay bool, ok bool) {
	zone := loc
	if tz := p.ICalParameters[string(ics.ParameterTzid)]; len(tz) == 1 {
		if l, ok := zoneOf(tz[0]); ok {
			zone = l
		}
	}
	return parseTime(strings.TrimSpace(p.Value), zone)
}

// propTimes reads a list property (EXDATE, RDATE: values separated by commas); a value
// with no zone of its own is in zone, the event's.
func propTimes(p *ics.IANAProperty, zone, loc *time.Location) []time.Time {
	if tz := p.ICalParameters[string(ics.ParameterTzid)]; len(tz) == 1 {
		if l, ok := zoneOf(tz[0]); ok {
			zone = l
		}
	}
	var out []time.Time
	for _, v := range strings.Split(p.Value, ",") {
		if t, _, ok := parseTime(strings.TrimSpace(v), zone); ok {
			out = append(out, t)
		}
	}
	return out
}

func parseTime(v string, zone *time.Location) (time.Time, bool, bool) {
	switch {
	case len(v) == 8:
		t, err := time.ParseInLocation("20060102", v, zone)
		return t, true, err == nil
	case len(v) == 16 && v[15] == 'Z':
		t, err := time.Parse("20060102T150405Z", v)
		return t, false, err == nil
	case len(v) == 15:
		t, err := time.ParseInLocation("20060102T150405", v, zone)
		return t, false, err == nil
	}
	return time.Time{}, false, false
}

// parseDuration reads an RFC 5545 duration (P1D, PT1H30M, P1W); a negative one is not
// an end.
func parseDuration(v string) (time.Duration, bool) {
	v = strings.TrimPrefix(strings.TrimSpace(v), "+")
	if !strings.HasPrefix(v, "P") {
		return 0, false
	}
	var d time.Duration
	n, inTime := 0, false
	for _, c := range v[1:] {
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
		case c == 'T':
			inTime = true
		case c == 'W':
			d += time.Duration(n) * 7 * 24 * time.Hour
			n = 0
		case c == 'D':
			d += time.Duration(n) * 24 * time.Hour
			n = 0
		case c == 'H' && inTime:
			d += time.Duration(n) * time.Hour
			n = 0
		case c == 'M' && inTime:
			d += time.Duration(n) * time.Minute
			n = 0
		case c == 'S' && inTime:
			d += time.Duration(n) * time.Second
			n = 0
		default:
			return 0, false
		}
	}
	return d, true
}

func propValue(ev *ics.VEvent, p ics.ComponentProperty) string {
	if prop := ev.GetProperty(p); prop != nil {
		return strings.TrimSpace(prop.Value)
	}
	return ""
}

// merge sorts ranges and joins those that overlap or touch.
func merge(rs []booking.BusyRange) []booking.BusyRange {
	slices.SortFunc(rs, func(a, b booking.BusyRange) int { return a.Start.Compare(b.Start) })
	var out []booking.BusyRange
	for _, r := range rs {
		if n := len(out); n > 0 && !r.Start.After(out[n-1].End) {
			if r.End.After(out[n-1].End) {
				out[n-1].End = r.End
			}
			continue
		}
		out = append(out, r)
	}
	return out
}
