package main

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestClosedLoopCountsSuccessesAndErrors(t *testing.T) {
	var calls atomic.Int64
	r := closedLoop(context.Background(), 4, 50*time.Millisecond, func(ctx context.Context, w, i int, rec func(time.Duration)) error {
		n := calls.Add(1)
		time.Sleep(time.Millisecond)
		if n%10 == 0 {
			return errors.New("every tenth fails")
		}
		rec(time.Millisecond)
		return nil
	})
	if r.ops == 0 || r.errors == 0 || r.firstErr != "every tenth fails" {
		t.Fatalf("ops %d errors %d first %q", r.ops, r.errors, r.firstErr)
	}
	if r.lat.count() != r.ops {
		t.Errorf("recorded %d latencies for %d successes", r.lat.count(), r.ops)
	}
	if r.rate() <= 0 {
		t.Errorf("rate %v", r.rate())
	}
}

func TestFanOutRunsEach(t *testing.T) {
	var seen [100]atomic.Bool
	fanOut(len(seen), func(i int) { seen[i].Store(true) })
	for i := range seen {
		if !seen[i].Load() {
			t.Fatalf("index %d did not run", i)
		}
	}
}
