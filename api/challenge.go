package api

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	altcha "github.com/altcha-org/altcha-lib-go"
	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
)

// ChallengeConfig configures the proof-of-work challenge of the public forms, on
// ALTCHA's protocol: the server signs (HMAC-SHA-256) a challenge made of a salt carrying
// its expiry and the SHA-256 of salt+N for a secret N up to MaxNumber; the browser finds
// N by trying numbers; the server checks the signature, the expiry, and in Redis that the
// solution is used once.
type ChallengeConfig struct {
	// Key signs the challenges (DOTA_CHALLENGE_KEY). Every replica must share it; when
	// empty, a random key is made for this process, which only suits a single replica.
	Key       string
	MaxNumber int64         // the work: the browser tries MaxNumber/2 hashes on average (DOTA_CHALLENGE_MAX_NUMBER)
	TTL       time.Duration // how long a challenge may be solved and used (DOTA_CHALLENGE_TTL)
}

// Defaults of ChallengeConfig.
const (
	DefaultChallengeMaxNumber = 50_000
	DefaultChallengeTTL       = 5 * time.Minute
	// maxSolutionLen bounds the solution a client may send; a real one is about 300 bytes.
	maxSolutionLen = 2048
)

func (c ChallengeConfig) withDefaults() ChallengeConfig {
	if c.Key == "" {
		c.Key = NewChallengeKey()
	}
	if c.MaxNumber <= 0 {
		c.MaxNumber = DefaultChallengeMaxNumber
	}
	if c.TTL <= 0 {
		c.TTL = DefaultChallengeTTL
	}
	return c
}

// NewChallengeKey returns a random key for signing challenges.
func NewChallengeKey() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// challenges issues and redeems proof-of-work challenges.
type challenges struct {
	cfg    ChallengeConfig
	rdb    redis.Cmdable
	prefix string
}

func newChallenges(rdb redis.Cmdable, prefix string, cfg ChallengeConfig) *challenges {
	return &challenges{cfg: cfg.withDefaults(), rdb: rdb, prefix: prefix + "altcha:"}
}

// errChallenge means a solution is missing, malformed, forged, expired or already used.
var errChallenge = errors.New("challenge not solved")

// issue makes a new signed challenge, valid for the configured time.
func (ch *challenges) issue() (altcha.Challenge, error) {
	expires := time.Now().Add(ch.cfg.TTL)
	return altcha.CreateChallenge(altcha.ChallengeOptions{
		Algorithm: altcha.SHA256, HMACKey: ch.cfg.Key, MaxNumber: ch.cfg.MaxNumber, Expires: &expires,
	})
}

// redeem accepts a solution once: signed with our key, not expired, and never used
// before (its signature is remembered in Redis until the challenge expires).
func (ch *challenges) redeem(ctx context.Context, solution string) error {
	if solution == "" || len(solution) > maxSolutionLen {
		return errChallenge
	}
	ok, err := altcha.VerifySolutionSafe(solution, ch.cfg.Key, true)
	if err != nil || !ok {
		return errChallenge
	}
	raw, err := base64.StdEncoding.DecodeString(solution)
	if err != nil {
		return errChallenge
	}
	var p altcha.Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return errChallenge
	}
	exp, err := strconv.ParseInt(altcha.ExtractParams(p).Get("expires"), 10, 64)
	left := time.Until(time.Unix(exp, 0))
	if err != nil || left <= 0 {
		return errChallenge
	}
	if ch.rdb == nil {
		return errChallenge
	}
	first, err := ch.rdb.SetNX(ctx, ch.prefix+p.Signature, 1, left+time.Second).Result()
	if err != nil {
		return err
	}
	if !first {
		return errChallenge
	}
	return nil
}

// challenge serves GET /api/challenge: a fresh challenge, never cached.
func (g *formGuard) challenge(c *gin.Context) error {
	ch, err := g.challenges.issue()
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, ch)
	return nil
}
