package booking_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// TestBookMatchesOnePhoneHoweverTyped: one number typed four ways is one client, whose
// number stays as it was first typed.
func TestBookMatchesOnePhoneHoweverTyped(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	clients := map[string]bool{}
	for _, phone := range []string{"0555 33 44 55", "0555-33-44-55", "0555334455", "+213 555 33 44 55"} {
		res, err := core.Book(ctx, booking.Request{Name: "Karim Ziani", Phone: phone})
		if err != nil {
			t.Fatalf("%q: %v", phone, err)
		}
		if res.Appointment.Phone != phone {
			t.Errorf("the appointment shows %q, typed %q", res.Appointment.Phone, phone)
		}
		clients[res.Appointment.ClientID] = true
	}
	if len(clients) != 1 {
		t.Fatalf("one number typed four ways made %d clients", len(clients))
	}
	var numero1, e164 string
	if err := pool.QueryRow(ctx, `SELECT numero_1, numero_1_e164 FROM clients`).Scan(&numero1, &e164); err != nil {
		t.Fatal(err)
	}
	if numero1 != "0555 33 44 55" || e164 != "+213555334455" {
		t.Fatalf("client's number %q, canonical %q", numero1, e164)
	}
}

// TestBookRefusesANumberWithoutDigits: "++++++++++" and "0000000000" are no phone
// numbers, so they are refused with the specification's phone messages and merge nobody.
func TestBookRefusesANumberWithoutDigits(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	for phone, want := range map[string]string{
		"++++++++++": "Numéro de téléphone invalide (10-15 chiffres)",
		"0000000000": "Format de téléphone invalide",
	} {
		_, err := core.Book(ctx, booking.Request{Name: "Somebody", Phone: phone})
		var v *booking.ValidationError
		if !errors.As(err, &v) || v.LocalizedFields("fr")["phone"] != want {
			t.Fatalf("%q: %v, want the phone refused with %q", phone, err, want)
		}
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM clients`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d clients made from numbers without digits", n)
	}
}

// TestBookConcurrentBookingsOfOneEmailMakeOneClient: one person booking several slots at
// once with one e-mail and different phones is one client.
func TestBookConcurrentBookingsOfOneEmailMakeOneClient(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	dates := []string{"2026-11-29", "2026-11-30", "2026-12-01"}
	n := len(dates) * len(booking.SlotTimes)
	var wg sync.WaitGroup
	ready := make(chan struct{})
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ready
			_, errs[i] = core.Book(ctx, booking.Request{Name: "Nour Saadi", Phone: fmt.Sprintf("0550 11 22 %02d", i),
				Email: []string{"nour@x.dz", "Nour@X.dz "}[i%2], Date: dates[i/len(booking.SlotTimes)],
				Time: booking.SlotTimes[i%len(booking.SlotTimes)]})
		}()
	}
	close(ready)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("booking %d: %v", i, err)
		}
	}
	var clients int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM clients`).Scan(&clients)
	if clients != 1 {
		t.Fatalf("%d clients for one e-mail, want 1", clients)
	}
}

// TestBookPrefersTheEmailMatch: when the e-mail names one client and the phone an older
// other one, the booking goes to the e-mail's client.
func TestBookPrefersTheEmailMatch(t *testing.T) {
	reset(t)
	core := newCore(t, sundayMorning)
	ctx := context.Background()
	older, err := core.Book(ctx, booking.Request{Name: "Father Family", Phone: "0661 22 33 44", Email: "father@x.dz"})
	if err != nil {
		t.Fatal(err)
	}
	newer, err := core.Book(ctx, booking.Request{Name: "Daughter Family", Phone: "0770 99 88 77", Email: "daughter@x.dz"})
	if err != nil {
		t.Fatal(err)
	}
	if older.Appointment.ClientID == newer.Appointment.ClientID {
		t.Fatal("two people were merged")
	}
	// The daughter books from the family's phone.
	res, err := core.Book(ctx, booking.Request{Name: "Daughter Family", Phone: "0661 22 33 44", Email: "daughter@x.dz"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Appointment.ClientID != newer.Appointment.ClientID {
		t.Fatalf("booked for client %s, want the e-mail's client %s (the phone's is %s)",
			res.Appointment.ClientID, newer.Appointment.ClientID, older.Appointment.ClientID)
	}
}
