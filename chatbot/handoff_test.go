package chatbot

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/transcript"
)

// tuesdayMorning is within office hours: Tuesday 24 November 2026, 10:00 in Algiers.
var tuesdayMorning = time.Date(2026, 11, 24, 10, 0, 0, 0, algiers)

var (
	karim = Agent{ID: "00000000-0000-4000-8000-00000000000a", Name: "Karim"}
	nadia = Agent{ID: "00000000-0000-4000-8000-00000000000b", Name: "Nadia"}
)

// movableClock is a clock a test moves forward.
type movableClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *movableClock) get() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *movableClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// handoffEngine returns an engine within office hours whose clock the test moves.
func handoffEngine(t *testing.T) (*Engine, *movableClock) {
	t.Helper()
	clock := &movableClock{now: tuesdayMorning}
	e, _ := newEngine(t, tuesdayMorning, Config{}, WithClock(clock.get))
	return e, clock
}

// conversationOf is the id staff know a conversation by.
func conversationOf(t *testing.T, e *Engine, sessionID string) string {
	t.Helper()
	s, found, err := e.load(context.Background(), sessionID)
	if err != nil || !found || s.ConversationID == "" {
		t.Fatalf("conversation of %s: found %v, %v", sessionID, found, err)
	}
	return s.ConversationID
}

// stream opens the visitor's stream after the numbered message.
func stream(t *testing.T, e *Engine, sessionID string, after int) (<-chan Push, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ch, err := e.Stream(ctx, sessionID, after, "")
	if err != nil {
		t.Fatal(err)
	}
	return ch, cancel
}

// next waits for the stream's next push.
func next(t *testing.T, ch <-chan Push) Push {
	t.Helper()
	select {
	case p, ok := <-ch:
		if !ok {
			t.Fatal("the stream closed")
		}
		return p
	case <-time.After(5 * time.Second):
		t.Fatal("no push within 5 s")
	}
	return Push{}
}

func lastSeq(r Reply) int {
	n, _ := strconv.Atoi(r.Messages[len(r.Messages)-1].ID)
	return n
}

func TestHandoffByPhrase(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ lang, msg, want string }{
		{"fr", "je voudrais parler à un conseiller", "moins de 2 min"},
		{"en", "can I speak to someone from your team", "within 2 min"},
		{"ar", "بغيت نهدر مع واحد من الفريق", "أقل من 2 دقيقة"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			e, _ := handoffEngine(t)
			c := start(t, e, tc.lang)
			c.say(tc.msg)
			if c.last.Handoff == nil || c.last.Handoff.State != HandoffWaiting {
				t.Fatalf("handoff %+v, want waiting; bot said %q", c.last.Handoff, c.text())
			}
			if !strings.Contains(c.text(), tc.want) {
				t.Errorf("bot said %q, want the usual wait %q", c.text(), tc.want)
			}
			// While the visitor waits, Dota stays quiet and staff see what they write.
			c.say("c'est pour un site e-commerce")
			if len(c.last.Messages) != 0 || c.last.Handoff == nil || c.last.Handoff.State != HandoffWaiting {
				t.Fatalf("while waiting Dota said %q (handoff %+v)", c.text(), c.last.Handoff)
			}
			id := conversationOf(t, e, c.id)
			d, err := e.ConversationDetail(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if d.State != HandoffWaiting || d.HandoffReason != ReasonAsked || d.HandoffAt == nil {
				t.Errorf("inbox: %+v, want waiting, asked", d.Summary)
			}
			if got := d.Transcript[len(d.Transcript)-1]; got.Sender != SenderUser || got.Text != "c'est pour un site e-commerce" {
				t.Errorf("last stored message %+v", got)
			}
			page, err := e.Inbox(ctx, transcript.InboxFilter{State: HandoffWaiting}, booking.Paging{})
			if err != nil {
				t.Fatal(err)
			}
			if page.Waiting < 1 || !containsConversation(page.Items, id) {
				t.Errorf("waiting inbox %+v lacks %s", page, id)
			}
		})
	}
}

