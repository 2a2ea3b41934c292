package booking_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

// newConversation adds a conversation of the chat, which a chat answer is about.
func newConversation(t *testing.T) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `INSERT INTO chat_conversations (session_id, language)
		VALUES (md5(random()::text), 'en') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// chatAnswerRows reads the states and reasons of a conversation's chat answers, oldest first.
func chatAnswerRows(t *testing.T, conversationID string) (states, reasons []string) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT state, reason FROM deliveries
		WHERE conversation_id = $1 AND kind = 'chat_answer' ORDER BY created_at`, conversationID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s, r string
		if err := rows.Scan(&s, &r); err != nil {
			t.Fatal(err)
		}
		states, reasons = append(states, s), append(reasons, r)
	}
	return states, reasons
}

// waitChatAnswer waits up to 15 s for the conversation's chat answers to reach states.
func waitChatAnswer(t *testing.T, conversationID string, want ...string) []string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		states, reasons := chatAnswerRows(t, conversationID)
		if strings.Join(states, ",") == strings.Join(want, ",") {
			return reasons
		}
		if time.Now().After(deadline) {
			t.Fatalf("chat answers %v (%v), want %v", states, reasons, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A chat answer goes through the ledger: queued twice while due it is written once, its
// writer's message is sent over SMTP with the agency's contact, the writer hears it was
// sent, and a writer's refusal is recorded as skipped with its reason.
func TestChatAnswerGoesThroughTheLedger(t *testing.T) {
	ctx := context.Background()
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	var sentCalls atomic.Int32
	c.OnChatAnswer(func(_ context.Context, a booking.ChatAnswer) (mail.Input, func(context.Context), error) {
		if a.Language == "fr" {
			return mail.Input{}, nil, &booking.SkipError{Reason: "read"}
		}
		return mail.Input{Kind: mail.KindChatAnswer, Lang: a.Language, RecipientEmail: a.Recipient,
				Answers:   []mail.Answer{{Author: "Karima", Text: "We build online shops."}},
				ResumeURL: publicURL + "/?chat=" + a.ConversationID},
			func(context.Context) { sentCalls.Add(1) }, nil
	})

	conv := newConversation(t)
	due := time.Now().Add(300 * time.Millisecond)
	for i := range 2 {
		queued, err := c.QueueChatAnswer(ctx, conv, "visitor@example.net", "en", due)
		if err != nil || queued != (i == 0) {
			t.Fatalf("queue %d: %v, %v", i, queued, err)
		}
	}
	if states, _ := chatAnswerRows(t, conv); len(states) != 1 || states[0] != booking.DeliveryScheduled {
		t.Fatalf("before it is due: %v", states)
	}
	waitChatAnswer(t, conv, booking.DeliverySent)
	got := srv.Wait(t, 1)[0].Parse(t)
	if !strings.Contains(got.To, "visitor@example.net") || !strings.Contains(got.Text, "We build online shops.") ||
		!strings.Contains(got.Text, publicURL+"/?chat="+conv) {
		t.Fatalf("sent %q to %q:\n%s", got.Subject, got.To, got.Text)
	}
	st, err := c.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Subject, st.SiteName) || !strings.Contains(got.Text, st.Email()) {
		t.Errorf("the message lacks the agency's name or contact: %q\n%s", got.Subject, got.Text)
	}
	if sentCalls.Load() != 1 {
		t.Errorf("the writer heard of %d sends, want 1", sentCalls.Load())
	}

	// Sent, it no longer stands in the way of the next answer's message.
	if queued, err := c.QueueChatAnswer(ctx, conv, "visitor@example.net", "fr", time.Now()); err != nil || !queued {
		t.Fatalf("queue after the send: %v, %v", queued, err)
	}
	if reasons := waitChatAnswer(t, conv, booking.DeliverySent, booking.DeliverySkipped); reasons[1] != "read" {
		t.Errorf("skipped for %q, want read", reasons[1])
	}
	page, err := c.Deliveries(ctx, booking.DeliveryFilter{Kind: booking.KindChatAnswer, Size: 100})
	if err != nil || page.Total < 2 {
		t.Fatalf("the ledger lists %d chat answers, %v", page.Total, err)
	}
}
