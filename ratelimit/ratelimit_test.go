package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
	"github.com/dota-agency/dota/ratelimit"
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

func TestAllowEachCountsEveryBudgetInOneCall(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	l := ratelimit.New(rdb, prefix)
	ctx := context.Background()
	budgets := []ratelimit.Budget{{Key: "ip:1", Limit: 3, Window: time.Minute}, {Key: "session:s", Limit: 2, Window: time.Minute}}
	tests := []struct {
		name string
		want [2]bool
	}{
		{"first", [2]bool{true, true}},
		{"second", [2]bool{true, true}},
		{"third: the session budget is spent", [2]bool{true, false}},
		{"fourth: both are spent", [2]bool{false, false}},
	}
	for _, tt := range tests {
		d, err := l.AllowEach(ctx, budgets...)
		if err != nil {
			t.Fatal(err)
		}
		if got := [2]bool{d[0].Allowed, d[1].Allowed}; got != tt.want {
			t.Fatalf("%s: allowed %v, want %v", tt.name, got, tt.want)
		}
	}
	// Allow and AllowEach share the counters.
	if d, err := l.Allow(ctx, "ip:1", 3, time.Minute); err != nil || d.Allowed {
		t.Fatalf("Allow after AllowEach spent the budget: %+v, %v", d, err)
	}
}

func TestAddressKeyGroupsIPv6By64(t *testing.T) {
	cases := map[string]string{
		"192.0.2.7":                 "192.0.2.7",
		"::ffff:192.0.2.7":          "192.0.2.7",
		"2001:db8:1:2:aaaa::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:bbbb:cccc::9": "2001:db8:1:2::/64",
		"not an address":            "not an address",
	}
	for in, want := range cases {
		if got := ratelimit.AddressKey(in); got != want {
			t.Errorf("AddressKey(%q) = %q, want %q", in, got, want)
		}
	}
}
