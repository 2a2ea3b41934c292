package booking

import (
	"context"
	"slices"
	"sort"
	"time"

	"github.com/dota-agency/dota/i18n"
)

// SlotTimes are the appointment slots of a business day, in the agency's time zone:
// 09:00 to 12:00 and 14:00 to 17:00.
var SlotTimes = []string{"09:00", "10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"}

// SlotLength is how long an appointment lasts: a slot is an hour.
const SlotLength = time.Hour

// AlternativesCount is how many free slots are offered when a choice is full or closed.
const AlternativesCount = 3

// alternativesHorizon is how many days ahead free slots are looked for.
const alternativesHorizon = 21

// IsBusinessDay reports whether the agency opens on that weekday: Sunday to Thursday.
func IsBusinessDay(d time.Weekday) bool { return d != time.Friday && d != time.Saturday }

// SlotLabel is a slot's time as lang writes it: on a 24-hour clock ("14:00") in French
// and Arabic, on a 12-hour one ("02:00 PM") in English. It is the one maker of slot labels.
func SlotLabel(hhmm, lang string) string {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		return hhmm
	}
	if i18n.OrDefault(lang) == "en" {
		return t.Format("03:04 PM")
	}
	return t.Format("15:04")
}

// LabelSlots returns refs with their labels written in lang.
func LabelSlots(refs []SlotRef, lang string) []SlotRef {
	out := make([]SlotRef, len(refs))
	for i, r := range refs {
		r.Label = SlotLabel(r.Time, lang)
		out[i] = r
	}
	return out
}

// Slot is one slot of a day.
type Slot struct {
	Time      string `json:"time"`
	Label     string `json:"label"`
	Free      bool   `json:"free"`
	Remaining int    `json:"remaining"`
	Past      bool   `json:"past,omitempty"`
}

// Day is a date with its slots. A closed day has no slots.
type Day struct {
	Date   string `json:"date"`
	Closed bool   `json:"closed"`
	Reason string `json:"reason,omitempty"` // closed_day, past or beyond_horizon
	// HorizonDays is the booking horizon a day beyond it lies past.
	HorizonDays int    `json:"horizon_days,omitempty"`
	Slots       []Slot `json:"slots"`
}

// ReasonText says in lang why a closed day cannot be booked.
func (d Day) ReasonText(lang string) string { return closedText(lang, d.Reason, d.HorizonDays) }

// HorizonDays is how many days ahead a slot may be booked: the setting, or its default
// when unset.
func (st Settings) HorizonDays() int {
	if st.BookingHorizonDays < 1 {
		return DefaultBookingHorizonDays
	}
	return st.BookingHorizonDays
}

// lastBookable is the last day of the booking horizon counted from today.
func (st Settings) lastBookable(today time.Time) time.Time {
	return today.AddDate(0, 0, st.HorizonDays())
}

// SlotRef names one slot.
type SlotRef struct {
	Date  string `json:"date"`
	Time  string `json:"time"`
	Label string `json:"label"`
}

// The years a date given by a person may fall in. Outside them a date is invalid: year
// 0000, which PostgreSQL has no such thing as, would otherwise fail in the database.
const (
	MinYear = 2000
	MaxYear = 2999
)

// ParseDate reads a YYYY-MM-DD date, of a year from MinYear to MaxYear, as midnight in
// loc. Every path that takes a date from a person (slots, bookings, the console's edits,
// the settings' closed dates) reads it here.
func ParseDate(date string, loc *time.Location) (time.Time, bool) {
	d, err := time.ParseInLocation(time.DateOnly, date, loc)
	return d, err == nil && d.Format(time.DateOnly) == date && d.Year() >= MinYear && d.Year() <= MaxYear
}

// Day returns the slots of date (YYYY-MM-DD) and which of them are free, labelled in lang;
// with consultants, free for the service and consultant f names (assign.go).
func (s *Core) Day(ctx context.Context, date, lang string, f ...SlotsFor) (Day, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Day{}, err
	}
	loc := st.Location()
	d, ok := ParseDate(date, loc)
	if !ok {
		v := &ValidationError{}
		v.Add("date", "date_invalid")
		return Day{}, v
	}
	avail, err := s.availability(ctx, st, date, date, slotsFor(f))
	if err != nil {
		return Day{}, err
	}
	return s.day(st, d, avail, lang), nil
}

