package chatbot

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// noneHeld gives back, in the database only, the conversations other tests left held:
// the sweep looks at every conversation.
func noneHeld(t *testing.T) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `UPDATE chat_conversations SET state = 'bot', agent_id = NULL,
		agent_name = NULL WHERE state = 'staff'`); err != nil {
		t.Fatal(err)
	}
}

// heldBy brings a visitor in lang to a person and has the staff member take the
// conversation; it returns the visitor's chat, the conversation's id and the visitor's
// stream from there on.
func heldBy(t *testing.T, e *Engine, a Agent, lang, ask string) (*chat, string, <-chan Push) {
	t.Helper()
	c := start(t, e, lang)
	c.say(ask)
	id := conversationOf(t, e, c.id)
	ch, _ := stream(t, e, c.id, lastSeq(c.last))
	if err := e.Claim(context.Background(), id, a); err != nil {
		t.Fatal(err)
	}
	if p := next(t, ch); p.Handoff == nil || p.Handoff.State != HandoffStaff {
		t.Fatalf("joined push %+v", p)
	}
	return c, id, ch
}

// A conversation a staff member took and then left silent returns to Dota after the
// settings' staff_idle_release_minutes (30 by default), counted from their last word,
// and Dota tells the visitor; the sweeper gives it back once.
func TestSilentStaffConversationReturnsToDota(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	e, clock := handoffEngine(t)
	c, id, ch := heldBy(t, e, karim, "en", "I want to talk to a human")

	clock.add(29 * time.Minute)
	if n, err := e.ReleaseIdle(ctx); err != nil || n != 0 {
		t.Fatalf("released within the idle time: %d, %v", n, err)
	}
	if _, err := e.Answer(ctx, id, karim, "Still there?"); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	clock.add(29 * time.Minute) // 58 minutes after taking it, 29 after the last word
	if n, err := e.ReleaseIdle(ctx); err != nil || n != 0 {
		t.Fatalf("released within the idle time of the last word: %d, %v", n, err)
	}
	clock.add(2 * time.Minute)
	if n, err := e.ReleaseIdle(ctx); err != nil || n != 1 {
		t.Fatalf("released %d, %v; want 1", n, err)
	}
	p := next(t, ch)
	if p.Handoff == nil || p.Handoff.State != HandoffEnded || p.Message.Sender != SenderBot ||
		!strings.Contains(p.Message.Text, "Karim") || !strings.Contains(p.Message.Text, "Dota") {
		t.Fatalf("release push %+v", p)
	}
	if n, _ := e.ReleaseIdle(ctx); n != 0 {
		t.Fatal("released twice")
	}
	d, err := e.ConversationDetail(ctx, id)
	if err != nil || d.State != StateBot || d.Agent != "" || d.AgentID != "" {
		t.Fatalf("after the release: %+v, %v", d.Summary, err)
	}
	c.say("what are your prices?")
	if c.last.Handoff != nil || len(c.last.Messages) == 0 {
		t.Fatalf("after the release Dota said %q (%+v)", c.text(), c.last.Handoff)
	}
	if _, err := e.Answer(ctx, id, karim, "Sorry, back"); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("the former holder answered: %v", err)
	}
}

// Deactivating or deleting a staff member gives back to Dota every conversation they
// hold, the visitor told; those of others stay theirs. A conversation whose visitor has
// left is given back too.
func TestReleaseAgentGivesBackWhatTheyHold(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	e, _ := handoffEngine(t)
	_, first, ch := heldBy(t, e, karim, "fr", "je voudrais parler à un conseiller")
	gone, second, _ := heldBy(t, e, karim, "en", "I want to talk to a human")
	_, others, _ := heldBy(t, e, nadia, "ar", "أريد التحدث مع شخص")
	if err := e.rdb.Del(ctx, e.stateKey(gone.id)).Err(); err != nil { // the visitor's session expired
		t.Fatal(err)
	}

	n, err := e.ReleaseAgent(ctx, karim.ID)
	if err != nil || n != 2 {
		t.Fatalf("released %d, %v; want 2", n, err)
	}
	p := next(t, ch)
	if p.Handoff == nil || p.Handoff.State != HandoffEnded || !strings.Contains(p.Message.Text, "Karim") {
		t.Fatalf("release push %+v", p)
	}
	for _, id := range []string{first, second} {
		if d, err := e.ConversationDetail(ctx, id); err != nil || d.State == HandoffStaff || d.AgentID != "" {
			t.Fatalf("%s after releasing Karim: %+v, %v", id, d.Summary, err)
		}
	}
	if d, err := e.ConversationDetail(ctx, others); err != nil || d.State != HandoffStaff || d.Agent != "Nadia" {
		t.Fatalf("Nadia's conversation: %+v, %v", d.Summary, err)
	}
	if n, err := e.ReleaseAgent(ctx, karim.ID); err != nil || n != 0 {
		t.Fatalf("released again %d, %v", n, err)
	}
}

// A moderator takes over a conversation another staff member holds: it is theirs, the
// visitor is told who takes over from whom (the transcript keeps it), and the former
// holder can no longer answer.
func TestTakeOver(t *testing.T) {
	ctx := context.Background()
	e, _ := handoffEngine(t)
	_, id, ch := heldBy(t, e, karim, "fr", "je voudrais parler à un conseiller")
	if err := e.Claim(ctx, id, nadia); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("a plain claim of a held conversation: %v", err)
	}
	if err := e.TakeOver(ctx, id, nadia); err != nil {
		t.Fatal(err)
	}
	p := next(t, ch)
	if p.Handoff == nil || p.Handoff.State != HandoffStaff || p.Handoff.Agent != "Nadia" ||
		!strings.Contains(p.Message.Text, "Nadia") || !strings.Contains(p.Message.Text, "Karim") {
		t.Fatalf("take-over push %+v", p)
	}
	if _, err := e.Answer(ctx, id, karim, "Bonjour"); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("the former holder answered: %v", err)
	}
	if _, err := e.Answer(ctx, id, nadia, "Bonjour, je prends le relais"); err != nil {
		t.Fatal(err)
	}
	d, err := e.ConversationDetail(ctx, id)
	if err != nil || d.State != HandoffStaff || d.Agent != "Nadia" || d.AgentID != nadia.ID {
		t.Fatalf("after the take-over: %+v, %v", d.Summary, err)
	}
	recorded := false
	for _, m := range d.Transcript {
		recorded = recorded || (strings.Contains(m.Text, "Nadia") && strings.Contains(m.Text, "Karim"))
	}
	if !recorded {
		t.Errorf("the transcript does not record the take-over: %+v", d.Transcript)
	}
	// Taking over one's own conversation, or one nobody holds, is taking it.
	if err := e.TakeOver(ctx, id, nadia); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "en")
	c.say("I want to talk to a human")
	if err := e.TakeOver(ctx, conversationOf(t, e, c.id), karim); err != nil {
		t.Fatal(err)
	}
	if err := e.TakeOver(ctx, "7d1c0e2a-0000-4000-8000-000000000000", karim); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("an unknown conversation: %v", err)
	}
}
