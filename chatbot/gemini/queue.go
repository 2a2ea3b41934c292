package gemini

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/ratelimit"
)

// The AI queue and budget: every replica's calls to Gemini go through the visitor's
// shares of the budget, the site's budget a minute, and a queue shared in Redis that
// paces them, each bounded by the AI time-out.

// QueueConfig tunes the queue.
type QueueConfig struct {
	Key             string        // the queue's key in Redis
	Timeout         time.Duration // the longest a call waits and runs
	Interval        time.Duration // between two calls of any replica
	Max             int           // calls waiting at most
	BudgetPerMinute int           // calls a minute, for the whole site
}

// Ops records the calls for the chat's operations page.
type Ops interface {
	// Count counts one event of each field.
	Count(fields ...string)
	// Depth records the calls waiting ahead of the latest one.
	Depth(n int)
	// Latency records how long a call took.
	Latency(d time.Duration)
}

// Queue makes calls to Gemini within the budgets and the queue.
type Queue struct {
	rdb     redis.UniversalClient
	limiter *ratelimit.Limiter
	cfg     QueueConfig
	ops     Ops
	log     *slog.Logger
}

// NewQueue returns the queue; limiter counts the budgets.
func NewQueue(rdb redis.UniversalClient, limiter *ratelimit.Limiter, cfg QueueConfig, ops Ops, log *slog.Logger) *Queue {
	return &Queue{rdb: rdb, limiter: limiter, cfg: cfg, ops: ops, log: log}
}

// reserveScript takes the next place in the AI queue shared by every replica: calls are
// paced interval apart, on Redis's clock. It returns the wait in milliseconds and the
// number of calls ahead, or -1 when the wait would exceed max_wait or the queue is full.
var reserveScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local maxwait = tonumber(ARGV[2])
local maxdepth = tonumber(ARGV[3])
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
if nxt < now then nxt = now end
local wait = nxt - now
local depth = math.ceil(wait / interval)
if wait >= maxwait or depth >= maxdepth then return {-1, depth} end
redis.call('SET', KEYS[1], nxt + interval, 'PX', wait + interval + 1000)
return {wait, depth}
`)

// Reserve books a turn in the AI queue; ok is false when the caller should not wait.
func (q *Queue) Reserve(ctx context.Context) (wait time.Duration, depth int, ok bool, err error) {
	res, err := reserveScript.Run(ctx, q.rdb, []string{q.cfg.Key},
		q.cfg.Interval.Milliseconds(), q.cfg.Timeout.Milliseconds(), q.cfg.Max).Int64Slice()
	if err != nil {
		return 0, 0, false, err
	}
	return time.Duration(res[0]) * time.Millisecond, int(res[1]), res[0] >= 0, nil
}

// Call makes one call to Gemini within the visitor's shares of the AI budget, the AI
// budget and the queue shared by every replica, bounded by the AI time-out, and counts
// it; it returns how it ended ("ok", or why not).
func (q *Queue) Call(ctx context.Context, shares []ratelimit.Budget, call func(context.Context) error) string {
	deadline := time.Now().Add(q.cfg.Timeout)
	fail := func(outcome string) string {
		aiRequests.WithLabelValues(outcome).Inc()
		q.ops.Count("ai_fail", "ai_fail_"+outcome)
		return outcome
	}
	if !q.withinShares(ctx, shares) {
		return fail("share")
	}
	if d, err := q.limiter.Allow(ctx, "ai-budget", q.cfg.BudgetPerMinute, time.Minute); err != nil || !d.Allowed {
		return fail("budget")
	}
	wait, depth, ok, err := q.Reserve(ctx)
	if err != nil {
		return fail("error")
	}
	q.ops.Depth(depth)
	if !ok {
		return fail("queue_full")
	}
	if wait > 0 {
		select {
		case <-ctx.Done():
			return fail("timeout")
		case <-time.After(wait):
		}
	}
	cctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	callStart := time.Now()
	err = call(cctx)
	took := time.Since(callStart)
	aiDuration.Observe(took.Seconds())
	q.ops.Latency(took)
	if err != nil {
		q.log.WarnContext(ctx, "gemini call failed; answering from rules", "err", err, "took", took)
		return fail(outcomeOf(cctx, err))
	}
	aiRequests.WithLabelValues("ok").Inc()
	q.ops.Count("ai_ok")
	return "ok"
}

// withinShares counts one AI call against each of the visitor's shares, in one round trip;
// it is false when one is spent, or when Redis does not answer.
func (q *Queue) withinShares(ctx context.Context, shares []ratelimit.Budget) bool {
	ds, err := q.limiter.AllowEach(ctx, shares...)
	if err != nil {
		return false
	}
	for _, d := range ds {
		if !d.Allowed {
			return false
		}
	}
	return true
}
