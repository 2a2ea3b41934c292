package chatbot

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/geminitest"
)

// limitedBy reports whether err refuses a request over a budget of the scope.
func limitedBy(err error, scope string) bool {
	var rl *RateLimitedError
	return errors.As(err, &rl) && rl.Scope == scope && rl.RetryAfter >= 1
}

// TestBudgetsCountAnIPv6NetworkAsOneAddress: a subscriber holds a whole /64, and takes a
// new address of it for each request. The chat's budgets of an address — messages,
// conversations opened, the share of Gemini — count the /64 as one address, as the
// forms do.
func TestBudgetsCountAnIPv6NetworkAsOneAddress(t *testing.T) {
	ctx := context.Background()
	t.Run("messages", func(t *testing.T) {
		e, _ := newEngine(t, sundayMorning, Config{IPMessageLimit: 3, IPOpenLimit: 100})
		for i := range 3 {
			if _, err := e.Start(ctx, "fr", fmt.Sprintf("2001:db8:7:1::%x", i+1), nil); err != nil {
				t.Fatalf("conversation %d: %v", i+1, err)
			}
		}
		_, err := e.Start(ctx, "fr", "2001:db8:7:1:ffff:ffff:ffff:fffe", nil)
		if !limitedBy(err, "ip") {
			t.Fatalf("a fourth address of the /64: %v, want the address's budget spent", err)
		}
		if _, err := e.Send(ctx, newSessionID(), "bonjour", "fr", "2001:db8:7:1::abcd"); !limitedBy(err, "ip") {
			t.Fatalf("a message from the /64: %v, want the address's budget spent", err)
		}
		if _, err := e.Start(ctx, "fr", "2001:db8:7:2::1", nil); err != nil {
			t.Fatalf("another /64: %v", err)
		}
	})
	t.Run("conversations opened", func(t *testing.T) {
		e, _ := newEngine(t, sundayMorning, Config{IPMessageLimit: 1000, IPOpenLimit: 2})
		opened, err := e.Start(ctx, "fr", "2001:db8:8:1::1", nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Send(ctx, newSessionID(), "bonjour", "fr", "2001:db8:8:1::2"); err != nil {
			t.Fatalf("a conversation opened by a message: %v", err)
		}
		if _, err := e.Start(ctx, "fr", "2001:db8:8:1::99", nil); !limitedBy(err, "ip") {
			t.Fatalf("a third conversation from the /64: %v, want refused", err)
		}
		if _, err := e.Send(ctx, newSessionID(), "bonjour", "fr", "2001:db8:8:1::98"); !limitedBy(err, "ip") {
			t.Fatalf("a third conversation from the /64, by a message: %v, want refused", err)
		}
		// The conversations opened go on: their first message and the next are not counted.
		for _, msg := range []string{"bonjour", "quels sont vos horaires ?"} {
			if _, err := e.Send(ctx, opened.SessionID, msg, "", "2001:db8:8:1::3"); err != nil {
				t.Fatalf("a conversation under way: %v", err)
			}
		}
		if _, err := e.Send(ctx, newSessionID(), "bonjour", "fr", "2001:db8:8:2::1"); err != nil {
			t.Fatalf("another /64: %v", err)
		}
	})
	t.Run("Gemini's share", func(t *testing.T) {
		fake := geminitest.New(t, aiReply)
		e, _ := newEngine(t, sundayMorning, Config{AIVisitorShare: 1, AIBudgetPerMinute: 60, AIQueueInterval: time.Millisecond},
			WithAI(newGemini(t, fake)))
		ask := func(ip, question string) string {
			t.Helper()
			r, err := e.Send(ctx, newSessionID(), question, "en", ip)
			if err != nil {
				t.Fatal(err)
			}
			return r.Messages[len(r.Messages)-1].Source
		}
		if src := ask("2001:db8:9:1::1", "Can you manage my Instagram page?"); src != SourceAI {
			t.Fatalf("first question: %s", src)
		}
		if src := ask("2001:db8:9:1::2", "Can you print my flyers?"); src != SourceFallback || fake.Calls() != 1 {
			t.Fatalf("the same /64, another address: %s after %d calls, want the share spent", src, fake.Calls())
		}
	})
}

// TestNothingStoredUntilTheVisitorWrites: opening the widget gives the greeting and a
// session id, and stores no conversation — neither in Redis nor in PostgreSQL — only the
// language it was opened in, for an hour, so that opening conversations by the thousand
// costs next to no memory. The visitor's first message is taken under that id, in that
// language, as the conversation the widget shows: the greeting first, then what
// followed.
func TestNothingStoredUntilTheVisitorWrites(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	r, err := e.Start(ctx, "en", "192.0.2.10", nil)
	if err != nil {
		t.Fatal(err)
	}
	id := r.SessionID
	if len(r.Messages) != 1 || r.Messages[0].Text != text("en", "greeting") || len(r.QuickReplies) == 0 {
		t.Fatalf("start: %+v", r)
	}
	if n := e.rdb.Exists(ctx, e.stateKey(id), e.messageKey(id)).Val(); n != 0 {
		t.Fatalf("%d keys stored for a conversation nobody wrote in", n)
	}
	keys := e.rdb.Keys(ctx, e.cfg.RedisPrefix+"*"+id+"*").Val()
	for _, k := range keys {
		if ttl := e.rdb.TTL(ctx, k).Val(); ttl <= 0 || ttl > time.Hour || e.rdb.StrLen(ctx, k).Val() > 2 {
			t.Errorf("%s kept for %v (%d bytes)", k, ttl, e.rdb.StrLen(ctx, k).Val())
		}
	}
	if _, err := e.Conversation(ctx, id); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("an unwritten conversation reads as %v, want not found", err)
	}
	e.transcripts.Written(ctx)
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM chat_conversations WHERE session_id = $1`, id).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("%d conversations stored (%v)", rows, err)
	}

	r, err = e.Send(ctx, id, "what are your opening hours?", "", "192.0.2.10")
	if err != nil {
		t.Fatal(err)
	}
	if r.SessionID != id || r.NewSession || r.Lang != "en" {
		t.Fatalf("first message: session %s (new %v, %s), want the id the widget has, %s, in English", r.SessionID,
			r.NewSession, r.Lang, id)
	}
	for _, m := range r.Messages {
		if m.ID == "1" {
			t.Fatalf("the greeting is sent again: %+v", r.Messages)
		}
	}
	conv, err := e.Conversation(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(conv.Messages) < 3 || conv.Messages[0].Text != text("en", "greeting") ||
		conv.Messages[1].Sender != SenderUser || conv.Messages[1].ID != "2" {
		t.Fatalf("stored conversation %+v", conv.Messages)
	}
	e.transcripts.Written(ctx)
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
		WHERE c.session_id = $1`, id).Scan(&rows); err != nil || rows != len(conv.Messages) {
		t.Fatalf("%d messages in the transcript, %d in the conversation (%v)", rows, len(conv.Messages), err)
	}
}

// TestAnEndedConversationIsNotTakenUpAgain: the id of a conversation that ended (expired
// or erased) is not taken up again by a message sent to it: a new conversation begins,
// under a new id.
func TestAnEndedConversationIsNotTakenUpAgain(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	c := start(t, e, "fr")
	c.say("bonjour")
	old := c.id
	e.rdb.Del(ctx, e.stateKey(old), e.messageKey(old)) // the session expired
	r, err := e.Send(ctx, old, "re-bonjour", "fr", "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if r.SessionID == old || !r.NewSession || len(r.Messages) < 2 || r.Messages[0].Text != text("fr", "greeting") {
		t.Fatalf("a message to an ended conversation: %+v", r)
	}
}
