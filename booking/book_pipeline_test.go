package booking_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// The booking transaction is pipelined; these cases pin what each of its statements decides.

func TestBookOneNewPersonTwiceAtOnceMakesOneClient(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, len(booking.SlotTimes))
	for i, hhmm := range booking.SlotTimes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = core.Book(ctx, booking.Request{Name: "Nour Saadi", Phone: "0550 11 22 33",
				Email: "nour@x.dz", Date: "2026-11-29", Time: hhmm})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("booking %d: %v", i, err)
		}
	}
	var clients, appointments int
	_ = pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM clients), (SELECT count(*) FROM appointments)`).
		Scan(&clients, &appointments)
	if clients != 1 || appointments != len(booking.SlotTimes) {
		t.Fatalf("%d clients and %d appointments, want 1 and %d", clients, appointments, len(booking.SlotTimes))
	}
}

func TestBookReplayAfterTheSlotClosedReturnsTheBooking(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	req := booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-30", Time: "10:00", IdempotencyKey: "k-closed"}
	first, err := core.Book(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE settings SET closed_dates = '{2026-11-30}'`); err != nil {
		t.Fatal(err)
	}
	again, err := core.Book(ctx, req)
	if err != nil || !again.Replayed || again.Appointment.ID != first.Appointment.ID {
		t.Fatalf("replay: %+v, %v", again, err)
	}
	req.IdempotencyKey = "k-other"
	var closed *booking.SlotClosedError
	if _, err := core.Book(ctx, req); !errors.As(err, &closed) {
		t.Fatalf("a new request for the closed day: %v", err)
	}
}

func TestBookForAnExistingClientByID(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	first, err := core.Book(ctx, booking.Request{Name: "Lina", Phone: "0661234567"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		clientID string
		wantErr  bool
	}{
		{"known client, other phone", first.Appointment.ClientID, false},
		{"unknown client", "6f1c2a4e-0000-4000-8000-000000000000", true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := core.Book(ctx, booking.Request{Name: "Lina B", Phone: fmt.Sprintf("07700000%02d", i),
				ClientID: tt.clientID, Source: booking.SourceConsole, Date: "2026-12-01", Time: booking.SlotTimes[i]})
			var v *booking.ValidationError
			switch {
			case tt.wantErr && (!errors.As(err, &v) || v.Fields["client_id"] != "not_found"):
				t.Fatalf("want client_id not_found, got %v", err)
			case !tt.wantErr && (err != nil || res.Appointment.ClientID != tt.clientID):
				t.Fatalf("got %+v, %v", res.Appointment, err)
			}
		})
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM clients`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d clients, want 1", n)
	}
}

func TestBookReleasesTheConnectionCleanAfterSlotTaken(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	req := func(phone string) booking.Request {
		return booking.Request{Name: "Visitor", Phone: phone, Date: "2026-12-02", Time: "09:00"}
	}
	if _, err := core.Book(ctx, req("0555000001")); err != nil {
		t.Fatal(err)
	}
	for i := range 30 { // more than the pool holds: a connection left in a transaction would show
		if _, err := core.Book(ctx, req(fmt.Sprintf("05550001%02d", i))); !errors.Is(err, booking.ErrSlotTaken) {
			t.Fatalf("attempt %d: %v", i, err)
		}
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Visitor", Phone: "0555000999", Date: "2026-12-02", Time: "10:00"}); err != nil {
		t.Fatal(err)
	}
}
