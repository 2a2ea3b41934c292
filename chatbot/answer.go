package chatbot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/ratelimit"
)

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
	if v, ok := e.replies.Get(ctx, cacheKey); ok {
		cacheLookups.WithLabelValues("reply", "hit").Inc()
		return v, SourceCache
	}
	cacheLookups.WithLabelValues("reply", "miss").Inc()

	var ans string
	outcome := e.queue.Call(ctx, shares, func(cctx context.Context) error {
		var err error
		if ans, err = e.ai.Generate(cctx, e.prompt(lang, message, cat)); err == nil {
			if ans = clip(ans); ans == "" {
				err = gemini.ErrEmpty
			}
		}
		return err
	})
	if outcome != "ok" {
		return fallback, SourceFallback
	}
	e.replies.Put(ctx, cacheKey, ans)
	return ans, SourceAI
}

// aiOps records the AI queue's calls in the operations counters (gemini.Ops).
type aiOps struct{ e *Engine }

func (o aiOps) Count(fields ...string)  { o.e.opsIncr(fields...) }
func (o aiOps) Latency(d time.Duration) { o.e.opsLatency(d) }

func (o aiOps) Depth(n int) {
	aiQueueDepth.Set(float64(n))
	o.e.opsMax("queue_max", int64(n))
}
