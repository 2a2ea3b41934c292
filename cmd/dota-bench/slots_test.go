package main

import (
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestSlotGenGivesDistinctBusinessSlots(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	g := newSlotGen(now)
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		date, hhmm := g.next()
		d, err := time.ParseInLocation(time.DateOnly, date, algiers)
		if err != nil {
			t.Fatal(err)
		}
		if !booking.IsBusinessDay(d.Weekday()) {
			t.Fatalf("slot %d on %s, a %s", i, date, d.Weekday())
		}
		if !d.After(now.AddDate(0, 0, 20)) {
			t.Fatalf("slot %d on %s is too close to now", i, date)
		}
		if seen[date+hhmm] {
			t.Fatalf("slot %s %s handed out twice", date, hhmm)
		}
		seen[date+hhmm] = true
	}
}

func TestSlotGenStaysInTheHorizonAndApartFromTheRace(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	g := newSlotGen(now)
	last := now.AddDate(0, 0, benchHorizonDays).Format(time.DateOnly)
	race := map[string]bool{}
	for i := 0; i < raceReserve; i++ {
		date, hhmm := g.race(i)
		race[date+hhmm] = true
	}
	for i := int64(0); i < 2*g.count; i++ {
		date, hhmm := g.next()
		if date > last {
			t.Fatalf("slot %d on %s, past the horizon's %s", i, date, last)
		}
		if race[date+hhmm] {
			t.Fatalf("slot %d (%s %s) is one of the race's", i, date, hhmm)
		}
	}
}