func (s *Core) day(st Settings, d time.Time, avail *availability, lang string) Day {
	date := d.Format(time.DateOnly)
	day := Day{Date: date, Slots: []Slot{}}
	now := s.now().In(d.Location())
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, d.Location())
	switch {
	case d.Before(today):
		day.Closed, day.Reason = true, "past"
		return day
	case d.After(st.lastBookable(today)):
		day.Closed, day.Reason, day.HorizonDays = true, "beyond_horizon", st.HorizonDays()
		return day
	case !IsBusinessDay(d.Weekday()) || st.Closed(date):
		day.Closed, day.Reason = true, "closed_day"
		return day
	}
	for _, t := range SlotTimes {
		slot := Slot{Time: t, Label: SlotLabel(t, lang), Remaining: avail.remaining(st, SlotRef{Date: date, Time: t})}
		slot.Past = !slotStart(d, t).After(now)
		slot.Free = slot.Remaining > 0 && !slot.Past
		day.Slots = append(day.Slots, slot)
	}
	return day
}

func slotStart(d time.Time, hhmm string) time.Time {
	t, _ := time.Parse("15:04", hhmm)
	return time.Date(d.Year(), d.Month(), d.Day(), t.Hour(), t.Minute(), 0, 0, d.Location())
}

// takenCounts counts what holds each slot between two dates, inclusive: appointments,
// but not cancelled ones, and open waitlist offers (see heldSQL).
func (s *Core) takenCounts(ctx context.Context, from, to string) (map[SlotRef]int, error) {
	rows, err := s.db.Query(ctx, `SELECT to_char(date, 'YYYY-MM-DD'), time, count(*) FROM (
			SELECT date, time FROM appointments
			WHERE date BETWEEN $1::date AND $2::date AND status <> 'cancelled'
			UNION ALL
			SELECT date, time FROM waitlist
			WHERE date BETWEEN $1::date AND $2::date AND state = 'offered' AND hold_until > now()) h
		GROUP BY date, time`, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[SlotRef]int{}
	for rows.Next() {
		var r SlotRef
		var n int
		if err := rows.Scan(&r.Date, &r.Time, &n); err != nil {
			return nil, err
		}
		out[r] = n
	}
	return out, rows.Err()
}

// NearestFree returns up to n free slots closest in time to the wanted date and time
// (time may be empty), looking ahead three weeks, within the booking horizon, labelled
// in lang; with consultants, free for the service and consultant f names.
func (s *Core) NearestFree(ctx context.Context, date, hhmm string, n int, lang string, f ...SlotsFor) ([]SlotRef, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	loc := st.Location()
	now := s.now().In(loc)
	start, ok := ParseDate(date, loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	if !ok || start.Before(today) {
		start = today
	}
	if last := st.lastBookable(today); start.After(last) {
		start = last // the nearest bookable slots are at the end of the horizon
	}
	target := start
	if slices.Contains(SlotTimes, hhmm) {
		target = slotStart(start, hhmm)
	}
	// Look a few days back too, when they are still ahead of today.
	from := start.AddDate(0, 0, -3)
	if from.Before(today) {
		from = today
	}
	to := start.AddDate(0, 0, alternativesHorizon)
	avail, err := s.availability(ctx, st, from.Format(time.DateOnly), to.Format(time.DateOnly), slotsFor(f))
	if err != nil {
		return nil, err
	}
	type cand struct {
		ref  SlotRef
		dist time.Duration
	}
	var cands []cand
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		day := s.day(st, d, avail, lang)
		for _, sl := range day.Slots {
			if !sl.Free || (day.Date == date && sl.Time == hhmm) {
				continue
			}
			dist := slotStart(d, sl.Time).Sub(target)
			if dist < 0 {
				dist = -dist + time.Minute // prefer later over earlier at equal distance
			}
			cands = append(cands, cand{SlotRef{Date: day.Date, Time: sl.Time, Label: sl.Label}, dist})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].dist < cands[j].dist })
	out := []SlotRef{}
	for i := 0; i < len(cands) && i < n; i++ {
		out = append(out, cands[i].ref)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Date+out[i].Time < out[j].Date+out[j].Time })
	return out, nil
}
