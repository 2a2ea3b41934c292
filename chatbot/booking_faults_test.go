package chatbot

import (
	"context"
	"errors"
	"net"
	"os"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// lostAnswer is the booking core behind a connection that breaks after the database has
// committed: the first lose bookings are saved but their answer is lost, as when a
// time-out or a reset cuts the COMMIT's reply. While readBackFails, reading back fails too.
type lostAnswer struct {
	*booking.Core
	lose          int
	readBackFails bool
}

func (f *lostAnswer) Book(ctx context.Context, r booking.Request) (booking.Result, error) {
	res, err := f.Core.Book(ctx, r)
	if err == nil && f.lose > 0 {
		f.lose--
		return booking.Result{}, &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	}
	return res, err
}

func (f *lostAnswer) Booked(ctx context.Context, r booking.Request) (booking.Appointment, error) {
	if f.readBackFails {
		return booking.Appointment{}, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	}
	return f.Core.Booked(ctx, r)
}

func toConfirmPhone(t *testing.T, e *Engine, phone, when string) *chat {
	t.Helper()
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Amine Benali", "amine@b.dz", phone, "passer", "formation", when} {
		c.say(m)
	}
	c.expect(StepConfirm)
	return c
}

func appointmentIDsByPhone(t *testing.T, phone string) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT id::text FROM appointments WHERE phone = $1`, phone)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// TestBookingCommittedButAnswerLostIsToldAsBooked: when the database committed the
// booking but its answer was lost, Dota reads it back by its key and says it is booked,
// not that nothing was.
func TestBookingCommittedButAnswerLostIsToldAsBooked(t *testing.T) {
	base, core := newEngine(t, sundayMorning, Config{})
	e := New(&lostAnswer{Core: core, lose: 1}, pool, base.rdb, base.cfg, WithClock(base.now), WithLogger(quiet))
	c := toConfirmPhone(t, e, "0661 40 50 61", "mercredi 9 décembre à 16h")
	c.say("oui")
	c.expect(StepBooked, "en attente de confirmation", "mercredi 9 décembre 2026 à 16:00")
	if strings.Contains(c.text(), "rien n'a été réservé") {
		t.Fatalf("a saved booking told as failed: %q", c.text())
	}
	ids := appointmentIDsByPhone(t, "0661 40 50 61")
	if len(ids) != 1 || c.last.AppointmentID != ids[0] {
		t.Fatalf("appointment %q told, %v stored", c.last.AppointmentID, ids)
	}
}

// TestBookingWhoseOutcomeIsUnknownIsSaidSo: when neither the booking's answer nor its
// read-back arrives, Dota says it cannot tell, not that nothing was booked; the visitor's
// "oui" then finds the booking already made and books nothing twice.
func TestBookingWhoseOutcomeIsUnknownIsSaidSo(t *testing.T) {
	base, core := newEngine(t, sundayMorning, Config{})
	f := &lostAnswer{Core: core, lose: 1, readBackFails: true}
	e := New(f, pool, base.rdb, base.cfg, WithClock(base.now), WithLogger(quiet))
	c := toConfirmPhone(t, e, "0661 40 50 62", "jeudi 10 décembre à 11h")
	c.say("oui")
	c.expect(StepConfirm, "je n'arrive pas à confirmer", ContactPhone1)
	if strings.Contains(c.text(), "rien n'a été réservé") || c.last.AppointmentID != "" {
		t.Fatalf("an unknown outcome told as known: %q", c.text())
	}
	f.readBackFails = false
	c.say("oui")
	c.expect(StepBooked, "en attente de confirmation", "jeudi 10 décembre 2026 à 11:00")
	ids := appointmentIDsByPhone(t, "0661 40 50 62")
	if len(ids) != 1 || c.last.AppointmentID != ids[0] {
		t.Fatalf("appointment %q told, %v stored", c.last.AppointmentID, ids)
	}
}

// TestChatBookingKeyIsOutOfVisitorsReach: the idempotency key a chat booking is stored
// with is one no visitor can send with a booking of their own (the form's
// Idempotency-Key): sent, it is refused as invalid, so no visitor can take the key of a
// conversation's next booking first and make it fail.
func TestChatBookingKeyIsOutOfVisitorsReach(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	c := toConfirmPhone(t, e, "0661 40 50 63", "mardi 15 décembre à 14h")
	c.say("oui")
	c.expect(StepBooked)
	var key string
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(idempotency_key, '') FROM appointments WHERE id = $1`,
		c.last.AppointmentID).Scan(&key); err != nil || key == "" {
		t.Fatalf("the chat booking's key: %q %v", key, err)
	}
	_, err := core.Book(context.Background(), booking.Request{Name: "Intrus Malin", Phone: "0550 11 22 33",
		Date: "2026-12-16", Time: "10:00", Source: booking.SourceForm, IdempotencyKey: key})
	var v *booking.ValidationError
	if !errors.As(err, &v) || v.Fields["idempotency_key"] == "" {
		t.Fatalf("a visitor sending the chat's key %q: %v, want it refused as invalid", key, err)
	}
}
