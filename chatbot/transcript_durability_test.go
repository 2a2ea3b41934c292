package chatbot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/privacy"
)

// The transcript keeps every turn a visitor was answered: a database that is locked or
// out of reach delays the writes, it does not lose them; turns are stored in the order
// they were taken, whichever replica took them; a backlog past its bound makes turns
// wait; and a hand-off is answered once it is stored.

// lockTable locks a table from a connection of the test until the returned function is
// called (or the test ends): every write to it waits meanwhile.
func lockTable(t *testing.T, table string) func() {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "LOCK TABLE "+pgx.Identifier{table}.Sanitize()+" IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release := func() { once.Do(func() { _ = tx.Rollback(ctx) }) }
	t.Cleanup(release)
	return release
}

// seen are the messages of a conversation as its visitor saw them, in order.
func seen(t *testing.T, e *Engine, sessionID string) []string {
	t.Helper()
	s, found, err := e.load(context.Background(), sessionID)
	if err != nil || !found {
		t.Fatalf("session %s: found %v, %v", sessionID, found, err)
	}
	out := make([]string, len(s.Messages))
	for i, m := range s.Messages {
		out[i] = m.Text
	}
	return out
}

// stored are the messages of a session's conversation in the transcript, in order.
func stored(t *testing.T, sessionID string) []string {
	t.Helper()
	var out []string
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(array_agg(m.text ORDER BY m.id), '{}')
		FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id WHERE c.session_id = $1`,
		sessionID).Scan(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// flushed waits until every queued turn is in the transcript.
func flushed(t *testing.T, e *Engine) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.FlushTranscripts(ctx); err != nil {
		t.Fatalf("transcript not written: %v", err)
	}
}

func sameTexts(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: stored\n%q\nwant\n%q", what, got, want)
	}
}

// A table locked for longer than a write may wait: every answered turn is stored once the
// lock is gone, in order, none twice.
func TestLockedTranscriptLosesNoTurn(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{DBTimeout: 300 * time.Millisecond})
	c := start(t, e, "fr")
	c.say("Bonjour")
	flushed(t, e)
	release := lockTable(t, "chat_messages")
	other := start(t, e, "en")
	for i := range 4 {
		c.say(fmt.Sprintf("Quels sont vos tarifs ? (%d)", i))
		other.say(fmt.Sprintf("What are your prices? (%d)", i))
		time.Sleep(150 * time.Millisecond) // the writes time out meanwhile
	}
	time.Sleep(400 * time.Millisecond)
	release()
	flushed(t, e)
	sameTexts(t, "the conversation begun before the lock", stored(t, c.id), seen(t, e, c.id))
	sameTexts(t, "the conversation begun during the lock", stored(t, other.id), seen(t, e, other.id))
}

// Two replicas take turns of the same conversations, while the transcript is locked: the
// messages are stored in the order the visitor saw them.
func TestTurnsOfTwoReplicasStoredInOrder(t *testing.T) {
	a, _ := newEngine(t, sundayMorning, Config{DBTimeout: 300 * time.Millisecond})
	b := closedAtEnd(t, New(a.core, pool, a.rdb, a.cfg, WithClock(a.now), WithLogger(quiet)))
	c, d := start(t, a, "fr"), start(t, b, "en")
	release := lockTable(t, "chat_messages")
	for i := range 6 {
		c.e, d.e = []*Engine{a, b}[i%2], []*Engine{b, a}[i%2]
		c.say(fmt.Sprintf("Quels sont vos tarifs ? (%d)", i))
		d.say(fmt.Sprintf("What are your prices? (%d)", i))
	}
	time.Sleep(400 * time.Millisecond)
	release()
	for i := range 4 {
		c.e, d.e = []*Engine{a, b}[i%2], []*Engine{b, a}[i%2]
		c.say(fmt.Sprintf("Et vos délais ? (%d)", i))
		d.say(fmt.Sprintf("How long does it take? (%d)", i))
	}
	flushed(t, a)
	flushed(t, b)
	sameTexts(t, "conversation c", stored(t, c.id), seen(t, a, c.id))
	sameTexts(t, "conversation d", stored(t, d.id), seen(t, a, d.id))
}

// Past the backlog's bound a turn waits until the writer makes room, and is then taken;
// the backlog stays within its bound.
func TestFullTranscriptBacklogMakesTheTurnWait(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{DBTimeout: 5 * time.Second, TranscriptBacklog: 3})
	c := start(t, e, "fr")
	flushed(t, e)
	release := lockTable(t, "chat_messages")
	for i := range 3 {
		c.say(fmt.Sprintf("Quels sont vos tarifs ? (%d)", i))
	}
	const held = 700 * time.Millisecond
	go func() {
		time.Sleep(held)
		release()
	}()
	began := time.Now()
	c.say("Et vos délais ?")
	if waited := time.Since(began); waited < held-100*time.Millisecond {
		t.Errorf("the turn past the bound was answered after %v, before the writer made room", waited)
	}
	if n := e.rdb.XLen(context.Background(), e.transcripts.Key()).Val(); n > 3 {
		t.Errorf("backlog %d turns, bound 3", n)
	}
	flushed(t, e)
	sameTexts(t, "the conversation", stored(t, c.id), seen(t, e, c.id))
}

// When no room comes within the database's time-out, the turn is refused as unavailable
// and not taken: the conversation is as it was.
func TestFullTranscriptBacklogRefusesTheTurnInTheEnd(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{DBTimeout: 400 * time.Millisecond, TranscriptBacklog: 2})
	c := start(t, e, "fr")
	flushed(t, e)
	release := lockTable(t, "chat_messages")
	c.say("Quels sont vos tarifs ?")
	c.say("Et vos délais ?")
	before := seen(t, e, c.id)
	_, err := e.Send(context.Background(), c.id, "Vous êtes où ?", "", "192.0.2.1")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("a turn past a backlog that does not drain: %v, want unavailable", err)
	}
	sameTexts(t, "the session after the refused turn", seen(t, e, c.id), before)
	release()
	flushed(t, e)
	sameTexts(t, "the conversation", stored(t, c.id), seen(t, e, c.id))
}

// A hand-off is answered only once it is stored: while the transcript cannot be written,
// the visitor is told Dota is unavailable; the turn is stored once it can be.
func TestHandoffAnsweredOnlyOnceStored(t *testing.T) {
	e, _ := newEngine(t, tuesdayMorning, Config{DBTimeout: 300 * time.Millisecond})
	c := start(t, e, "fr")
	flushed(t, e)
	release := lockTable(t, "chat_messages")
	_, err := e.Send(context.Background(), c.id, "je veux parler à un humain", "", "192.0.2.1")
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("a hand-off not stored was answered: %v", err)
	}
	release()
	flushed(t, e)
	sameTexts(t, "the conversation", stored(t, c.id), seen(t, e, c.id))
	var state string
	if err := pool.QueryRow(context.Background(), `SELECT state FROM chat_conversations WHERE session_id = $1`,
		c.id).Scan(&state); err != nil || state != HandoffWaiting {
		t.Errorf("conversation state %q (%v), want waiting", state, err)
	}
}

// An erasure while the person's turns wait for the writer: they are written first and
// erased with the rest; nothing of hers comes back after.
func TestErasureWithQueuedTurnsLeavesNothingWrittenBack(t *testing.T) {
	ctx := context.Background()
	e, core := newEngine(t, time.Now(), Config{})
	clientID := herClient(t, core)
	hers := start(t, e, "fr")
	hers.say("Je voudrais prendre rendez-vous")
	hers.say(herName)
	hers.expect(StepEmail)
	hers.say(herEmail)
	hers.expect(StepPhone)
	her := conversationOf(t, e, hers.id)
	// Another conversation's row is held by a transaction of the test: the writer waits on
	// it, and her next turns wait behind.
	busy := start(t, e, "fr")
	busy.say("Bonjour")
	flushed(t, e)
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SELECT 1 FROM chat_conversations WHERE session_id = $1 FOR UPDATE`, busy.id); err != nil {
		t.Fatal(err)
	}
	busy.say("Quels sont vos tarifs ?")
	time.Sleep(50 * time.Millisecond)
	hers.say(herPhone)
	hers.expect(StepCompany)
	hers.say("Atlas " + herName)

	done := make(chan error, 1)
	go func() {
		_, err := requests(e, core).Erase(ctx, clientID, privacy.Request{Confirm: herName, By: "admin@dota.dz"})
		done <- err
	}()
	select {
	case err := <-done:
		done <- err
	case <-time.After(500 * time.Millisecond):
	}
	_ = tx.Rollback(ctx)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	flushed(t, e)
	if got := texts(t, her); len(got) == 0 || strings.Join(got, "") != "" {
		t.Errorf("her conversation after the erasure: %q", got)
	}
	var collected string
	var phone *string
	if err := pool.QueryRow(ctx, `SELECT collected::text, phone_e164 FROM chat_conversations WHERE id = $1`, her).
		Scan(&collected, &phone); err != nil || collected != "{}" || phone != nil {
		t.Errorf("her conversation keeps %s, number %v (%v)", collected, phone, err)
	}
	if _, found, err := e.load(ctx, hers.id); found || err != nil {
		t.Errorf("her session is still in Redis (%v)", err)
	}
}

