package chatbot

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

const reachSite = "https://dota.example"

// reachEngine is an engine within office hours whose staff answers reach visitors who
// left by e-mail, through a core that works its jobs and sends to srv; an answer waits
// after before it is e-mailed.
func reachEngine(t *testing.T, srv *mailtest.Server, after time.Duration) (*Engine, *booking.Core, *movableClock) {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	clock := &movableClock{now: tuesdayMorning}
	sender, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", reachSite)
	if err != nil {
		t.Fatal(err)
	}
	core := booking.New(pool, booking.WithClock(clock.get),
		booking.WithMail(booking.Mail{Renderer: r, Sender: sender, PublicURL: reachSite}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}))
	e := closedAtEnd(t, New(core, pool, rdb, Config{RedisPrefix: prefix, AnswerMailAfter: after},
		WithClock(clock.get), WithLogger(quiet), WithAnswerMail(core)))
	core.OnChatAnswer(e.WriteAnswerMail)
	if err := core.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(ctx)
	})
	return e, core, clock
}

// chatAnswers reads the states and reasons of a conversation's e-mailed answers, oldest first.
func chatAnswers(t *testing.T, conversationID string) (states, reasons []string) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT state, reason FROM deliveries
		WHERE conversation_id = $1 ORDER BY created_at`, conversationID)
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

// waitAnswers waits up to 15 s for a conversation's e-mailed answers to reach states.
func waitAnswers(t *testing.T, conversationID string, want ...string) []string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		states, reasons := chatAnswers(t, conversationID)
		if strings.Join(states, ",") == strings.Join(want, ",") {
			return reasons
		}
		if time.Now().After(deadline) {
			t.Fatalf("e-mailed answers %v (%v), want %v", states, reasons, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// leave closes the visitor's stream and waits until it is noted closed.
func leave(t *testing.T, e *Engine, sessionID string, cancel context.CancelFunc) {
	t.Helper()
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s, err := e.seenOf(context.Background(), sessionID)
		if err == nil && s.open == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the stream is still noted open: %+v, %v", s, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// sentSeq is the number of the visitor's last message, which Dota did not answer (staff
// are involved).
func sentSeq(t *testing.T, c *chat) int {
	t.Helper()
	if c.last.UserMessage == nil {
		t.Fatal("no message of the visitor in the last reply")
	}
	n, _ := strconv.Atoi(c.last.UserMessage.ID)
	return n
}

var chatLink = regexp.MustCompile(`https://dota\.example/\?lang=(\w+)&chat=([A-Za-z0-9_-]+)`)

