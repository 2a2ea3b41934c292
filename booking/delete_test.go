package booking_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// recorder is a booking.Publisher that keeps what it is given.
type recorder struct {
	mu     sync.Mutex
	events []booking.Event
}

func (r *recorder) Publish(_ context.Context, e booking.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func TestDeleteAppointmentsPublishesOneEventPerAppointment(t *testing.T) {
	reset(t)
	ctx := context.Background()
	rec := &recorder{}
	core := booking.New(pool, booking.WithPublisher(rec))
	var ids []string
	if err := pool.QueryRow(ctx, `WITH a AS (INSERT INTO appointments (name) SELECT 'Delete ' || i
		FROM generate_series(1, 23) i RETURNING id::text) SELECT array_agg(id) FROM a`).Scan(&ids); err != nil {
		t.Fatal(err)
	}
	unknown := "00000000-0000-4000-8000-000000000000"
	deleted, err := core.DeleteAppointments(ctx, []string{ids[0], ids[1], unknown})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(deleted)
	want := []string{ids[0], ids[1]}
	slices.Sort(want)
	if !slices.Equal(deleted, want) {
		t.Fatalf("deleted %v, want %v", deleted, want)
	}
	var named []string
	for _, e := range rec.events {
		if e.Kind != booking.EventAppointmentDeleted || len(e.IDs) != 1 {
			t.Fatalf("event %+v, want one %s naming one appointment", e, booking.EventAppointmentDeleted)
		}
		named = append(named, e.IDs[0])
	}
	slices.Sort(named)
	if !slices.Equal(named, want) {
		t.Fatalf("events named %v, want %v", named, want)
	}

	// Nothing removed, nothing published; a bulk beyond the limit is one event naming all.
	rec.events = nil
	if _, err := core.DeleteAppointments(ctx, []string{unknown}); err != nil || len(rec.events) != 0 {
		t.Fatalf("deleting nothing: %v, events %+v", err, rec.events)
	}
	rest := ids[2:]
	if deleted, err = core.DeleteAppointments(ctx, rest); err != nil || len(deleted) != len(rest) {
		t.Fatalf("bulk: %d deleted, %v", len(deleted), err)
	}
	if len(rec.events) != 1 || len(rec.events[0].IDs) != len(rest) {
		t.Fatalf("bulk of %d: events %+v, want one naming them all", len(rest), rec.events)
	}
}
