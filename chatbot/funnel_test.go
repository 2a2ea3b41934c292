package chatbot

import (
	"testing"

	"github.com/dota-agency/dota/booking"
)

func TestFunnelCountsConversationsByHowFarTheyWent(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	ctx := t.Context()
	if _, err := pool.Exec(ctx, `TRUNCATE chat_conversations CASCADE`); err != nil {
		t.Fatal(err)
	}
	res, err := core.Book(ctx, booking.Request{Name: "Funnel Visitor", Phone: "0669000002", Source: booking.SourceChat})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO chat_conversations (session_id, last_step, appointment_id) VALUES
		('f1', 'greeting', NULL), ('f2', 'service', NULL), ('f3', 'booked', $1)`, res.Appointment.ID); err != nil {
		t.Fatal(err)
	}
	f, err := e.Funnel(ctx)
	if err != nil || f != (booking.ChatFunnel{Started: 3, ContactCollected: 2, Booked: 1}) {
		t.Fatalf("funnel %+v %v", f, err)
	}
}
