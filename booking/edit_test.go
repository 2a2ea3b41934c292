package booking_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

func ptr(s string) *string { return &s }

func TestTwoMovesIntoOneFreeSlotOneWins(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	// Each round: two appointments of the day move at once into its free 17:00 slot.
	for round, date := range []string{"2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-29"} {
		var ids []string
		for i, hhmm := range []string{"09:00", "10:00"} {
			res, err := core.Book(ctx, booking.Request{Name: "Mover Test", Phone: fmt.Sprintf("05560%d%d000", round, i),
				Date: date, Time: hhmm})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, res.Appointment.ID)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, len(ids))
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = core.Edit(ctx, id, booking.Change{Time: ptr("17:00")}, "staff@dota.test")
			}()
		}
		close(start)
		wg.Wait()
		won, lost := 0, 0
		for _, err := range errs {
			var taken *booking.SlotTakenError
			switch {
			case err == nil:
				won++
			case errors.As(err, &taken) && len(taken.Alternatives) > 0:
				lost++
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM appointments WHERE date = $1::date AND time = '17:00'
			AND status <> 'cancelled'`, date).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if won != 1 || lost != 1 || n != 1 {
			t.Fatalf("round %d: %d won, %d lost, %d holders of a slot of capacity 1", round, won, lost, n)
		}
	}
}

func TestAMoveAndABookingOfOneFreeSlotOneWins(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	res, err := core.Book(ctx, booking.Request{Name: "Mover Test", Phone: "0557000001", Date: "2026-11-23", Time: "09:00"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	var moveErr, bookErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		<-start
		_, moveErr = core.Edit(ctx, res.Appointment.ID, booking.Change{Time: ptr("16:00")}, "staff@dota.test")
	}()
	go func() {
		defer wg.Done()
		<-start
		_, bookErr = core.Book(ctx, booking.Request{Name: "Booker Test", Phone: "0557000002", Date: "2026-11-23", Time: "16:00"})
	}()
	close(start)
	wg.Wait()
	if (moveErr == nil) == (bookErr == nil) {
		t.Fatalf("move: %v, booking: %v", moveErr, bookErr)
	}
	for _, err := range []error{moveErr, bookErr} {
		if err != nil && !errors.Is(err, booking.ErrSlotTaken) {
			t.Fatalf("the loser: %v", err)
		}
	}
}

func TestSetStatusCountsTheWholeSelection(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	var ids []string
	for i := range 2 {
		res, err := core.Book(ctx, booking.Request{Name: "Bulk Test", Phone: fmt.Sprintf("055800000%d", i), Date: "2026-11-24", Time: "09:00"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, res.Appointment.ID)
		if _, err := core.SetStatus(ctx, ids[i:], booking.StatusCancelled, "staff@dota.test"); err != nil {
			t.Fatal(err)
		}
	}
	_, err := core.SetStatus(ctx, ids, "confirmed", "staff@dota.test")
	var refused *booking.SlotsRefusedError
	if !errors.As(err, &refused) || len(refused.Refused) != 2 || !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("two returns into one free slot of capacity 1: %v", err)
	}
	if list, err := core.SetStatus(ctx, ids[:1], "confirmed", "staff@dota.test"); err != nil || len(list) != 1 {
		t.Fatalf("one return: %v %v", list, err)
	}
}
