package console

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
)

// Session is a signed-in user's session, as a request sees it.
type Session struct {
	User      User
	CSRFToken string
	hash      string
}

// ID names the session without revealing its token (the SHA-256 of the token).
func (s *Session) ID() string { return s.hash }

// CheckCSRF reports, in constant time, whether token is the session's CSRF token.
func (s *Session) CheckCSRF(token string) bool {
	return token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.CSRFToken)) == 1
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (c *Console) sessionKey(hash string) string        { return c.prefix + "sess:" + hash }
func (c *Console) userSessionsKey(userID string) string { return c.prefix + "usess:" + userID }

// openSession stores a new session for the user and returns its token; only the token's
// SHA-256 is kept in Redis.
func (c *Console) openSession(ctx context.Context, u User) (token, csrf string, err error) {
	token, csrf = randomToken(), randomToken()
	hash := hashToken(token)
	now := c.now()
	pipe := c.rdb.TxPipeline()
	pipe.HSet(ctx, c.sessionKey(hash), "user_id", u.ID, "csrf", csrf, "created", now.Unix())
	pipe.Expire(ctx, c.sessionKey(hash), min(c.cfg.SessionIdle, c.cfg.SessionAbsolute))
	pipe.SAdd(ctx, c.userSessionsKey(u.ID), hash)
	pipe.Expire(ctx, c.userSessionsKey(u.ID), c.cfg.SessionAbsolute)
	_, err = pipe.Exec(ctx)
	return token, csrf, err
}

// Authenticate returns the session a token opens, with the user as stored now, and
// extends its idle expiry. An unknown, expired or revoked token, or an inactive user,
// is ErrUnauthenticated.
func (c *Console) Authenticate(ctx context.Context, token string) (*Session, error) {
	return c.authenticate(ctx, token, true)
}

// StillValid reports whether the session a token opens is still valid, without counting
// as activity (a live-event stream left open must not keep a session alive).
func (c *Console) StillValid(ctx context.Context, token string) (*Session, error) {
	return c.authenticate(ctx, token, false)
}

func (c *Console) authenticate(ctx context.Context, token string, touch bool) (*Session, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrUnauthenticated
	}
	hash := hashToken(token)
	vals, err := c.rdb.HGetAll(ctx, c.sessionKey(hash)).Result()
	if err != nil {
		return nil, err
	}
	created, _ := strconv.ParseInt(vals["created"], 10, 64)
	if vals["user_id"] == "" || created == 0 {
		return nil, ErrUnauthenticated
	}
	left := time.Unix(created, 0).Add(c.cfg.SessionAbsolute).Sub(c.now())
	if left <= 0 {
		c.rdb.Del(ctx, c.sessionKey(hash))
		return nil, ErrUnauthenticated
	}
	u, err := c.User(ctx, vals["user_id"])
	if errors.Is(err, errNoUser) || (err == nil && !u.IsActive) {
		if err := c.endSession(ctx, vals["user_id"], hash); err != nil {
			c.log.WarnContext(ctx, "console: the session of a user gone not ended in Redis; it expires on its own", "err", err)
		}
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, err
	}
	if touch {
		c.rdb.Expire(ctx, c.sessionKey(hash), min(c.cfg.SessionIdle, left))
	}
	return &Session{User: u, CSRFToken: vals["csrf"], hash: hash}, nil
}

// Logout ends the session, and its live-event streams on every replica.
func (c *Console) Logout(ctx context.Context, s *Session) error {
	if err := c.endSession(ctx, s.User.ID, s.hash); err != nil {
		return err
	}
	c.publish(ctx, booking.Event{Kind: EventSessionEnded, IDs: []string{s.hash}})
	return nil
}

func (c *Console) endSession(ctx context.Context, userID, hash string) error {
	pipe := c.rdb.TxPipeline()
	pipe.Del(ctx, c.sessionKey(hash))
	pipe.SRem(ctx, c.userSessionsKey(userID), hash)
	_, err := pipe.Exec(ctx)
	return err
}

// EndSessions ends every session of the user at once (deactivation, deletion, role or
// password change).
func (c *Console) EndSessions(ctx context.Context, userID string) error {
	hashes, err := c.rdb.SMembers(ctx, c.userSessionsKey(userID)).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return err
	}
	keys := []string{c.userSessionsKey(userID)}
	for _, h := range hashes {
		keys = append(keys, c.sessionKey(h))
	}
	if err := c.rdb.Del(ctx, keys...).Err(); err != nil {
		return err
	}
	c.publish(ctx, booking.Event{Kind: EventSessionEnded, IDs: []string{userID}})
	return nil
}

// SessionLifetime is the absolute lifetime of a session, for the cookie's Max-Age.
func (c *Console) SessionLifetime() time.Duration { return c.cfg.SessionAbsolute }
