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
	d, err := l.AllowEach(ctx, Budget{Key: key, Limit: limit, Window: window})
	if err != nil {
		return Decision{}, err
	}
	return d[0], nil
}

// Budget is one budget a request counts against.
type Budget struct {
	Key    string
	Limit  int
	Window time.Duration
}

// AllowEach counts one request against each budget in a single round trip to Redis and
// returns the decisions in the same order. The request is allowed when every decision is.
func (l *Limiter) AllowEach(ctx context.Context, budgets ...Budget) ([]Decision, error) {
	pipe := l.rdb.TxPipeline()
	decide := l.Queue(ctx, pipe, budgets...)
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	return decide()
}

// Queue adds the counting of one request against each budget to a pipeline, so that a
// caller may send it with commands of its own (in a transaction pipeline, to count
// atomically). decide reads the decisions once the pipeline has run.
func (l *Limiter) Queue(ctx context.Context, pipe redis.Pipeliner, budgets ...Budget) (decide func() ([]Decision, error)) {
	now := l.now()
	incrs := make([]*redis.IntCmd, len(budgets))
	slots := make([]int64, len(budgets))
	for i, b := range budgets {
		slots[i] = now.UnixMilli() / b.Window.Milliseconds()
		k := fmt.Sprintf("%s%s:%d", l.prefix, b.Key, slots[i])
		incrs[i] = pipe.Incr(ctx, k)
		pipe.ExpireNX(ctx, k, b.Window+time.Second)
	}
	return func() ([]Decision, error) {
		out := make([]Decision, len(budgets))
		for i, b := range budgets {
			n64, err := incrs[i].Result()
			if err != nil {
				return nil, err
			}
			n := int(n64)
			d := Decision{Allowed: n <= b.Limit, Remaining: max(b.Limit-n, 0)}
			if !d.Allowed {
				end := time.UnixMilli((slots[i] + 1) * b.Window.Milliseconds())
				d.RetryAfter = end.Sub(now)
			}
			out[i] = d
		}
		return out, nil
	}
}

// Reset forgets key's count in the current window (after a successful sign-in, say).
func (l *Limiter) Reset(ctx context.Context, key string, window time.Duration) error {
	slot := l.now().UnixMilli() / window.Milliseconds()
	return l.rdb.Del(ctx, fmt.Sprintf("%s%s:%d", l.prefix, key, slot)).Err()
}
