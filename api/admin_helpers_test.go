package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/migrations/testdb"
)

// consoleServer is a router with the console, on the package's database and a Redis
// prefix of its own.
type consoleServer struct {
	*httptest.Server
	Console *console.Console
	Prefix  string
}

func newConsoleServer(t *testing.T) *consoleServer {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	return newConsoleServerOn(t, prefix, rdb)
}

func newConsoleServerOn(t *testing.T, prefix string, r *redis.Client, tune ...func(*api.Deps)) *consoleServer {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	core := booking.New(pool, booking.WithClock(func() time.Time { return now }),
		booking.WithPublisher(live.NewPublisher[booking.Event](r, prefix, log)))
	cons := console.New(core, pool, r, prefix, console.Config{}, log)
	events := api.NewEvents(cons, log)
	dota := closedAtEnd(t, chatbot.New(core, pool, r, chatbot.Config{RedisPrefix: prefix},
		chatbot.WithClock(func() time.Time { return now }), chatbot.WithLogger(log)))
	deps := api.Deps{Booking: core, Chat: dota, DB: pool, Redis: r, Web: webApp, Logger: log, Console: cons, Events: events,
		RedisPrefix: prefix, Forms: roomyForms}
	for _, f := range tune {
		f(&deps)
	}
	srv := httptest.NewServer(contractChecked(t, api.New(deps)))
	t.Cleanup(func() {
		events.Close()
		srv.Close()
	})
	return &consoleServer{Server: srv, Console: cons, Prefix: prefix}
}

// staff is a browser signed in to the console: a cookie jar and the CSRF token.
type staff struct {
	t      *testing.T
	base   string
	client *http.Client
	csrf   string
	Email  string
}

// newUser creates a user with the role and extra permissions and returns its e-mail and password.
func newUser(t *testing.T, role string, perms ...string) (string, string) {
	t.Helper()
	email := testdb.RandomHex(4) + "@staff.dota.test"
	hash := testHash(t)
	if perms == nil {
		perms = []string{}
	}
	if _, err := pool.Exec(context.Background(), `INSERT INTO admin_users (email, role, permissions, password_hash)
		VALUES ($1, $2, $3, $4)`, email, role, perms, hash); err != nil {
		t.Fatal(err)
	}
	return email, "correct horse battery"
}

// testHash is the hash of every test user's password, computed once: argon2id is slow
// under the race detector.
var testHash = func() func(t *testing.T) string {
	var once sync.Once
	var hash string
	return func(t *testing.T) string {
		once.Do(func() {
			var err error
			if hash, err = console.HashPassword("correct horse battery"); err != nil {
				t.Fatal(err)
			}
		})
		return hash
	}
}()

func anonymous(t *testing.T, base string) *staff {
	jar, _ := cookiejar.New(nil)
	return &staff{t: t, base: base, client: &http.Client{Jar: jar}}
}

// signIn creates a user with the role and signs them in.
func signIn(t *testing.T, base, role string, perms ...string) *staff {
	t.Helper()
	email, password := newUser(t, role, perms...)
	s := anonymous(t, base)
	r := s.do("POST", "/api/admin/login", map[string]any{"email": email, "password": password})
	if r.Status != 200 {
		t.Fatalf("sign-in as %s: %d %s", role, r.Status, r.Raw)
	}
	s.csrf, _ = r.Body["csrf_token"].(string)
	s.Email = email
	return s
}

// do sends a request with the session cookie and, unless noCSRF, the CSRF header.
func (s *staff) do(method, path string, body any, header ...string) response {
	s.t.Helper()
	return s.send(method, path, body, true, header...)
}

func (s *staff) send(method, path string, body any, withCSRF bool, header ...string) response {
	s.t.Helper()
	var rd io.Reader = http.NoBody
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, s.base+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if withCSRF && s.csrf != "" {
		req.Header.Set("X-CSRF-Token", s.csrf)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := s.client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: buf.Bytes()}
	_ = json.Unmarshal(buf.Bytes(), &out.Body)
	return out
}
