package chatbot

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

// openStream opens the stream of a conversation from an address, or returns why not.
func openStream(t *testing.T, e *Engine, sessionID, client string) (<-chan Push, context.CancelFunc, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ch, err := e.Stream(ctx, sessionID, 0, client)
	return ch, cancel, err
}

// ended waits for the stream to close; false when it is still open after timeout.
func ended(ch <-chan Push, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// TestStreamOnlyWhereSomethingCanBePushed: what a stream carries — a staff member's
// answer, Dota taking the conversation back, a waitlist offer — comes only to a
// conversation the visitor has written in (staff see no other, and the waitlist is joined
// by writing). The stream of a conversation only opened, of an unknown id, or of an ended
// one is refused as not found.
func TestStreamOnlyWhereSomethingCanBePushed(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, id := range []string{c.id, newSessionID(), "nope"} {
		if _, _, err := openStream(t, e, id, "192.0.2.1"); !errors.Is(err, booking.ErrNotFound) {
			t.Fatalf("the stream of %s: %v, want not found", id, err)
		}
	}
	c.say("bonjour")
	if _, _, err := openStream(t, e, c.id, "192.0.2.1"); err != nil {
		t.Fatalf("the stream of a conversation the visitor wrote in: %v", err)
	}
}

// TestStreamsBoundedPerAddress: one address (an IPv6 /64) keeps a few streams open at
// once, counted in Redis so that every replica agrees; past them a stream is refused as
// rate limited, with when to try again; a stream that closes gives its place back.
func TestStreamsBoundedPerAddress(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{StreamsPerAddress: 2})
	other := closedAtEnd(t, New(e.core, pool, e.rdb, Config{RedisPrefix: e.cfg.RedisPrefix, StreamsPerAddress: 2},
		WithClock(e.now), WithLogger(quiet))) // another replica
	var ids []string
	for range 3 {
		c := start(t, e, "fr")
		c.say("bonjour")
		ids = append(ids, c.id)
	}
	_, first, err := openStream(t, e, ids[0], "2001:db8:5:1::1")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := openStream(t, other, ids[1], "2001:db8:5:1::2"); err != nil {
		t.Fatalf("a second stream, on another replica: %v", err)
	}
	_, _, err = openStream(t, e, ids[2], "2001:db8:5:1::3")
	var rl *RateLimitedError
	if !errors.As(err, &rl) || rl.Scope != "stream" || rl.RetryAfter < 1 {
		t.Fatalf("a third stream from the /64: %v, want rate limited with a time to retry", err)
	}
	if _, _, err := openStream(t, e, ids[2], "2001:db8:5:2::1"); err != nil {
		t.Fatalf("another /64: %v", err)
	}
	first()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, _, err := openStream(t, other, ids[2], "2001:db8:5:1::3")
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed stream's place was not given back: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestStreamEndsWithItsSession: a stream lasts no longer than its session: it ends when
// the session expires, and when it is erased (a personal-data request), on every replica.
func TestStreamEndsWithItsSession(t *testing.T) {
	t.Run("expiry", func(t *testing.T) {
		e, _ := newEngine(t, sundayMorning, Config{SessionTTL: 2 * time.Second})
		c := start(t, e, "fr")
		c.say("bonjour")
		ch, _, err := openStream(t, e, c.id, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if ended(ch, time.Second) {
			t.Fatal("the stream ended before its session")
		}
		if !ended(ch, 4*time.Second) {
			t.Fatal("the stream outlived its session's expiry")
		}
	})
	t.Run("erasure", func(t *testing.T) {
		e, _ := newEngine(t, sundayMorning, Config{})
		c := start(t, e, "fr")
		c.say("bonjour")
		ch, _, err := openStream(t, e, c.id, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		sessions{e}.Forget(context.Background(), []string{c.id})
		if !ended(ch, 3*time.Second) {
			t.Fatal("the stream outlived its session's erasure")
		}
	})
}
