package chatbot

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

func TestOps(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	now := time.Date(2026, 11, 22, 10, 30, 15, 0, time.UTC)
	e := New(nil, nil, rdb, Config{RedisPrefix: prefix}, WithClock(func() time.Time { return now }), WithLogger(quiet))
	ctx := context.Background()

	// 10:30: three rule answers, one AI answer at 400 ms and one at 2.5 s, a queue of 2.
	e.opsIncr("msg_rule", "funnel_started")
	e.opsIncr("msg_rule", "funnel_started")
	e.opsIncr("msg_rule", "funnel_contact")
	e.opsIncr("msg_ai", "ai_ok")
	e.opsLatency(400 * time.Millisecond)
	e.opsIncr("msg_ai", "ai_ok")
	e.opsLatency(2500 * time.Millisecond)
	e.opsMax("queue_max", 2)
	e.opsMax("queue_max", 1)
	// 10:45: a failure answered from the rules, a rate-limit rejection, a booking.
	now = now.Add(15 * time.Minute)
	e.opsIncr("msg_fallback", "ai_fail", "ai_fail_timeout")
	e.opsIncr("rate_limited", "funnel_booked")

	rep, err := e.Ops(ctx, "1h")
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Points) != 60 || rep.StepSeconds != 60 || !rep.Points[59].Time.Equal(time.Date(2026, 11, 22, 10, 45, 0, 0, time.UTC)) {
		t.Fatalf("%d points, step %d, last %v", len(rep.Points), rep.StepSeconds, rep.Points[59].Time)
	}
	p := rep.Points[44] // 10:30
	if !p.Time.Equal(time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)) || p.Messages[SourceRule] != 3 ||
		p.Messages[SourceAI] != 2 || p.AIRequests != 2 || p.QueueDepthMax != 2 || p.Started != 2 || p.ContactCollected != 1 {
		t.Fatalf("10:30 point %+v", p)
	}
	if p.AILatencyP50Ms != 500 || p.AILatencyP95Ms != 3000 {
		t.Fatalf("latency p50 %d p95 %d", p.AILatencyP50Ms, p.AILatencyP95Ms)
	}
	last := rep.Points[59]
	if last.Fallbacks != 1 || last.AIFailures != 1 || last.RateLimited != 1 || last.Booked != 1 || last.Messages[SourceFallback] != 1 {
		t.Fatalf("10:45 point %+v", last)
	}
	tot := rep.Totals
	if tot.Started != 2 || tot.ContactCollected != 1 || tot.Booked != 1 || tot.AIRequests != 3 || tot.AIFailures != 1 {
		t.Fatalf("totals %+v", tot)
	}

	day, err := e.Ops(ctx, "24h")
	if err != nil || len(day.Points) != 24 || day.Points[23].Messages[SourceRule] != 3 || day.Points[23].Booked != 1 {
		t.Fatalf("24h: %v %+v", err, day.Points[23])
	}
	week, err := e.Ops(ctx, "7d")
	if err != nil || len(week.Points) != 168 || week.Totals.Messages[SourceAI] != 2 {
		t.Fatalf("7d: %v %d %+v", err, len(week.Points), week.Totals)
	}
	if _, err := e.Ops(ctx, "2h"); !errors.Is(err, ErrBadWindow) {
		t.Fatalf("bad window: %v", err)
	}
}

// Each replica gathers its counts and adds them to the shared series once a second, and
// when it closes; a replica reading the series adds its own first.
func TestOpsGatheredByEachReplica(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	now := time.Date(2026, 11, 22, 10, 30, 15, 0, time.UTC)
	clock := WithClock(func() time.Time { return now })
	a := New(nil, nil, rdb, Config{RedisPrefix: prefix}, clock, WithLogger(quiet))
	b := New(nil, nil, rdb, Config{RedisPrefix: prefix}, clock, WithLogger(quiet))
	ctx := context.Background()
	rules := func(e *Engine) int64 {
		t.Helper()
		rep, err := e.Ops(ctx, "1h")
		if err != nil {
			t.Fatal(err)
		}
		return rep.Totals.Messages[SourceRule]
	}
	a.opsIncr("msg_rule")
	a.opsIncr("msg_rule")
	a.opsMax("queue_max", 3)
	if n := rules(a); n != 2 {
		t.Fatalf("the replica that counted reads %d", n)
	}
	b.opsIncr("msg_rule")
	deadline := time.Now().Add(3 * opsFlushEvery)
	for rules(a) != 3 {
		if time.Now().After(deadline) {
			t.Fatalf("the other replica's count never arrived: %d", rules(a))
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.opsIncr("msg_rule")
	if err := b.Close(ctx); err != nil {
		t.Fatal(err)
	}
	rep, err := a.Ops(ctx, "1h")
	if err != nil || rep.Totals.Messages[SourceRule] != 4 || rep.Totals.QueueDepthMax != 3 {
		t.Fatalf("after the other replica closed: %+v, %v", rep.Totals, err)
	}
	_ = a.Close(ctx)
}
