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
// returning its token (for the cookie) and the session. Failed attempts are throttled
// per account and address, per address and per account across replicas (throttle.go);
// a successful one is not counted.
func (c *Console) Login(ctx context.Context, email, password, ip string) (string, *Session, error) {
	email = booking.NormalizeEmail(email)
	keys := c.loginKeys(email, ip)
	if err := c.beginLogin(ctx, keys); err != nil {
		return "", nil, err
	}
	if len(password) > MaxPasswordLen || email == "" || len(email) > booking.EmailMaxLen || password == "" {
		signIns.WithLabelValues("invalid").Inc()
		return "", nil, ErrInvalidCredentials
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
	c.loginOK(ctx, keys)
	signIns.WithLabelValues("success").Inc()
	return token, &Session{User: u, CSRFToken: csrf, hash: hashToken(token)}, nil
}