func containsConversation(items []transcript.Summary, id string) bool {
	for _, s := range items {
		if s.ID == id {
			return true
		}
	}
	return false
}

func TestHandoffAfterThreeFailures(t *testing.T) {
	e, _ := handoffEngine(t)
	c := start(t, e, "fr")
	c.say("oui")
	c.say("Amine Benali")
	for _, bad := range []string{"abc", "def", "ghi"} {
		c.say(bad)
	}
	if !strings.Contains(strings.Join(c.quickValues(), "|"), text("fr", "qr_person")) {
		t.Fatalf("after three failures, quick replies %v offer no person", c.quickValues())
	}
	c.say(text("fr", "qr_person"))
	if c.last.Handoff == nil || c.last.Handoff.State != HandoffWaiting {
		t.Fatalf("handoff %+v, want waiting; bot said %q", c.last.Handoff, c.text())
	}
	d, err := e.ConversationDetail(context.Background(), conversationOf(t, e, c.id))
	if err != nil {
		t.Fatal(err)
	}
	if d.HandoffReason != ReasonFailures || d.Collected.Name != "Amine Benali" {
		t.Errorf("inbox: reason %q, collected %+v", d.HandoffReason, d.Collected)
	}

	// A plain "oui" accepts the offer too; anything else goes on with the step.
	c = start(t, e, "en")
	c.say("yes")
	c.say("Amine Benali")
	for _, bad := range []string{"abc", "def", "ghi"} {
		c.say(bad)
	}
	c.say("amine@example.com")
	if c.last.Handoff != nil {
		t.Fatalf("an e-mail after the offer handed off: %q", c.text())
	}
	c.expect(StepPhone)
}

func TestClaimAnswerRelease(t *testing.T) {
	ctx := context.Background()
	e, _ := handoffEngine(t)
	c := start(t, e, "ar")
	c.say("أريد التحدث مع شخص")
	id := conversationOf(t, e, c.id)
	ch, _ := stream(t, e, c.id, lastSeq(c.last))

	// Staff answer only what they hold.
	if _, err := e.Answer(ctx, id, karim, "Bonjour"); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("answer before taking: %v, want a conflict", err)
	}
	if err := e.Claim(ctx, id, karim); err != nil {
		t.Fatal(err)
	}
	if err := e.Claim(ctx, id, karim); err != nil {
		t.Fatalf("taking again one's own conversation: %v", err)
	}
	err := e.Claim(ctx, id, nadia)
	var held *HeldError
	if !errors.As(err, &held) || held.Agent != "Karim" || !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("a second staff member took it: %v", err)
	}
	joined := next(t, ch)
	if joined.Handoff == nil || joined.Handoff.State != HandoffStaff || joined.Handoff.Agent != "Karim" ||
		!strings.Contains(joined.Message.Text, "Karim") {
		t.Fatalf("joined push %+v", joined)
	}
	if _, err := e.Answer(ctx, id, nadia, "Bonjour"); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("answer by another staff member: %v", err)
	}
	m, err := e.Answer(ctx, id, karim, "مرحبا، كيف يمكنني مساعدتك؟")
	if err != nil {
		t.Fatal(err)
	}
	got := next(t, ch)
	if got.Message.ID != m.ID || got.Message.Sender != SenderStaff || got.Message.Author != "Karim" {
		t.Fatalf("staff push %+v, want %+v", got, m)
	}
	// Dota is quiet while staff hold the conversation, however long.
	c.say("أريد موقعًا لمتجري")
	if len(c.last.Messages) != 0 || c.last.Handoff.State != HandoffStaff || c.last.Handoff.Agent != "Karim" {
		t.Fatalf("while held Dota said %q (%+v)", c.text(), c.last.Handoff)
	}
	if n, err := e.ExpireHandoffs(ctx); err != nil || n != 0 {
		t.Fatalf("expired a held conversation: %d, %v", n, err)
	}

	if err := e.Release(ctx, id, nadia, false); !errors.Is(err, booking.ErrConflict) {
		t.Fatalf("another staff member handed it back: %v", err)
	}
	if err := e.Release(ctx, id, karim, false); err != nil {
		t.Fatal(err)
	}
	back := next(t, ch)
	if back.Handoff == nil || back.Handoff.State != HandoffEnded || back.Message.Sender != SenderBot {
		t.Fatalf("release push %+v", back)
	}
	c.say("ما هي أسعاركم؟")
	if c.last.Handoff != nil || len(c.last.Messages) == 0 {
		t.Fatalf("after the release Dota said %q (%+v)", c.text(), c.last.Handoff)
	}
	d, err := e.ConversationDetail(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if d.State != StateBot || d.Agent != "" {
		t.Errorf("after the release: %+v", d.Summary)
	}
	var staff bool
	for _, m := range d.Transcript {
		staff = staff || (m.Sender == SenderStaff && m.Author == "Karim")
	}
	if !staff {
		t.Errorf("the transcript lacks the staff answer: %+v", d.Transcript)
	}
	if _, err := e.Answer(ctx, id, karim, " "); err == nil {
		t.Error("an empty answer was accepted")
	}
}

