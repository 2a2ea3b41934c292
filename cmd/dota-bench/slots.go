package main

import (
	"time"

	"github.com/dota-agency/dota/booking"
)

// slotGen hands out distinct bookable slots, one after the other: every slot of every
// business day (Sunday to Thursday) from a Sunday a few weeks ahead, so runs never meet
// a past or closed slot.
type slotGen struct {
	first time.Time
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
	d := now.In(algiers).AddDate(0, 0, 21)
	d = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, algiers)
	for d.Weekday() != time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return &slotGen{first: d}
}

// at is the i-th slot.
func (g *slotGen) at(i int64) (date, hhmm string) {
	per := int64(len(booking.SlotTimes))
	day := i / per
	d := g.first.AddDate(0, 0, int(day/5*7+day%5))
	return d.Format(time.DateOnly), booking.SlotTimes[i%per]
}

// next is the next unused slot.
func (g *slotGen) next() (date, hhmm string) { return g.at(g.c.next()) }
