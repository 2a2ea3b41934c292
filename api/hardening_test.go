package api_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/migrations/testdb"
)

// testClock is a clock the test moves forward.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *testClock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// throttleServer is a router with the console on a clock of its own, behind the given
// trusted proxies, so that a test names each attempt's address in X-Forwarded-For.
func throttleServer(t *testing.T, cfg console.Config, proxies []netip.Prefix) (string, *testClock) {
	t.Helper()
	clk := &testClock{t: now}
	r, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := booking.New(pool, booking.WithClock(clk.now))
	cons := console.New(core, pool, r, prefix, cfg, log)
	events := api.NewEvents(cons, log)
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, DB: pool, Redis: r, Web: webApp,
		Logger: log, Console: cons, Events: events, TrustedProxies: proxies, PublicURL: publicURL})))
	t.Cleanup(func() {
		events.Close()
		srv.Close()
	})
	return srv.URL, clk
}

// login signs in from the client address xff names (the test client is the proxy).
func login(t *testing.T, base, email, password, xff string) response {
	t.Helper()
	return do(t, "POST", base+"/api/admin/login", map[string]any{"email": email, "password": password},
		"X-Forwarded-For", xff)
}

// retryAfter is a 429's Retry-After in seconds, failing the test for any other answer.
func retryAfter(t *testing.T, r response, what string) int {
	t.Helper()
	n, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != http.StatusTooManyRequests || errorCode(r) != "rate_limited" || err != nil || n < 1 {
		t.Fatalf("%s: %d %q %s, want 429 rate_limited with Retry-After", what, r.Status, r.Header.Get("Retry-After"), r.Raw)
	}
	return n
}

func TestLoginCountsFailuresNotSuccesses(t *testing.T) {
	base, _ := throttleServer(t, console.Config{LoginPerIP: 3, LoginPerEmail: 2}, loopback)
	email, password := newUser(t, "editor")
	for i := range 6 {
		if r := login(t, base, email, password, "203.0.113.5"); r.Status != http.StatusOK {
			t.Fatalf("sign-in %d from one address: %d %s", i+1, r.Status, r.Raw)
		}
	}
	for i := range 2 {
		if r := login(t, base, email, "wrong password", "203.0.113.5"); r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	retryAfter(t, login(t, base, email, password, "203.0.113.5"), "the right password once the free failures are spent")
}

func TestLoginBacksOffProgressivelyAndBoundedly(t *testing.T) {
	window := 10 * time.Minute
	base, clk := throttleServer(t, console.Config{LoginPerEmail: 2, LoginPerIP: 100, LoginWindow: window}, loopback)
	email, password := newUser(t, "editor")
	const from = "198.51.100.23"
	for range 2 {
		login(t, base, email, "wrong password", from)
	}
	prev := 0
	for step := range 8 {
		wait := retryAfter(t, login(t, base, email, password, from), fmt.Sprintf("step %d", step+1))
		if wait < prev || time.Duration(wait)*time.Second > window {
			t.Fatalf("step %d: wait %ds after %ds; want growing waits, never past %s", step+1, wait, prev, window)
		}
		if step > 0 && wait == prev && time.Duration(wait)*time.Second < window {
			t.Fatalf("step %d: the wait did not grow (%ds)", step+1, wait)
		}
		prev = wait
		clk.add(time.Duration(wait) * time.Second)
		if r := login(t, base, email, "wrong password", from); r.Status != http.StatusUnauthorized {
			t.Fatalf("step %d: once the wait is over, the attempt is checked: %d %s", step+1, r.Status, r.Raw)
		}
	}
	if time.Duration(prev)*time.Second != window {
		t.Fatalf("the wait stops growing at the window: last %ds", prev)
	}
	clk.add(window)
	if r := login(t, base, email, password, from); r.Status != http.StatusOK {
		t.Fatalf("after the longest lock-out the right password signs in: %d %s", r.Status, r.Raw)
	}
}

func TestLoginFailuresElsewhereDoNotLockTheOwnerOut(t *testing.T) {
	base, _ := throttleServer(t, console.Config{LoginPerEmail: 3, LoginPerAccount: 6, LoginPerIP: 100}, loopback)
	email, password := newUser(t, "editor")
	// Many addresses guess the account until each is locked out.
	for i := range 5 {
		from := fmt.Sprintf("192.0.2.%d", 10+i)
		for {
			r := login(t, base, email, "guess "+from, from)
			if r.Status == http.StatusTooManyRequests {
				break
			}
			if r.Status != http.StatusUnauthorized {
				t.Fatalf("guess from %s: %d %s", from, r.Status, r.Raw)
			}
		}
		retryAfter(t, login(t, base, email, password, from), "the right password from a guessing address")
	}
	// The account is under attack: a new address gets a single free failure...
	if r := login(t, base, email, "one more guess", "192.0.2.200"); r.Status != http.StatusUnauthorized {
		t.Fatalf("first guess from a new address: %d %s", r.Status, r.Raw)
	}
	retryAfter(t, login(t, base, email, "and another", "192.0.2.200"), "second guess from a new address under attack")
	// ...and the owner, from a clean address, signs in.
	if r := login(t, base, strings.ToUpper(email), password, "198.51.100.77"); r.Status != http.StatusOK {
		t.Fatalf("the owner from a clean address: %d %s", r.Status, r.Raw)
	}
}

func TestLoginKeysIPv6AddressesByTheir64(t *testing.T) {
	base, _ := throttleServer(t, console.Config{LoginPerIP: 3, LoginPerEmail: 5}, loopback)
	// One /64 tries many accounts from ever new addresses.
	for i := range 3 {
		from := fmt.Sprintf("2001:db8:1:2::%x", 0x100+i)
		if r := login(t, base, fmt.Sprintf("nobody%d@dota.test", i), "a guess", from); r.Status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s", i+1, r.Status, r.Raw)
		}
	}
	retryAfter(t, login(t, base, "someone@dota.test", "a guess", "2001:db8:1:2:ffff:ffff:ffff:fffe"), "a fourth address of the same /64")
	if r := login(t, base, "someone@dota.test", "a guess", "2001:db8:1:3::1"); r.Status != http.StatusUnauthorized {
		t.Fatalf("another /64: %d %s", r.Status, r.Raw)
	}
}

