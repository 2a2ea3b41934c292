package chatbot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// fullWeeks is the booking core when every slot of the next weeks is taken: no free slot
// is near any other.
type fullWeeks struct{ *booking.Core }

func (fullWeeks) NearestFree(context.Context, string, string, int, string, ...booking.SlotsFor) ([]booking.SlotRef, error) {
	return nil, nil
}

// takenSlotChat has 24 November 2026 at 11:00 for someone else and brings a French
// visitor, with their e-mail given, to choosing that slot.
func takenSlotChat(t *testing.T, e *Engine, core *booking.Core) *chat {
	t.Helper()
	if _, err := core.Book(context.Background(), booking.Request{Name: "Other Person", Phone: "0555000001",
		Date: "2026-11-24", Time: "11:00"}); err != nil && !errors.As(err, new(*booking.SlotTakenError)) {
		t.Fatal(err) // taken already by another test is as good
	}
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Sarah Benali", "sarah@exemple.dz", "0555 98 76 54", "passer", "application mobile"} {
		c.say(m)
	}
	c.say("24/11/2026 à 11h")
	return c
}

// The answer to a taken slot says it once: the slot is taken, here are the nearest free
// ones.
func TestTakenSlotIsSaidOnce(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	c := takenSlotChat(t, e, core)
	c.expect(StepTime, "Ce créneau vient d'être réservé", "mardi 24 novembre 2026 à 10:00")
	if n := strings.Count(c.text(), "les plus proches"); n != 1 {
		t.Fatalf("the nearest free slots are announced %d times: %q", n, c.text())
	}
}

// With no free slot near the taken one, Dota says so instead of announcing slots it does
// not list, and offers a way on: the slot's waitlist, or another day.
func TestTakenSlotWithNoneNearOffersAWayOn(t *testing.T) {
	base, core := newEngine(t, sundayMorning, Config{})
	e := New(fullWeeks{core}, pool, base.rdb, base.cfg, WithClock(base.now), WithLogger(quiet))
	c := takenSlotChat(t, e, core)
	c.expect(StepTime, "Ce créneau vient d'être réservé", "liste d'attente", "sarah@exemple.dz", "un autre jour")
	if strings.Contains(c.text(), "plus proches") {
		t.Fatalf("slots announced, none listed: %q", c.text())
	}
	if qr := c.quickValues(); !slices.Contains(qr, "Oui") || !slices.Contains(qr, "Non") {
		t.Fatalf("quick replies %v", qr)
	}
	c.say("oui")
	c.expect(StepTime, "vous êtes sur la liste d'attente", "un autre jour")
	if strings.Contains(c.text(), "plus proches") {
		t.Fatalf("slots announced, none listed: %q", c.text())
	}
	// Another day, further on, is read at once.
	c.say("le 15 décembre à 10h")
	c.expect(StepConfirm, "15 décembre")

	// Without a waitlist to offer (the visitor said no to it), another day is asked for.
	c = takenSlotChat(t, e, core)
	c.say("non")
	c.expect(StepTime, "un autre jour")
	if strings.Contains(c.text(), "plus proches") || strings.Contains(c.text(), "liste d'attente ?") {
		t.Fatalf("after declining the waitlist: %q", c.text())
	}
}
