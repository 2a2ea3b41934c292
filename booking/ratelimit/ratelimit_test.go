package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking/ratelimit"
	"github.com/dota-agency/dota/migrations/testdb"
)

func TestBudgetHoldsAcrossLimiters(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	// Two limiters on one Redis stand for two replicas.
	a, b := ratelimit.New(rdb, prefix), ratelimit.New(rdb, prefix)
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := a
			if i%2 == 1 {
				l = b
			}
			d, err := l.Allow(context.Background(), "ai", 20, time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			if d.Allowed {
				allowed.Add(1)
			} else if d.RetryAfterSeconds() < 1 || d.RetryAfter > time.Minute {
				t.Errorf("retry after %v", d.RetryAfter)
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != 20 {
		t.Fatalf("%d allowed, want 20", allowed.Load())
	}
	if err := a.Reset(context.Background(), "ai", time.Minute); err != nil {
		t.Fatal(err)
	}
	if d, _ := b.Allow(context.Background(), "ai", 20, time.Minute); !d.Allowed {
		t.Fatal("still limited after reset")
	}
}