func TestHandoffTimeoutResumes(t *testing.T) {
	ctx := context.Background()
	e, clock := handoffEngine(t)
	c := start(t, e, "en")
	c.say("I want to talk to a human")
	ch, _ := stream(t, e, c.id, lastSeq(c.last))
	clock.add(time.Minute)
	if n, err := e.ExpireHandoffs(ctx); err != nil || n != 0 {
		t.Fatalf("expired within the wait: %d, %v", n, err)
	}
	clock.add(61 * time.Second)
	if n, err := e.ExpireHandoffs(ctx); err != nil || n != 1 {
		t.Fatalf("expired %d, %v; want 1", n, err)
	}
	p := next(t, ch)
	if p.Handoff == nil || p.Handoff.State != HandoffEnded || !strings.Contains(p.Message.Text, "nobody from the team") {
		t.Fatalf("timeout push %+v", p)
	}
	if n, _ := e.ExpireHandoffs(ctx); n != 0 {
		t.Fatalf("expired twice")
	}
	c.say("what are your prices?")
	if c.last.Handoff != nil || len(c.last.Messages) == 0 {
		t.Fatalf("after the timeout Dota said %q", c.text())
	}
	d, err := e.ConversationDetail(ctx, conversationOf(t, e, c.id))
	if err != nil || d.State != StateBot {
		t.Fatalf("after the timeout: %+v, %v", d.Summary, err)
	}

	// A visitor who writes after the wait gets Dota back at once, timer or not.
	c = start(t, e, "en")
	c.say("I want to talk to a human")
	clock.add(3 * time.Minute)
	c.say("what are your prices?")
	if c.last.Handoff == nil || c.last.Handoff.State != HandoffEnded || !strings.Contains(c.text(), "nobody from the team") ||
		len(c.last.Messages) < 2 {
		t.Fatalf("after the wait Dota said %q (%+v)", c.text(), c.last.Handoff)
	}
}

