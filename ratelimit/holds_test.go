package ratelimit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
	"github.com/dota-agency/dota/ratelimit"
)

// TestHoldsBoundWhatIsOpenAtOnce: places held at once under a key (a client's open
// streams), shared by every replica: past the limit a holder is refused, a release frees
// a place at once, and the place of a holder that stopped renewing it (its replica died)
// frees itself when its lease runs out.
func TestHoldsBoundWhatIsOpenAtOnce(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	a, b := ratelimit.New(rdb, prefix), ratelimit.New(rdb, prefix)
	ctx := context.Background()
	const lease = 600 * time.Millisecond
	hold := func(l *ratelimit.Limiter, holder string) bool {
		t.Helper()
		ok, err := l.Hold(ctx, "streams:198.51.100.7", holder, 3, lease)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for i := range 3 {
		l := a
		if i%2 == 1 {
			l = b
		}
		if !hold(l, fmt.Sprint("s", i)) {
			t.Fatalf("holder %d refused under the limit", i)
		}
	}
	if hold(b, "s3") {
		t.Fatal("a fourth holder took a place")
	}
	if !hold(a, "s1") {
		t.Fatal("a holder was refused the renewal of its own place")
	}
	if ok, _ := a.Hold(ctx, "streams:203.0.113.9", "s0", 3, lease); !ok {
		t.Fatal("another key is full too")
	}
	if err := a.Release(ctx, "streams:198.51.100.7", "s0"); err != nil {
		t.Fatal(err)
	}
	if !hold(b, "s3") {
		t.Fatal("a released place was not free")
	}
	// s1 and s3 keep renewing; s2 stops, as a replica that died would.
	deadline := time.Now().Add(3 * lease)
	for time.Now().Before(deadline) {
		time.Sleep(lease / 4)
		if !hold(a, "s1") || !hold(b, "s3") {
			t.Fatal("a renewing holder lost its place")
		}
		if hold(a, "s4") {
			return
		}
	}
	t.Fatal("the place of a holder that stopped renewing never freed")
}
