package console

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/ratelimit"
)

// The sign-in throttle counts failures only, in three records kept in Redis (shared by
// every replica):
//
//   - per account and address (an IPv6 address by its /64): LoginPerEmail failures are
//     free, then each further failure locks that pair out for twice as long as the one
//     before — loginBackoffBase, then twice that, and so on — up to LoginWindow;
//   - per address, whatever the account: LoginPerIP failures lock the address out until
//     LoginWindow has passed since its last failure (one address trying many accounts);
//   - per account, whatever the address: past LoginPerAccount failures the account is
//     under attack, and every pair on it gets one free failure instead of LoginPerEmail
//     (many addresses guessing one account).
//
// The address's and the account's records are forgotten LoginWindow after their last
// failure; a pair's after twice that, so that its back-off stays at its longest while
// the guessing goes on. An attempt is counted as a
// failure before its password is checked, in one atomic step with the checks, so that
// concurrent attempts cannot slip past the count; a successful sign-in takes its count
// back and clears its pair. No failure on one pair locks another pair out: an attacker
// can lock out their own addresses, never the account's owner signing in from a clean
// address, whatever they do elsewhere — the price is that a guesser with many addresses
// gets one guess per address per back-off step.

// loginBackoffBase is the first lock-out of a pair once its free failures are spent.
const loginBackoffBase = 15 * time.Second

// loginAttempt checks the three records and counts the attempt as a failure in each,
// atomically. It answers 0 when the attempt may go on, else the milliseconds to wait.
var loginAttempt = redis.NewScript(`
local now, window, free, freeUnderAttack = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local maxAddress, maxAccount, base = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local function load(key, memory)
  local v = redis.call('HMGET', key, 'n', 'last')
  local n, last = tonumber(v[1]) or 0, tonumber(v[2]) or 0
  if n > 0 and now - last >= memory then n = 0 end
  return n, last
end
local np, lastp = load(KEYS[1], 2 * window)
local na, lasta = load(KEYS[2], window)
local nc = load(KEYS[3], window)
if na >= maxAddress then return math.max(1, math.ceil(lasta + window - now)) end
if nc >= maxAccount then free = freeUnderAttack end
if np >= free then
  local lock = math.min(window, base * 2 ^ (np - free))
  if now < lastp + lock then return math.max(1, math.ceil(lastp + lock - now)) end
end
for i, n in ipairs({np, na, nc}) do
  redis.call('HSET', KEYS[i], 'n', n + 1, 'last', now)
  redis.call('PEXPIRE', KEYS[i], i == 1 and 2 * window or window)
end
return 0
`)

// loginSucceeded takes a successful attempt's count back: the pair is cleared, the
// address and the account lose the one failure the attempt was counted as.
var loginSucceeded = redis.NewScript(`
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if (tonumber(redis.call('HGET', KEYS[i], 'n')) or 0) > 0 then redis.call('HINCRBY', KEYS[i], 'n', -1) end
end
return 0
`)

// loginKeys are the pair's, the address's and the account's records; the e-mail is
// hashed, so that any input makes a short key.
func (c *Console) loginKeys(email, ip string) []string {
	sum := sha256.Sum256([]byte(email))
	account := hex.EncodeToString(sum[:12])
	address := ratelimit.AddressKey(ip)
	p := c.prefix + "login:"
	return []string{p + "pair:" + account + ":" + address, p + "addr:" + address, p + "acct:" + account}
}

// beginLogin counts a sign-in attempt as a failure, or refuses it with the time to wait.
func (c *Console) beginLogin(ctx context.Context, keys []string) error {
	wait, err := loginAttempt.Run(ctx, c.rdb, keys, c.now().UnixMilli(), c.cfg.LoginWindow.Milliseconds(),
		c.cfg.LoginPerEmail, 1, c.cfg.LoginPerIP, c.cfg.LoginPerAccount, loginBackoffBase.Milliseconds()).Int64()
	if err != nil {
		return err
	}
	if wait > 0 {
		signIns.WithLabelValues("throttled").Inc()
		return &ThrottledError{RetryAfter: int((wait + 999) / 1000)}
	}
	return nil
}

// loginOK takes a successful sign-in's count back.
func (c *Console) loginOK(ctx context.Context, keys []string) {
	if err := loginSucceeded.Run(ctx, c.rdb, keys).Err(); err != nil {
		c.log.WarnContext(ctx, "sign-in throttle: could not take a success back", "err", err)
	}
}
