package console

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/migrations/testdb"
)

// clock is a settable fixed clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newConsole(t *testing.T, clk *clock) *Console {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	core := booking.New(pool, booking.WithClock(clk.now))
	return New(core, pool, rdb, prefix, Config{LoginPerEmail: 3}, nil)
}

func TestSessionsExpireAndEnd(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)}
	c := newConsole(t, clk)
	ctx := t.Context()
	u, err := c.CreateUser(ctx, User{}, UserInput{Email: "sess@dota.test", Password: ptr("a long password")})
	if err != nil {
		t.Fatal(err)
	}
	token, s, err := c.Login(ctx, "SESS@dota.test", "a long password", "10.0.0.1")
	if err != nil || s.User.ID != u.ID || s.CSRFToken == "" {
		t.Fatalf("login: %v", err)
	}
	if stored, _ := c.rdb.Keys(ctx, c.prefix+"sess:*").Result(); len(stored) != 1 || stored[0] == c.sessionKey(token) {
		t.Fatalf("the token itself is stored: %v", stored)
	}
	if ttl := c.rdb.TTL(ctx, c.sessionKey(hashToken(token))).Val(); ttl <= 0 || ttl > DefaultSessionIdle {
		t.Fatalf("idle expiry %s", ttl)
	}
	if _, err := c.Authenticate(ctx, token); err != nil {
		t.Fatal(err)
	}
	if !s.CheckCSRF(s.CSRFToken) || s.CheckCSRF("") || s.CheckCSRF(s.CSRFToken+"x") {
		t.Fatal("CSRF comparison")
	}
	clk.add(DefaultSessionAbsolute + time.Minute)
	if _, err := c.Authenticate(ctx, token); !errors.Is(err, ErrUnauthenticated) {
		t.Fatalf("past the absolute expiry: %v", err)
	}

	clk.add(time.Hour)
	t1, _, _ := c.Login(ctx, "sess@dota.test", "a long password", "10.0.0.1")
	t2, _, _ := c.Login(ctx, "sess@dota.test", "a long password", "10.0.0.2")
	if t1 == t2 {
		t.Fatal("two sign-ins share a token")
	}
	if err := c.EndSessions(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{t1, t2} {
		if _, err := c.Authenticate(ctx, tok); !errors.Is(err, ErrUnauthenticated) {
			t.Fatalf("a session outlived EndSessions: %v", err)
		}
	}
	if _, _, err := c.Login(ctx, "nobody@dota.test", "whatever it is", "10.0.0.3"); !errors.Is(err, ErrInvalidCredentials) {
		t.Fatalf("unknown e-mail: %v", err)
	}
}

func TestLoginThrottle(t *testing.T) {
	t.Parallel()
	clk := &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)}
	c := newConsole(t, clk)
	var last error
	for range 4 {
		_, _, last = c.Login(t.Context(), "throttle@dota.test", "wrong", "10.0.0.9")
	}
	var th *ThrottledError
	if !errors.As(last, &th) || th.RetryAfter < 1 {
		t.Fatalf("fourth attempt with a budget of 3: %v", last)
	}
}

func TestConcurrentFirstAdmins(t *testing.T) {
	if _, err := pool.Exec(t.Context(), `DELETE FROM admin_users`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = CreateFirstAdmin(t.Context(), pool, "first"+string(rune('a'+i))+"@dota.test", RoleAdmin, "a long password", true)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if !errors.Is(err, ErrAdminExists) {
			t.Fatalf("unexpected: %v", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d first admins created, want 1", ok)
	}
}

func ptr[T any](v T) *T { return &v }
