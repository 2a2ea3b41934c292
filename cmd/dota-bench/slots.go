package main

import (
	"context"
	"time"

	"github.com/dota-agency/dota/booking"
)

// The bench books far more appointments than a booking horizon holds at capacity 1 (the
// form row alone makes thousands a second), so its database takes the widest horizon and
// the largest capacity the settings allow, and the slots go round: a slot takes a second
// booking only after every other slot of the horizon has taken one. The race row, which
// proves a full slot refuses the rest, sets the capacity to 1 for its run and uses slots
// kept apart for it.
const (
	benchHorizonDays = booking.MaxBookingHorizonDays
	benchCapacity    = booking.MaxSlotCapacity
	// raceReserve is how many of the first slots only the race row uses.
	raceReserve = 64
)

// benchSettings is the statement that sets the bench database's horizon and capacity.
// The team is always in (the agency profile's hours, which the seed set to the demo
// agency's): a hand-off waits for staff whenever the bench runs.
const benchSettings = `UPDATE settings SET booking_horizon_days = $1, slot_capacity = $2,
	agency = agency || '{"hours": {"days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"], "opens": "00:00", "closes": "24:00"}}'
	WHERE id = 1`

// slotGen hands out bookable slots: every slot of every business day (Sunday to
// Thursday) from a Sunday a few weeks ahead to the end of the horizon, so runs never meet
// a past, closed or out-of-horizon slot.
type slotGen struct {
	first time.Time
	count int64 // the slots of the horizon from first
	c     counter
}

var algiers = func() *time.Location {
	loc, err := time.LoadLocation("Africa/Algiers")
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return loc
}()

func newSlotGen(now time.Time) *slotGen {
	today := now.In(algiers)
	d := today.AddDate(0, 0, 21)
	d = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, algiers)
	for d.Weekday() != time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	g := &slotGen{first: d}
	// A week short of the horizon: a run that crosses midnight stays inside it.
	last := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, algiers).AddDate(0, 0, benchHorizonDays-7)
	weeks := int64(last.Sub(d).Hours()/24) / 7
	g.count = weeks * 5 * int64(len(booking.SlotTimes))
	return g
}

// at is the i-th slot.
func (g *slotGen) at(i int64) (date, hhmm string) {
	per := int64(len(booking.SlotTimes))
	day := i / per
	d := g.first.AddDate(0, 0, int(day/5*7+day%5))
	return d.Format(time.DateOnly), booking.SlotTimes[i%per]
}

// next is the next slot in the round, past the race's reserve.
func (g *slotGen) next() (date, hhmm string) {
	return g.at(raceReserve + g.c.next()%(g.count-raceReserve))
}

// race is the i-th slot of the race's reserve.
func (g *slotGen) race(i int) (date, hhmm string) { return g.at(int64(i % raceReserve)) }

// setCapacity changes the bench database's slot capacity, keeping its horizon.
func (e *env) setCapacity(ctx context.Context, capacity int) error {
	_, err := e.db.Exec(ctx, benchSettings, benchHorizonDays, capacity)
	return err
}
