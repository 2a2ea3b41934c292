package console

import (
	"context"
	"errors"
	"sync"

	"github.com/dota-agency/dota/booking"
)

// dummyHash is verified against when the e-mail is unknown, so that a wrong e-mail costs
// the same time as a wrong password and reveals nothing.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword(RandomPassword(24))
	if err != nil {
		panic(err)
	}
	return h
})

// MaxPasswordLen bounds a password, so a huge one cannot make hashing expensive.
const MaxPasswordLen = 256

// Login checks the e-mail and password of an active user and opens a fresh session,
// returning its token (for the cookie) and the session. Attempts are throttled per
// address and per e-mail across replicas.
func (c *Console) Login(ctx context.Context, email, password, ip string) (string, *Session, error) {
	email = booking.NormalizeEmail(email)
	if err := c.throttle(ctx, "login:ip:"+ip, c.cfg.LoginPerIP); err != nil {
		return "", nil, err
	}
	if len(password) > MaxPasswordLen || email == "" || len(email) > booking.EmailMaxLen || password == "" {
		signIns.WithLabelValues("invalid").Inc()
		return "", nil, ErrInvalidCredentials
	}
	if err := c.throttle(ctx, "login:email:"+email, c.cfg.LoginPerEmail); err != nil {
		return "", nil, err
	}
	u, hash, err := c.userByEmail(ctx, email)
	if errors.Is(err, errNoUser) {
		_, _ = CheckPassword(dummyHash(), password)
		signIns.WithLabelValues("invalid").Inc()
		return "", nil, ErrInvalidCredentials
	}
	if err != nil {
		return "", nil, err
	}
	ok, err := CheckPassword(hash, password)
	if err != nil || !ok || !u.IsActive {
		signIns.WithLabelValues("invalid").Inc()
		return "", nil, ErrInvalidCredentials
	}
	token, csrf, err := c.openSession(ctx, u)
	if err != nil {
		return "", nil, err
	}
	_ = c.limiter.Reset(ctx, "login:email:"+email, c.cfg.LoginWindow)
	signIns.WithLabelValues("success").Inc()
	return token, &Session{User: u, CSRFToken: csrf, hash: hashToken(token)}, nil
}

// throttle counts one sign-in attempt against key's budget.
func (c *Console) throttle(ctx context.Context, key string, limit int) error {
	d, err := c.limiter.Allow(ctx, key, limit, c.cfg.LoginWindow)
	if err != nil {
		return err
	}
	if !d.Allowed {
		signIns.WithLabelValues("throttled").Inc()
		return &ThrottledError{RetryAfter: d.RetryAfterSeconds()}
	}
	return nil
}
