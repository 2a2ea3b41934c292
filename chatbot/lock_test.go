package chatbot

import (
	"context"
	"errors"
	"testing"
)

func TestRateLimitedMessageHoldsNoLock(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{SessionMessageLimit: 1, IPMessageLimit: 100})
	c := start(t, e, "fr")
	c.say("bonjour")
	ctx := context.Background()
	_, err := e.Send(ctx, c.id, "encore", "", "192.0.2.1")
	var rl *RateLimitedError
	if !errors.As(err, &rl) {
		t.Fatalf("err %v, want rate limited", err)
	}
	if n, err := e.rdb.Exists(ctx, e.key("lock", c.id)).Result(); err != nil || n != 0 {
		t.Fatalf("the conversation's lock is held after a refused message: %d, %v", n, err)
	}
}

func TestTurnReleasesTheLockWithTheSave(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	c.say("bonjour")
	ctx := context.Background()
	if n, err := e.rdb.Exists(ctx, e.key("lock", c.id)).Result(); err != nil || n != 0 {
		t.Fatalf("the conversation's lock is held after the turn: %d, %v", n, err)
	}
}

// The save runs the unlock script by its digest; when Redis has lost its scripts (a
// restart), the lock is still released.
func TestTurnReleasesTheLockAfterRedisLostItsScripts(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	ctx := context.Background()
	if err := e.rdb.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	c.say("bonjour")
	if n, err := e.rdb.Exists(ctx, e.key("lock", c.id)).Result(); err != nil || n != 0 {
		t.Fatalf("the conversation's lock is held after the turn: %d, %v", n, err)
	}
	c.say("merci") // would wait for the lock, then fail busy, had it stayed
}
