package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// TestRequestHash: the hash names the booking asked for, however its values are spelled,
// and changes with any of them.
func TestRequestHash(t *testing.T) {
	t.Parallel()
	base := booking.Request{Name: "Amine Benali", Phone: "0555 12 34 56", Email: "amine@x.dz", Service: "Web",
		Date: "2026-11-24", Time: "10:00", Message: "Un site"}
	same := base
	same.Name, same.Phone, same.Email = "  Amine   Benali ", "+213 555 12 34 56", "Amine@X.dz"
	if booking.RequestHash(base) != booking.RequestHash(same) {
		t.Fatal("one booking spelled two ways has two hashes")
	}
	for name, change := range map[string]func(*booking.Request){
		"name":    func(r *booking.Request) { r.Name = "Lina Benali" },
		"phone":   func(r *booking.Request) { r.Phone = "0555 12 34 57" },
		"email":   func(r *booking.Request) { r.Email = "lina@x.dz" },
		"company": func(r *booking.Request) { r.Company = "Almas" },
		"service": func(r *booking.Request) { r.Service = "SEO" },
		"date":    func(r *booking.Request) { r.Date = "2026-11-25" },
		"time":    func(r *booking.Request) { r.Time = "11:00" },
		"message": func(r *booking.Request) { r.Message = "Autre" },
		"client":  func(r *booking.Request) { r.ClientID = "6f1c2a56-9d1e-4a53-9a55-2d5b7c0f1e11" },
		// Fields that run into each other must not make the same hash.
		"shifted": func(r *booking.Request) { r.Name, r.Email = "Amine Benaliamine@x.dz", "" },
	} {
		r := base
		change(&r)
		if booking.RequestHash(r) == booking.RequestHash(base) {
			t.Errorf("a different %s has the same hash", name)
		}
	}
}

// TestBookReusedKeyWithAnotherBodyIsRefused: a key that booked one person's request
// cannot return that booking to another request; the same request spelled otherwise is
// still a replay.
func TestBookReusedKeyWithAnotherBodyIsRefused(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	first, err := core.Book(ctx, booking.Request{Name: "Amine Benali", Phone: "0555 12 34 56", Email: "amine@x.dz",
		Date: "2026-11-24", Time: "10:00", IdempotencyKey: "shared-key"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := core.Book(ctx, booking.Request{Name: "Lina Kaci", Phone: "0770 11 22 33", Email: "lina@x.dz",
		Date: "2026-11-25", Time: "11:00", IdempotencyKey: "shared-key"})
	var reused *booking.IdempotencyConflictError
	if !errors.As(err, &reused) || !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("another body with the key: %+v, %v; want a conflict", res.Appointment, err)
	}
	if res.Appointment.ID != "" {
		t.Fatalf("another body got the first booking: %+v", res.Appointment)
	}
	if msg := reused.LocalizedMessage("en"); !strings.Contains(msg, "key") {
		t.Fatalf("message %q", msg)
	}
	// The same closed-slot path (a retry after the slot closed) is refused the same way.
	if _, err := pool.Exec(ctx, `UPDATE settings SET closed_dates = '{2026-11-25}'`); err != nil {
		t.Fatal(err)
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Lina Kaci", Phone: "0770 11 22 33",
		Date: "2026-11-25", Time: "11:00", IdempotencyKey: "shared-key"}); !errors.Is(err, booking.ErrSlotClosed) {
		t.Fatalf("another body for a closed day: %v, want slot_closed", err)
	}
	again, err := core.Book(ctx, booking.Request{Name: "Amine  Benali", Phone: "+213 555 12 34 56", Email: "AMINE@x.dz",
		Date: "2026-11-24", Time: "10:00", IdempotencyKey: "shared-key"})
	if err != nil || !again.Replayed || again.Appointment.ID != first.Appointment.ID {
		t.Fatalf("the same request spelled otherwise: %+v, %v", again, err)
	}
}

// TestInternalKeysAreOutOfClientsReach: a key Dota books with on its own (InternalKey)
// replays its booking as a client's key does, but no client key can name it: the stored
// form is refused as a client's key, and the same text as a client's key is another key.
func TestInternalKeysAreOutOfClientsReach(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	req := booking.Request{Name: "Amine Benali", Phone: "0555 12 34 56", Date: "2026-11-24", Time: "10:00",
		Source: booking.SourceChat, InternalKey: "chat-s1-0"}
	first, err := core.Book(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := core.Book(ctx, req); err != nil || !again.Replayed || again.Appointment.ID != first.Appointment.ID {
		t.Fatalf("the internal key again: %+v %v", again, err)
	}
	var stored string
	if err := pool.QueryRow(ctx, `SELECT idempotency_key FROM appointments WHERE id = $1`, first.Appointment.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if booking.CheckIdempotencyKey(stored) == "" {
		t.Errorf("the stored internal key %q is a valid client key", stored)
	}
	// The same text sent by a client is a key of its own: it books anew, another slot.
	other, err := core.Book(ctx, booking.Request{Name: "Lina Kaci", Phone: "0770 11 22 33", Date: "2026-11-25",
		Time: "11:00", IdempotencyKey: "chat-s1-0"})
	if err != nil || other.Replayed || other.Appointment.ID == first.Appointment.ID {
		t.Errorf("a client's key with the internal key's text: %+v %v", other, err)
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Lina Kaci", Phone: "0770 11 22 33", IdempotencyKey: "k",
		InternalKey: "chat-s1-1"}); err == nil {
		t.Error("a request with both keys was booked")
	}
}
