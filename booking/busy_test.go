package booking_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/migrations/testdb"
)

// busyConsultant is a consultant of their own for a busy-range test.
func busyConsultant(t *testing.T) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `INSERT INTO admin_users (email, role, password_hash)
		VALUES ($1, 'editor', 'x') RETURNING id::text`, testdb.RandomHex(6)+"@busy.dota.test").Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(context.Background(), `INSERT INTO consultants (user_id, name) VALUES ($1, 'Busy')`, id); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = pool.Exec(context.Background(), `DELETE FROM admin_users WHERE id = $1`, id) })
	return id
}

// A new read of a consultant's calendar replaces what the last one found within its
// window, keeps what lies after it, and drops what is over; empty ranges are left out.
func TestReplaceBusyReplacesTheWindow(t *testing.T) {
	ctx := context.Background()
	core := newCore(t, sundayMorning)
	user := busyConsultant(t)
	from := sundayMorning
	to := from.Add(48 * time.Hour)
	h := func(n int) time.Time { return from.Add(time.Duration(n) * time.Hour) }
	if err := core.ReplaceBusy(ctx, user, from.Add(-72*time.Hour), h(200), []booking.BusyRange{
		{Start: h(-30), End: h(-29)}, // over
		{Start: h(2), End: h(3)},     // in the window
		{Start: h(100), End: h(101)}, // after it
	}); err != nil {
		t.Fatal(err)
	}
	if err := core.ReplaceBusy(ctx, user, from, to, []booking.BusyRange{
		{Start: h(5), End: h(6)},
		{Start: h(7), End: h(7)}, // empty
	}); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT starts_at FROM consultant_busy WHERE user_id = $1 ORDER BY starts_at`, user)
	if err != nil {
		t.Fatal(err)
	}
	var starts []time.Time
	for rows.Next() {
		var s time.Time
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s)
	}
	if rows.Err() != nil || len(starts) != 2 || !starts[0].Equal(h(5)) || !starts[1].Equal(h(100)) {
		t.Fatalf("busy from %v", starts)
	}
	if n, err := core.BusyCount(ctx, user, from); err != nil || n != 2 {
		t.Fatalf("count %d %v", n, err)
	}
	if err := core.ReplaceBusy(ctx, "0b0b0b0b-0000-4000-8000-000000000000", from, to,
		[]booking.BusyRange{{Start: h(1), End: h(2)}}); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("who is no consultant: %v", err)
	}
}