// A visitor who gave their e-mail and left gets the staff's answers by e-mail: two in a
// row make one message, in the visitor's language, whose link reopens the conversation
// with the answers in it; the link cannot be altered, and is gone once the conversation
// ended, by its time or its session's.
func TestStaffAnswersReachAVisitorWhoLeft(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	srv := mailtest.Start(t)
	e, _, clock := reachEngine(t, srv, 300*time.Millisecond)
	c := start(t, e, "en")
	c.say("I want to talk to a human")
	if !strings.Contains(c.text(), "give me your e-mail address") {
		t.Fatalf("Dota does not ask for an address the answer could reach: %q", c.text())
	}
	c.say("In case I leave: amina.reach@example.net")
	if c.last.Handoff == nil || c.last.Collected.Email != "amina.reach@example.net" {
		t.Fatalf("hand-off %+v, collected %+v", c.last.Handoff, c.last.Collected)
	}
	id := conversationOf(t, e, c.id)
	ch, cancel := stream(t, e, c.id, sentSeq(t, c))
	if err := e.Claim(ctx, id, karim); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	leave(t, e, c.id, cancel)

	for _, msg := range []string{"Hello, Karim here.", "Yes, we build online shops; the quote is free."} {
		if _, err := e.Answer(ctx, id, karim, msg); err != nil {
			t.Fatal(err)
		}
	}
	if states, _ := chatAnswers(t, id); len(states) != 1 {
		t.Fatalf("two answers in a row queued %v, want one message", states)
	}
	waitAnswers(t, id, booking.DeliverySent)
	got := srv.Wait(t, 1)
	if len(got) != 1 {
		t.Fatalf("%d messages sent, want 1", len(got))
	}
	p := got[0].Parse(t)
	if !strings.Contains(p.To, "amina.reach@example.net") || !strings.Contains(p.Text, "Hello, Karim here.") ||
		!strings.Contains(p.Text, "the quote is free") || !strings.Contains(p.Text, "Replies to this e-mail are not read") {
		t.Fatalf("sent to %q:\n%s", p.To, p.Text)
	}
	link := chatLink.FindStringSubmatch(p.Text)
	if link == nil || link[1] != "en" {
		t.Fatalf("no link back to the conversation in:\n%s", p.Text)
	}
	token, _ := url.QueryUnescape(link[2])

	r, err := e.Resume(ctx, token)
	if err != nil || r.SessionID != c.id {
		t.Fatalf("resume: %v, session %q, want %q", err, r.SessionID, c.id)
	}
	var shown []string
	for _, m := range r.Messages {
		if m.Sender == SenderStaff {
			shown = append(shown, m.Text)
		}
	}
	if len(shown) != 2 || r.Handoff == nil || r.Handoff.Agent != "Karim" {
		t.Fatalf("the resumed conversation shows %q, hand-off %+v", shown, r.Handoff)
	}

	// Tampered with, or not a token at all: not found.
	raw := []byte(token)
	raw[3] ^= 1
	for _, bad := range []string{string(raw), token[:len(token)-2], "not-a-token", ""} {
		if _, err := e.Resume(ctx, bad); !errors.Is(err, booking.ErrNotFound) {
			t.Errorf("resume %q: %v, want not found", bad, err)
		}
	}
	// Past the session's time, or once the session is gone: gone.
	clock.add(e.cfg.SessionTTL + time.Minute)
	if _, err := e.Resume(ctx, token); !errors.Is(err, booking.ErrGone) {
		t.Errorf("resume after the session's time: %v, want gone", err)
	}
	clock.add(-e.cfg.SessionTTL - time.Minute)
	if err := e.rdb.Del(ctx, e.stateKey(c.id)).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Resume(ctx, token); !errors.Is(err, booking.ErrGone) {
		t.Errorf("resume once the session is gone: %v, want gone", err)
	}
}

// An answer read in time is not e-mailed: a visitor with the conversation open reads it
// live (nothing is queued), and one who comes back before it is due reads it then (the
// queued message is skipped).
func TestAnswersReadInTimeAreNotMailed(t *testing.T) {
	ctx := context.Background()
	noneHeld(t)
	srv := mailtest.Start(t)
	e, _, _ := reachEngine(t, srv, time.Second)
	c := start(t, e, "fr")
	c.say("Je veux parler à un humain")
	c.say("Mon e-mail : yanis.reach@example.net")
	id := conversationOf(t, e, c.id)
	ch, cancel := stream(t, e, c.id, sentSeq(t, c))
	if err := e.Claim(ctx, id, karim); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	if _, err := e.Answer(ctx, id, karim, "Bonjour, je vous lis."); err != nil {
		t.Fatal(err)
	}
	next(t, ch)
	if states, _ := chatAnswers(t, id); len(states) != 0 {
		t.Fatalf("an answer read live was queued: %v", states)
	}

	leave(t, e, c.id, cancel)
	if _, err := e.Answer(ctx, id, karim, "Vous êtes toujours là ?"); err != nil {
		t.Fatal(err)
	}
	back, _ := stream(t, e, c.id, sentSeq(t, c))
	for p := next(t, back); p.Message.Text != "Vous êtes toujours là ?"; p = next(t, back) {
	}
	if reasons := waitAnswers(t, id, booking.DeliverySkipped); reasons[0] != ReasonVisitorBack && reasons[0] != ReasonRead {
		t.Errorf("skipped for %q", reasons[0])
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d message(s) sent for answers read", n)
	}
}