func TestOutOfHoursCallback(t *testing.T) {
	ctx := context.Background()
	thursdayEvening := time.Date(2026, 11, 26, 18, 30, 0, 0, algiers)
	e, _ := newEngine(t, thursdayEvening, Config{})
	c := start(t, e, "fr")
	c.say("je veux parler à quelqu'un de l'équipe")
	if c.last.Handoff != nil {
		t.Fatalf("out of hours the visitor waits: %+v", c.last.Handoff)
	}
	c.expect(StepGreeting, "de retour le dimanche 29 novembre 2026 à 09:00")
	if vals := c.quickValues(); len(vals) != 2 || vals[0] != text("fr", "qr_callback") {
		t.Fatalf("quick replies %v", vals)
	}
	c.say(text("fr", "qr_callback"))
	c.expect(StepName, "recontactera")
	if c.last.Flow != FlowCallback {
		t.Errorf("flow %q, want callback", c.last.Flow)
	}
	c.say("Amine Benali")
	c.say("amine@example.com")
	c.say("0555 12 34 56")
	c.expect(StepGreeting, "Merci Amine Benali", "dimanche 29 novembre 2026")
	d, err := e.ConversationDetail(ctx, conversationOf(t, e, c.id))
	if err != nil {
		t.Fatal(err)
	}
	if d.State != HandoffWaiting || d.HandoffReason != ReasonCallback || d.Collected.Phone == "" {
		t.Fatalf("callback in the inbox: %+v %+v", d.Summary, d.Collected)
	}
	// Dota goes on answering meanwhile, and staff may close the call back once done.
	c.say("quels sont vos tarifs ?")
	if len(c.last.Messages) == 0 {
		t.Fatal("Dota stayed quiet after a call back")
	}
	if err := e.Release(ctx, d.ID, nadia, false); err != nil {
		t.Fatal(err)
	}
}

// TestStreamsInOrderAcrossReplicas drives a conversation from two engines sharing one
// Redis, as two replicas do: the visitor's stream on one, staff on the other. Every
// answer arrives once and in order, and a stream that reconnects after the last one it
// has gets only what followed.
func TestStreamsInOrderAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	a, _ := handoffEngine(t)
	b := New(a.core, pool, a.rdb, Config{RedisPrefix: a.cfg.RedisPrefix}, WithClock(a.now), WithLogger(quiet))
	c := start(t, a, "fr")
	c.say("je veux parler à un humain")
	id := conversationOf(t, a, c.id)
	ch, cancel := stream(t, a, c.id, lastSeq(c.last))
	if err := b.Claim(ctx, id, karim); err != nil {
		t.Fatal(err)
	}
	const n = 30
	done := make(chan error, 1)
	go func() {
		for i := range n {
			if _, err := b.Answer(ctx, id, karim, "réponse "+strconv.Itoa(i)); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	first := next(t, ch) // Karim joined
	prev := first.Seq()
	for i := range n / 2 {
		p := next(t, ch)
		if p.Seq() != prev+1 || p.Message.Text != "réponse "+strconv.Itoa(i) {
			t.Fatalf("push %d: %+v after %d", i, p.Message, prev)
		}
		prev = p.Seq()
	}
	// The network drops; the widget reconnects with the last id it has.
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	ch2, _ := stream(t, b, c.id, prev)
	for i := n / 2; i < n; i++ {
		p := next(t, ch2)
		if p.Seq() != prev+1 || p.Message.Text != "réponse "+strconv.Itoa(i) {
			t.Fatalf("after reconnecting, push %+v after %d", p.Message, prev)
		}
		prev = p.Seq()
	}
	select {
	case p := <-ch2:
		t.Fatalf("an extra push %+v", p)
	case <-time.After(100 * time.Millisecond):
	}
}

// TestTheProfilesHoursDecideTheHandoff: once the agency profile sets office hours, they
// decide whether a visitor waits for a person, not DOTA_OFFICE_HOURS (the configured ones).
func TestTheProfilesHoursDecideTheHandoff(t *testing.T) {
	ctx := context.Background()
	thursdayEvening := time.Date(2026, 11, 26, 18, 30, 0, 0, algiers)
	e, core := newEngine(t, thursdayEvening, Config{})
	before, err := core.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := core.SaveSettings(ctx, before); err != nil {
			t.Error(err)
		}
	})
	st := before
	st.Agency.Hours = booking.Hours{Days: []string{"sun", "mon", "tue", "wed", "thu"}, Opens: "08:00", Closes: "20:00"}
	if _, err := core.SaveSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	c.say("je veux parler à quelqu'un de l'équipe")
	if c.last.Handoff == nil || c.last.Handoff.State != HandoffWaiting {
		t.Fatalf("within the profile's hours (until 20:00) the visitor waits: %+v; bot said %q", c.last.Handoff, c.text())
	}
}
