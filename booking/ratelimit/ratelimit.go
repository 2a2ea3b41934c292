// Package ratelimit enforces request budgets shared by every replica, with counters in
// Redis: a budget of N requests per window for each key (a client address, a session,
// an account, or the whole service).
package ratelimit

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limiter counts requests in fixed windows in Redis.
type Limiter struct {
	rdb    redis.Cmdable
	prefix string
	now    func() time.Time
}

// New returns a limiter whose keys start with prefix.
func New(rdb redis.Cmdable, prefix string) *Limiter {
	return &Limiter{rdb: rdb, prefix: prefix + "rl:", now: time.Now}
}

// Decision is the outcome of one request against a budget.
type Decision struct {
	Allowed    bool
	Remaining  int
	RetryAfter time.Duration // until the window resets, when not allowed
}

// RetryAfterSeconds is RetryAfter rounded up to whole seconds, at least 1.
func (d Decision) RetryAfterSeconds() int {
	return max(1, int(math.Ceil(d.RetryAfter.Seconds())))
}

// Allow counts one request for key against a budget of limit per window. An error means
// Redis did not answer; the caller decides whether to fail open or closed.
func (l *Limiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (Decision, error) {
	now := l.now()
	slot := now.UnixMilli() / window.Milliseconds()
	k := fmt.Sprintf("%s%s:%d", l.prefix, key, slot)
	pipe := l.rdb.TxPipeline()
	incr := pipe.Incr(ctx, k)
	pipe.ExpireNX(ctx, k, window+time.Second)
	if _, err := pipe.Exec(ctx); err != nil {
		return Decision{}, err
	}
	n := int(incr.Val())
	d := Decision{Allowed: n <= limit, Remaining: max(limit-n, 0)}
	if !d.Allowed {
		end := time.UnixMilli((slot + 1) * window.Milliseconds())
		d.RetryAfter = end.Sub(now)
	}
	return d, nil
}

// Reset forgets key's count in the current window (after a successful sign-in, say).
func (l *Limiter) Reset(ctx context.Context, key string, window time.Duration) error {
	slot := l.now().UnixMilli() / window.Milliseconds()
	return l.rdb.Del(ctx, fmt.Sprintf("%s%s:%d", l.prefix, key, slot)).Err()
}