// Turns written again — a batch whose commit the writer could not confirm, or that a
// writer gone wrote without acknowledging — add no message twice.
func TestTurnsWrittenAgainAddNothingTwice(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	s := e.newSession("fr")
	s.ConversationID = transcript.NewUUID()
	var turns []transcript.Turn
	for i := range 3 {
		msgs := []Message{s.add(SenderUser, fmt.Sprintf("question %d", i), "", sundayMorning),
			s.add(SenderBot, fmt.Sprintf("réponse %d", i), SourceRule, sundayMorning)}
		turns = append(turns, transcript.Turn{Conversation: s.ConversationID, Session: s.ID, Lang: s.Lang, Step: StepGreeting,
			Started: s.StartedAt, Messages: msgs})
	}
	turns[1].Change = &stateChange{State: HandoffWaiting, Reason: ReasonAsked}
	for range 2 {
		if err := e.transcripts.WriteTurns(ctx, turns); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.transcripts.WriteTurns(ctx, turns[1:]); err != nil {
		t.Fatal(err)
	}
	sameTexts(t, "the conversation written three times", stored(t, s.ID),
		[]string{"question 0", "réponse 0", "question 1", "réponse 1", "question 2", "réponse 2"})
}

// A writer that read turns and died before writing them (its replica was killed) holds
// them no more once its lease expires: the next writer claims and writes them.
func TestTurnsADeadWriterReadAreWritten(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	const dead = "writer-dead"
	lease := e.transcripts.LeaseKey()
	if err := e.rdb.Set(ctx, lease, dead, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	for i := range 3 {
		c.say(fmt.Sprintf("Quels sont vos tarifs ? (%d)", i))
	}
	key := e.transcripts.Key()
	if err := e.rdb.XGroupCreate(ctx, key, transcript.WritersGroup, "0").Err(); err != nil {
		t.Fatal(err)
	}
	read, err := e.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: transcript.WritersGroup, Consumer: dead,
		Streams: []string{key, ">"}, Count: 100, Block: -1}).Result()
	// Three turns: the greeting is written with the visitor's first message.
	if err != nil || len(read) == 0 || len(read[0].Messages) != 3 {
		t.Fatalf("the dead writer read %v (%v), want the 3 turns", read, err)
	}
	if got := stored(t, c.id); len(got) != 0 {
		t.Fatalf("written while another holds the lease: %q", got)
	}
	e.rdb.PExpire(ctx, lease, 100*time.Millisecond) // it died: its lease runs out
	flushed(t, e)
	sameTexts(t, "the conversation", stored(t, c.id), seen(t, e, c.id))
	if p, err := e.rdb.XPending(ctx, key, transcript.WritersGroup).Result(); err != nil || p.Count != 0 {
		t.Errorf("entries still unacknowledged: %+v (%v)", p, err)
	}
	writers, err := e.rdb.XInfoConsumers(ctx, key, transcript.WritersGroup).Result()
	if err != nil || len(writers) != 1 || writers[0].Name == dead {
		t.Errorf("the group's writers after the claim: %+v (%v), want the live one alone", writers, err)
	}
}
