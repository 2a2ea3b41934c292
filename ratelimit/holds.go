package ratelimit

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Holds bound what a client keeps open at once (its event streams, say), across every
// replica: each key is a sorted set of its holders, scored by when their lease runs out.
// A holder renews its lease while it holds the place and releases it when done; the place
// of a holder whose replica died frees itself when the lease runs out, so none leaks for
// longer.

// holdScript takes or renews holder's place under KEYS[1]: ARGV[1] now and ARGV[2] the
// lease's end (milliseconds), ARGV[3] the holder, ARGV[4] the limit, ARGV[5] the lease.
// Lapsed places are dropped first. It returns 1 when the holder has a place, 0 when every
// place is taken.
var holdScript = redis.NewScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then
	return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`)

func (l *Limiter) holdKey(key string) string { return l.prefix + "hold:" + key }

// Hold takes one of limit places under key for holder, or renews the place it has, until
// lease from now; ok is false when every place is taken. An error means Redis did not
// answer.
func (l *Limiter) Hold(ctx context.Context, key, holder string, limit int, lease time.Duration) (ok bool, err error) {
	now := l.now().UnixMilli()
	n, err := holdScript.Run(ctx, l.rdb, []string{l.holdKey(key)}, now, now+lease.Milliseconds(), holder, limit,
		lease.Milliseconds()).Int()
	return n == 1, err
}

// Release gives holder's place under key back.
func (l *Limiter) Release(ctx context.Context, key, holder string) error {
	return l.rdb.ZRem(ctx, l.holdKey(key), holder).Err()
}
