package chatbot

import (
	"context"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// An answer read or written by a replica is kept by it, so a question asked again costs
// no round trip; other replicas read it from Redis; no copy outlives the Redis entry.
func TestReplyCacheKeptByTheReplicaNoLongerThanInRedis(t *testing.T) {
	fake := geminitest.New(t, aiReply)
	g := newGemini(t, fake)
	cfg := Config{AIQueueInterval: time.Millisecond, ReplyCacheTTL: 400 * time.Millisecond}
	a, core := newEngine(t, sundayMorning, cfg, WithAI(g))
	clock := func() time.Time { return sundayMorning }
	b := closedAtEnd(t, New(core, pool, a.rdb, a.cfg, WithClock(clock), WithLogger(quiet), WithAI(g)))
	ctx := context.Background()
	q := "Pouvez-vous gérer ma page Instagram ?"
	source := func(e *Engine) string {
		t.Helper()
		c := start(t, e, "fr")
		c.say(q)
		return c.last.Messages[0].Source
	}
	if src := source(a); src != SourceAI {
		t.Fatalf("first answer from %q", src)
	}
	if src := source(b); src != SourceCache || fake.Calls() != 1 {
		t.Fatalf("the other replica answered from %q after %d calls", src, fake.Calls())
	}
	keys, err := a.rdb.Keys(ctx, a.key("reply", "*")).Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("reply keys %v, %v", keys, err)
	}
	// Both replicas keep their copy: with Redis's entry changed, they still answer from it.
	a.rdb.Set(ctx, keys[0], "a newer answer", 0)
	if src := source(a); src != SourceCache {
		t.Fatalf("answer from %q", src)
	}
	if c := start(t, b, "fr"); c.say(q) != aiReply {
		t.Fatalf("the other replica answered %q", c.last.Messages[0].Text)
	}
	a.rdb.Del(ctx, keys[0])
	time.Sleep(450 * time.Millisecond)
	if src := source(a); src != SourceAI || fake.Calls() != 2 {
		t.Fatalf("after the entry's life: answer from %q after %d calls", src, fake.Calls())
	}
}
