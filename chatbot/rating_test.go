package chatbot

import (
	"context"
	"strings"
	"testing"
	"time"
)

// ratingsOf reads the answers kept for a conversation: true for helpful.
func ratingsOf(t *testing.T, conversationID string) (helpful []bool, agents []string) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT helpful, agent_name FROM chat_ratings
		WHERE conversation_id = $1 ORDER BY id`, conversationID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var h bool
		var a string
		if err := rows.Scan(&h, &a); err != nil {
			t.Fatal(err)
		}
		helpful, agents = append(helpful, h), append(agents, a)
	}
	return helpful, agents
}

// When staff hand a conversation back, Dota asks the visitor in their language whether
// the exchange helped, with two taps; the answer is kept for the staff member and counts
// in the week's rate; the question is asked once, and Dota then goes on.
func TestHandBackAsksWhetherStaffHelped(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	e, _ := handoffEngine(t)
	c, id, ch := heldBy(t, e, karim, "fr", "Je veux parler à un humain")
	if _, err := e.Answer(ctx, id, karim, "Voici nos tarifs."); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	if err := e.Release(ctx, id, karim, false); err != nil {
		t.Fatal(err)
	}
	next(t, ch) // Dota is back
	ask := next(t, ch)
	if !strings.Contains(ask.Message.Text, "Karim") || !strings.Contains(ask.Message.Text, "utile") ||
		len(ask.QuickReplies) != 2 || ask.QuickReplies[0].Value != "👍 Oui" || ask.QuickReplies[1].Value != "👎 Non" {
		t.Fatalf("the question: %q, %+v", ask.Message.Text, ask.QuickReplies)
	}
	c.say("👍 Oui")
	if !strings.Contains(c.text(), "Merci pour votre réponse") {
		t.Fatalf("after the answer Dota said %q", c.text())
	}
	if h, agents := ratingsOf(t, id); len(h) != 1 || !h[0] || agents[0] != "Karim" {
		t.Fatalf("kept %v by %v, want one helpful for Karim", h, agents)
	}
	c.say("👎 Non") // asked once: now an ordinary message
	if h, _ := ratingsOf(t, id); len(h) != 1 {
		t.Fatalf("kept %v after the question was answered", h)
	}

	weeks, err := e.Ratings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range weeks {
		if w.AgentID == karim.ID && w.Week == "2026-11-23" {
			found = w.Total >= 1 && w.Helpful >= 1 && w.Rate > 0 && w.Agent == "Karim"
		}
	}
	if !found {
		t.Errorf("the week of 23 November has no rate for Karim: %+v", weeks)
	}
}

// A conversation handed back because its holder went silent asks too, and the question
// may be answered no; one nobody took (the hand-off's time-out) asks nothing, and any
// other message drops the question.
func TestRatingAfterSilenceAndNoneAfterTimeout(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	e, clock := handoffEngine(t)
	c, id, ch := heldBy(t, e, nadia, "en", "I want to talk to a human")
	clock.add(31 * time.Minute)
	if n, err := e.ReleaseIdle(ctx); err != nil || n != 1 {
		t.Fatalf("released %d, %v", n, err)
	}
	next(t, ch)
	if ask := next(t, ch); !strings.Contains(ask.Message.Text, "Nadia") || len(ask.QuickReplies) != 2 {
		t.Fatalf("the question: %+v", ask)
	}
	c.say("👎 No")
	if h, _ := ratingsOf(t, id); len(h) != 1 || h[0] {
		t.Fatalf("kept %v, want one unhelpful", h)
	}

	d, _ := handoffEngine(t)
	w := start(t, d, "en")
	w.say("I want to talk to a human")
	wid := conversationOf(t, d, w.id)
	timedOut := &movableClock{now: tuesdayMorning.Add(10 * time.Minute)}
	d.now = timedOut.get
	w.say("hello?")
	if strings.Contains(w.text(), "helpful") || len(w.last.QuickReplies) == 2 && w.last.QuickReplies[0].Value == "👍 Yes" {
		t.Fatalf("asked after a time-out: %q", w.text())
	}
	if h, _ := ratingsOf(t, wid); len(h) != 0 {
		t.Fatalf("kept %v without a staff member", h)
	}
}