// TestForgedForwardedForDoesNotDodgeLimits: a client names itself in X-Forwarded-For
// anew at each attempt. From a peer that is not a trusted proxy the header is ignored;
// through a trusted proxy that appends the real client, only the proxy's entry counts.
// Either way the attempts count against the client's real address.
func TestForgedForwardedForDoesNotDodgeLimits(t *testing.T) {
	cases := []struct {
		name    string
		proxies []netip.Prefix
		xff     func(i int) string
	}{
		{"untrusted peer", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")},
			func(i int) string { return fmt.Sprintf("198.51.100.%d", i) }},
		{"through a trusted proxy that appends", loopback,
			func(i int) string { return fmt.Sprintf("198.51.100.%d, 203.0.113.9", i) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base, _ := throttleServer(t, console.Config{LoginPerIP: 3, LoginPerEmail: 5}, tc.proxies)
			for i := range 3 {
				if r := login(t, base, fmt.Sprintf("nobody%d@dota.test", i), "a guess", tc.xff(i)); r.Status != http.StatusUnauthorized {
					t.Fatalf("guess %d: %d %s", i+1, r.Status, r.Raw)
				}
			}
			retryAfter(t, login(t, base, "someone@dota.test", "a guess", tc.xff(99)), "a fourth guess under a new forged address")
		})
	}
}

// TestJSONRoutesRequireJSON: a body not declared as JSON is refused before anything is
// done — a cross-site form or text/plain post (login CSRF) signs nobody in.
func TestJSONRoutesRequireJSON(t *testing.T) {
	srv := newConsoleServer(t)
	email, password := newUser(t, "editor")
	creds := fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)
	for _, ct := range []string{"text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
		r := do(t, "POST", srv.URL+"/api/admin/login?lang=en", creds, "Content-Type", ct)
		fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != http.StatusBadRequest || errorCode(r) != "validation" || fields["body"] == nil ||
			r.Header.Get("Set-Cookie") != "" {
			t.Errorf("login as %q: %d %s %q", ct, r.Status, r.Raw, r.Header.Get("Set-Cookie"))
		}
	}
	if r := do(t, "POST", srv.URL+"/api/newsletter", `{"email":"someone@example.com"}`, "Content-Type", "text/plain"); r.Status != http.StatusBadRequest || errorCode(r) != "validation" {
		t.Errorf("newsletter as text/plain: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "POST", srv.URL+"/api/admin/login", creds, "Content-Type", "application/json; charset=utf-8"); r.Status != http.StatusOK {
		t.Errorf("login as JSON with a charset: %d %s", r.Status, r.Raw)
	}
}

// TestPersonalAnswersAreNotStored: every answer that carries a visitor's personal data
// says Cache-Control: no-store.
func TestPersonalAnswersAreNotStored(t *testing.T) {
	srv := newConsoleServer(t)
	start := do(t, "POST", srv.URL+"/api/chat/sessions", map[string]string{"lang": "en"})
	id, _ := start.Body["session_id"].(string)
	if id == "" {
		t.Fatalf("chat start: %d %s", start.Status, start.Raw)
	}
	answers := map[string]response{
		"chat start":    start,
		"chat message":  do(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": "my e-mail is amina@example.com"}),
		"chat read":     do(t, "GET", srv.URL+"/api/chat/sessions/"+id, nil),
		"booking":       do(t, "POST", srv.URL+"/api/appointments", map[string]string{"name": "Amina", "email": "amina@example.com"}),
		"newsletter":    do(t, "POST", srv.URL+"/api/newsletter", map[string]string{"email": "amina@example.com"}),
		"console login": do(t, "POST", srv.URL+"/api/admin/login", map[string]string{"email": "x@dota.test", "password": "y"}),
	}
	for what, r := range answers {
		if r.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s (%d): Cache-Control %q, want no-store", what, r.Status, r.Header.Get("Cache-Control"))
		}
	}
	if r := do(t, "GET", srv.URL+"/api/services", nil); r.Header.Get("Cache-Control") == "no-store" {
		t.Error("the public catalogue is no-store too: only personal answers should be")
	}
}
