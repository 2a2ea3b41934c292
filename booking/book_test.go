package booking_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestBookCreatesPendingAppointmentClientAndNotification(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	res, err := core.Book(ctx, booking.Request{Name: "  Amine   Benali Saïd ", Phone: "0555 12 34 56",
		Email: "Amine@Example.DZ", Company: "Almas", Date: "2026-11-24", Time: "10:00", Service: "web development"})
	if err != nil {
		t.Fatal(err)
	}
	a := res.Appointment
	if a.Status != "pending" || a.Source != "form" || a.Email != "amine@example.dz" || a.Name != "Amine Benali Saïd" {
		t.Fatalf("unexpected appointment %+v", a)
	}
	var prenom, nom, numero1 string
	var numero2, company *string
	err = pool.QueryRow(ctx, `SELECT prenom, nom, numero_1, numero_2, nom_entreprise FROM clients WHERE id = $1`, a.ClientID).
		Scan(&prenom, &nom, &numero1, &numero2, &company)
	if err != nil {
		t.Fatal(err)
	}
	if prenom != "Amine" || nom != "Benali Saïd" || numero1 != "0555 12 34 56" || numero2 != nil || *company != "Almas" {
		t.Fatalf("client %q %q %q %v %v", prenom, nom, numero1, numero2, company)
	}
	if res.Notification.Type != "appointment" || res.Notification.AppointmentID != a.ID {
		t.Fatalf("notification %+v", res.Notification)
	}
}

