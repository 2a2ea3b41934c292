package gemini

import (
	"context"
	"errors"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/redis/go-redis/v9"
)

// The reply cache holds Gemini's answer to a question for its time to live, in Redis,
// shared by every replica. Each replica also keeps the answers it read or wrote last for a few
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

// ReplyCache is the reply cache. It is safe for concurrent use.
type ReplyCache struct {
	rdb   redis.UniversalClient
	ttl   time.Duration
	local *lru.Cache[string, localReply] // the answers this replica keeps
}

// NewReplyCache returns the cache of answers kept in rdb for ttl.
func NewReplyCache(rdb redis.UniversalClient, ttl time.Duration) *ReplyCache {
	c, err := lru.New[string, localReply](localReplies)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &ReplyCache{rdb: rdb, ttl: ttl, local: c}
}

// Get returns the cached answer under key, if any.
func (c *ReplyCache) Get(ctx context.Context, key string) (string, bool) {
	if r, ok := c.local.Get(key); ok {
		if time.Now().Before(r.until) {
			return r.text, true
		}
		c.local.Remove(key)
	}
	pipe := c.rdb.Pipeline()
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
		c.local.Add(key, localReply{text: v, until: time.Now().Add(min(left, localReplyLife))})
	}
	return v, true
}

// Put caches Gemini's answer under key.
func (c *ReplyCache) Put(ctx context.Context, key, answer string) {
	c.rdb.Set(ctx, key, answer, c.ttl)
	c.local.Add(key, localReply{text: answer, until: time.Now().Add(min(c.ttl, localReplyLife))})
}
