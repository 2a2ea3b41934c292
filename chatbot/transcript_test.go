package chatbot

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
)

// One write of many turns: several turns of one conversation, another conversation, and
// a hand-off between them; each conversation's row as its last turn left it, its
// messages in order, every appointment it booked linked.
func TestTurnsWrittenTogetherKeepEachConversation(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	book := func(phone string) string {
		res, err := core.Book(ctx, booking.Request{Name: "Batch Visitor", Phone: phone, Source: booking.SourceChat})
		if err != nil {
			t.Fatal(err)
		}
		return res.Appointment.ID
	}
	first, second := book("0669000101"), book("0669000102")
	a, b := e.newSession("fr"), e.newSession("en")
	a.ConversationID, b.ConversationID = transcript.NewUUID(), transcript.NewUUID()
	msg := func(s *session, text string) []Message {
		m := s.add(SenderUser, text, "", sundayMorning.Add(time.Duration(s.MessageSeq)*time.Second))
		return []Message{m}
	}
	turn := func(s *session, step, appointment, text string, change *stateChange) transcript.Turn {
		return transcript.Turn{Conversation: s.ConversationID, Session: s.ID, Lang: s.Lang, Step: step, Appointment: appointment,
			Started: s.StartedAt, Collected: Collected{Name: text}, Change: change, Messages: msg(s, text)}
	}
	turns := []transcript.Turn{
		turn(a, StepName, "", "a1", nil),
		turn(b, StepGreeting, "", "b1", nil),
		turn(a, StepEmail, "", "a2", nil),
		turn(a, StepBooked, first, "a3", nil),
		turn(b, StepGreeting, "", "b2", &stateChange{State: HandoffWaiting, Reason: "asked"}),
		turn(a, StepBooked, second, "a4", nil),
		turn(b, StepGreeting, "", "b3", nil),
		turn(a, StepBooked, "", "a5", nil),
	}
	if err := e.transcripts.WriteTurns(ctx, turns); err != nil {
		t.Fatal(err)
	}
	check := func(s *session, wantStep, wantAppointment, wantState, wantName string, wantTexts ...string) {
		t.Helper()
		var step, state, name string
		var appointment *string
		if err := pool.QueryRow(ctx, `SELECT last_step, appointment_id::text, state, collected->>'name'
			FROM chat_conversations WHERE id = $1 AND session_id = $2`, s.ConversationID, s.ID).
			Scan(&step, &appointment, &state, &name); err != nil {
			t.Fatal(err)
		}
		got := ""
		if appointment != nil {
			got = *appointment
		}
		if step != wantStep || got != wantAppointment || state != wantState || name != wantName {
			t.Fatalf("row: step %q, appointment %q, state %q, name %q", step, got, state, name)
		}
		rows, _ := pool.Query(ctx, `SELECT text FROM chat_messages WHERE conversation_id = $1 ORDER BY id`, s.ConversationID)
		var texts []string
		for rows.Next() {
			var x string
			_ = rows.Scan(&x)
			texts = append(texts, x)
		}
		if len(texts) != len(wantTexts) {
			t.Fatalf("messages %v, want %v", texts, wantTexts)
		}
		for i := range texts {
			if texts[i] != wantTexts[i] {
				t.Fatalf("messages %v, want %v", texts, wantTexts)
			}
		}
	}
	check(a, StepBooked, second, "bot", "a5", "a1", "a2", "a3", "a4", "a5")
	check(b, StepGreeting, "", HandoffWaiting, "b3", "b1", "b2", "b3")
	var links int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM chat_conversation_appointments WHERE conversation_id = $1
		AND appointment_id IN ($2, $3)`, a.ConversationID, first, second).Scan(&links); err != nil || links != 2 {
		t.Fatalf("%d appointments linked, %v", links, err)
	}
}
