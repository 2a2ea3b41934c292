package chatbot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/ratelimit"
)

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

// reserve books a turn in the AI queue; ok is false when the caller should not wait.
func (e *Engine) reserve(ctx context.Context) (wait time.Duration, depth int, ok bool, err error) {
	res, err := reserveScript.Run(ctx, e.rdb, []string{e.key("ai", "next")},
		e.cfg.AIQueueInterval.Milliseconds(), e.cfg.AITimeout.Milliseconds(), e.cfg.AIQueueMax).Int64Slice()
	if err != nil {
		return 0, 0, false, err
	}
	return time.Duration(res[0]) * time.Millisecond, int(res[1]), res[0] >= 0, nil
}

// aiShares are the visitor's shares of the AI budget a free question counts against: their
// conversation's and, when the chat knows it, their address's, each AIVisitorShare calls
// a minute.
func (t *turn) aiShares() []ratelimit.Budget {
	share := t.e.cfg.AIVisitorShare
	out := []ratelimit.Budget{{Key: "ai:session:" + t.s.ID, Limit: share, Window: rateWindow}}
	if t.address != "" {
		out = append(out, ratelimit.Budget{Key: "ai:ip:" + t.address, Limit: share, Window: rateWindow})
	}
	return out
}

// answerFree answers a free question: from the rules when one applies; else from Gemini
// through the reply cache, the visitor's shares of the AI budget, the AI budget and the
// queue; else, when Gemini is absent, failing, over a budget or too slow, from the rules'
// general answer. A visitor over their share does not count against the site's budget.
func (e *Engine) answerFree(ctx context.Context, shares []ratelimit.Budget, lang, message string, ws []string, cat catalogueData) (string, string) {
	if ans, ok := e.ruleAnswer(lang, ws, cat); ok {
		return ans, SourceRule
	}
	fallback := text(lang, "answer_fallback")
	if e.ai == nil {
		return fallback, SourceFallback
	}
	sum := sha256.Sum256([]byte(strings.Join(ws, " ")))
	// The agency's profile is in the prompt: an answer given before it changed is not reused.
	cacheKey := e.key("reply", lang, factsVersion(), hex.EncodeToString(sum[:16]))
	if v, ok := e.cachedReply(ctx, cacheKey); ok {
		cacheLookups.WithLabelValues("reply", "hit").Inc()
		return v, SourceCache
	}
	cacheLookups.WithLabelValues("reply", "miss").Inc()

	var ans string
	outcome := e.callAI(ctx, shares, func(cctx context.Context) error {
		var err error
		if ans, err = e.ai.Generate(cctx, e.prompt(lang, message, cat)); err == nil {
			if ans = clip(ans); ans == "" {
				err = ErrAIEmpty
			}
		}
		return err
	})
	if outcome != "ok" {
		return fallback, SourceFallback
	}
	e.storeReply(ctx, cacheKey, ans)
	return ans, SourceAI
}

// callAI makes one call to Gemini within the visitor's shares of the AI budget, the AI
// budget and the queue shared by every replica, bounded by the AI time-out, and counts
// it; it returns how it ended ("ok", or why not).
func (e *Engine) callAI(ctx context.Context, shares []ratelimit.Budget, call func(context.Context) error) string {
	deadline := time.Now().Add(e.cfg.AITimeout)
	fail := func(outcome string) string {
		aiRequests.WithLabelValues(outcome).Inc()
		e.opsIncr("ai_fail", "ai_fail_"+outcome)
		return outcome
	}
	if !e.withinShares(ctx, shares) {
		return fail("share")
	}
	if d, err := e.limiter.Allow(ctx, "ai-budget", e.cfg.AIBudgetPerMinute, time.Minute); err != nil || !d.Allowed {
		return fail("budget")
	}
	wait, depth, ok, err := e.reserve(ctx)
	if err != nil {
		return fail("error")
	}
	aiQueueDepth.Set(float64(depth))
	e.opsMax("queue_max", int64(depth))
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
	e.opsLatency(took)
	if err != nil {
		e.log.WarnContext(ctx, "gemini call failed; answering from rules", "err", err, "took", took)
		return fail(aiOutcome(cctx, err))
	}
	aiRequests.WithLabelValues("ok").Inc()
	e.opsIncr("ai_ok")
	return "ok"
}

// withinShares counts one AI call against each of the visitor's shares, in one round trip;
// it is false when one is spent, or when Redis does not answer.
func (e *Engine) withinShares(ctx context.Context, shares []ratelimit.Budget) bool {
	ds, err := e.limiter.AllowEach(ctx, shares...)
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
