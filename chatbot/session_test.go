package chatbot

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// A turn reads the state alone and appends its messages to the session's list; the
// widget's read gets every message, in order, the most recent maxStoredMessages of them.
func TestMessagesKeptApartFromTheState(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{SessionMessageLimit: 1000, IPMessageLimit: 1000})
	ctx := context.Background()
	c := start(t, e, "fr")
	for i := range maxStoredMessages/2 + 5 {
		c.say("question " + strconv.Itoa(i))
	}
	raw, err := e.rdb.Get(ctx, e.stateKey(c.id)).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	var stored map[string]any
	if err := json.Unmarshal(raw, &stored); err != nil {
		t.Fatal(err)
	}
	if _, ok := stored["messages"]; ok {
		t.Fatalf("the state holds the messages: %d bytes", len(raw))
	}
	conv, err := e.Conversation(ctx, c.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(conv.Messages) != maxStoredMessages {
		t.Fatalf("%d messages kept, want %d", len(conv.Messages), maxStoredMessages)
	}
	for i := 1; i < len(conv.Messages); i++ {
		a, _ := strconv.Atoi(conv.Messages[i-1].ID)
		b, _ := strconv.Atoi(conv.Messages[i].ID)
		if b != a+1 {
			t.Fatalf("messages out of order at %d: %s then %s", i, conv.Messages[i-1].ID, conv.Messages[i].ID)
		}
	}
	if last := conv.Messages[len(conv.Messages)-2]; last.Sender != SenderUser || last.Text != "question "+strconv.Itoa(maxStoredMessages/2+4) {
		t.Fatalf("the last question is %+v", last)
	}
	if ttl := e.rdb.TTL(ctx, e.messageKey(c.id)).Val(); ttl <= 0 || ttl > e.cfg.SessionTTL {
		t.Fatalf("the list expires in %v, the session in %v", ttl, e.cfg.SessionTTL)
	}
}

// A session stored with its messages inside the state (before the list existed) keeps
// them: its next turn moves them to the list, before the turn's own.
func TestSessionStoredWithItsMessagesKeepsThem(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	c := start(t, e, "en")
	old := []Message{
		{ID: "1", Text: "Hello, I am Dota.", Sender: SenderBot, Timestamp: sundayMorning},
		{ID: "2", Text: "hi", Sender: SenderUser, Timestamp: sundayMorning.Add(time.Second)},
		{ID: "3", Text: "How can I help?", Sender: SenderBot, Timestamp: sundayMorning.Add(2 * time.Second)},
	}
	s := e.newSession("en")
	s.ID, s.MessageSeq, s.Messages = c.id, len(old), old
	raw, _ := json.Marshal(s)
	if err := e.rdb.Set(ctx, e.stateKey(c.id), raw, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	e.rdb.Del(ctx, e.messageKey(c.id))
	c.say("what are your hours?")
	conv, err := e.Conversation(ctx, c.id)
	if err != nil {
		t.Fatal(err)
	}
	if len(conv.Messages) < 5 || conv.Messages[0].Text != old[0].Text || conv.Messages[2].ID != "3" ||
		conv.Messages[3].ID != "4" || conv.Messages[3].Text != "what are your hours?" {
		t.Fatalf("messages %+v", conv.Messages)
	}
	raw, _ = e.rdb.Get(ctx, e.stateKey(c.id)).Bytes()
	var stored map[string]any
	_ = json.Unmarshal(raw, &stored)
	if _, ok := stored["messages"]; ok {
		t.Fatal("the messages stayed in the state")
	}
}