func TestBookMatchesExistingClientByEmailOrPhone(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	first, err := core.Book(ctx, booking.Request{Name: "Lina", Phone: "0661234567", Email: "lina@x.dz"})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []booking.Request{
		{Name: "Lina K", Phone: "0770000000", Email: "LINA@X.DZ"},
		{Name: "Lina K", Phone: "066 123 45 67"},
	} {
		res, err := core.Book(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Appointment.ClientID != first.Appointment.ClientID {
			t.Errorf("%+v made a new client", r)
		}
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM clients`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d clients, want 1", n)
	}
}

// The chat may book with an e-mail alone; two such visitors are two clients, and the form
// still needs a phone.
func TestChatBooksWithAnEmailAlone(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	for _, email := range []string{"sara@x.dz", "nour@x.dz"} {
		if _, err := core.Book(ctx, booking.Request{Name: "Sara Mokrani", Email: email, Source: booking.SourceChat}); err != nil {
			t.Fatal(err)
		}
	}
	var clients int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM clients WHERE numero_1_e164 IS NULL`).Scan(&clients)
	if clients != 2 {
		t.Fatalf("%d clients without a phone, want 2", clients)
	}
	for _, r := range []booking.Request{
		{Name: "Sara Mokrani", Email: "sara@x.dz", Source: booking.SourceForm},
		{Name: "Sara Mokrani", Source: booking.SourceChat},
	} {
		var v *booking.ValidationError
		if _, err := core.Book(ctx, r); !errors.As(err, &v) || v.Fields["phone"] != "required" {
			t.Errorf("%+v: %v, want the phone required", r, err)
		}
	}
}

func TestBookUnknownFallbackNames(t *testing.T) {
	t.Parallel()
	for full, want := range map[string][2]string{
		"Amine":          {"Amine", "Unknown"},
		"Amine Ben Ali":  {"Amine", "Ben Ali"},
		"   ":            {"Unknown", "Unknown"},
		"نور الهدى سالم": {"نور", "الهدى سالم"},
	} {
		p, n := booking.SplitName(full)
		if p != want[0] || n != want[1] {
			t.Errorf("SplitName(%q) = %q, %q", full, p, n)
		}
	}
}

func TestBookValidation(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	cases := []struct {
		req    booking.Request
		fields []string
	}{
		{booking.Request{Phone: "0555123456"}, []string{"name"}},
		{booking.Request{Name: "Amine"}, []string{"phone"}},
		{booking.Request{Name: "Amine", Phone: "12"}, []string{"phone"}},
		{booking.Request{Name: "Amine", Phone: "0555123456", Email: "nope"}, []string{"email"}},
		{booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-21", Time: "10:00"}, []string{"date"}},
		{booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-24", Time: "13:00"}, []string{"time"}},
		{booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-24"}, []string{"date"}},
		{booking.Request{Name: "Amine\x00", Phone: "0555123456"}, []string{"name"}},
	}
	for _, c := range cases {
		_, err := core.Book(context.Background(), c.req)
		var v *booking.ValidationError
		if !errors.As(err, &v) {
			t.Fatalf("%+v: got %v, want a validation error", c.req, err)
		}
		for _, f := range c.fields {
			if _, ok := v.Fields[f]; !ok {
				t.Errorf("%+v: field %s not named in %v", c.req, f, v.Fields)
			}
		}
	}
	var missing *booking.ValidationError
	_, err := core.Book(context.Background(), booking.Request{})
	if !errors.As(err, &missing) || missing.LocalizedMessage("en") != "Name and phone number are required." {
		t.Fatalf("missing name and phone: %v", err)
	}
}

func TestBookClosedAndPastSlots(t *testing.T) {
	reset(t)
	// Sunday 22 November 2026, 10:30 in Algiers.
	core := newCore(t, sundayMorning.Add(150*60e9))
	ctx := context.Background()
	for _, r := range []booking.Request{
		{Name: "Amine", Phone: "0555123456", Date: "2026-11-27", Time: "10:00"}, // Friday
		{Name: "Amine", Phone: "0555123456", Date: "2026-11-22", Time: "10:00"}, // passed this morning
	} {
		_, err := core.Book(ctx, r)
		var closed *booking.SlotClosedError
		if !errors.As(err, &closed) || !errors.Is(err, booking.ErrSlotClosed) || len(closed.Alternatives) == 0 {
			t.Fatalf("%s %s: %v", r.Date, r.Time, err)
		}
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-22", Time: "11:00"}); err != nil {
		t.Fatalf("a later slot today: %v", err)
	}
}

func TestBookIdempotencyKeyReturnsFirstAppointment(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	req := booking.Request{Name: "Amine", Phone: "0555123456", Date: "2026-11-24", Time: "09:00", IdempotencyKey: "k-1"}
	var wg sync.WaitGroup
	ids := make([]string, 8)
	errs := make([]error, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := core.Book(ctx, req)
			ids[i], errs[i] = res.Appointment.ID, err
		}()
	}
	wg.Wait()
	for i := range ids {
		if errs[i] != nil || ids[i] != ids[0] {
			t.Fatalf("attempt %d: id %s err %v, want id %s", i, ids[i], errs[i], ids[0])
		}
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM appointments`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d appointments, want 1", n)
	}
}

func TestBookConcurrentBookingsOfOneSlot(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	const n = 20
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = core.Book(ctx, booking.Request{Name: "Visitor", Phone: fmt.Sprintf("05550000%02d", i),
				Date: "2026-11-25", Time: "14:00"})
		}()
	}
	wg.Wait()
	ok, taken := 0, 0
	for _, err := range errs {
		var st *booking.SlotTakenError
		switch {
		case err == nil:
			ok++
		case errors.As(err, &st) && len(st.Alternatives) > 0:
			taken++
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if ok != 1 || taken != n-1 {
		t.Fatalf("%d booked and %d slot_taken, want 1 and %d", ok, taken, n-1)
	}
}

func TestBookRespectsCapacityAndCancelledFreesSlot(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE settings SET slot_capacity = 2`); err != nil {
		t.Fatal(err)
	}
	req := func(phone string) booking.Request {
		return booking.Request{Name: "Visitor", Phone: phone, Date: "2026-11-26", Time: "16:00"}
	}
	a, err := core.Book(ctx, req("0555000001"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := core.Book(ctx, req("0555000002")); err != nil {
		t.Fatal(err)
	}
	if _, err := core.Book(ctx, req("0555000003")); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("third booking of a slot of capacity 2: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE appointments SET status = 'cancelled' WHERE id = $1`, a.Appointment.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := core.Book(ctx, req("0555000003")); err != nil {
		t.Fatalf("after a cancellation: %v", err)
	}
}
