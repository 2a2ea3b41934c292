package chatbot

import (
	"context"
	"errors"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/redis/go-redis/v9"
)

// The reply cache holds Gemini's answer to a question for ReplyCacheTTL, in Redis, shared
// by every replica. Each replica also keeps the answers it read or wrote last for a few
// seconds, never longer than the Redis entry lives, so that a question asked again and
// again costs no round trip.

const (
	// localReplies is how many answers a replica keeps.
	localReplies = 512
	// localReplyLife is the longest a replica keeps an answer.
	localReplyLife = 30 * time.Second
)

// localReply is an answer kept by this replica until a moment of the wall clock (the
// Redis entry's expiry is wall-clock time too, whatever clock the engine runs on).
type localReply struct {
	text  string
	until time.Time
}

func newLocalReplies() *lru.Cache[string, localReply] {
	c, err := lru.New[string, localReply](localReplies)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// cachedReply returns the cached answer under key, if any.
func (e *Engine) cachedReply(ctx context.Context, key string) (string, bool) {
	if r, ok := e.replies.Get(key); ok {
		if time.Now().Before(r.until) {
			return r.text, true
		}
		e.replies.Remove(key)
	}
	pipe := e.rdb.Pipeline()
	get := pipe.Get(ctx, key)
	ttl := pipe.PTTL(ctx, key)
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return "", false
	}
	v := get.Val()
	if v == "" {
		return "", false
	}
	if left := ttl.Val(); left > 0 {
		e.replies.Add(key, localReply{text: v, until: time.Now().Add(min(left, localReplyLife))})
	}
	return v, true
}

// storeReply caches Gemini's answer under key.
func (e *Engine) storeReply(ctx context.Context, key, answer string) {
	e.rdb.Set(ctx, key, answer, e.cfg.ReplyCacheTTL)
	e.replies.Add(key, localReply{text: answer, until: time.Now().Add(min(e.cfg.ReplyCacheTTL, localReplyLife))})
}
