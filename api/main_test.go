package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/migrations/testdb"
)

var (
	pool *pgxpool.Pool
	rdb  *redis.Client
)

func TestMain(m *testing.M) {
	opt, err := redis.ParseURL(testdb.RedisURL())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rdb = redis.NewClient(opt)
	code := testdb.Main(m, "api", func(ctx context.Context, p *pgxpool.Pool) error {
		pool = p
		if _, err := booking.New(pool).SeedAgency(ctx); err != nil {
			return err
		}
		_, err := catalogue.New(pool).Seed(ctx)
		return err
	})
	rdb.Close()
	if !checkLateMismatches() && code == 0 {
		fmt.Fprintln(os.Stderr, "FAIL: answers above depart from openapi.yaml")
		code = 1
	}
	os.Exit(code)
}

// now is the tests' fixed clock: Sunday 22 November 2026, 08:00 in Algiers.
var now = time.Date(2026, 11, 22, 7, 0, 0, 0, time.UTC)

var webApp = fstest.MapFS{
	"index.html":          {Data: []byte("<!doctype html><title>Dota</title>")},
	"assets/app-abc1.js":  {Data: []byte("console.log(1)")},
	"assets/big-abc2.js":  {Data: bytes.Repeat([]byte("export const dota = 'Dota';\n"), 200)},
	"robots-not-here.txt": {Data: []byte("x")},
}

// roomyForms are form limits no test but those of the limits reaches.
var roomyForms = api.FormLimits{PerAddress: 1_000_000, ChallengeAfter: 1_000_000, PerContact: 1_000_000}

// loopback are the networks the test client connects from, to configure them as
// trusted proxies.
var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

func newServer(t *testing.T, tune ...func(*api.Deps)) *httptest.Server {
	t.Helper()
	return newServerWith(t, roomyForms, now, tune...)
}

// newServerWith is newServer with the given form limits and clock, and Redis keys of its own.
func newServerWith(t *testing.T, forms api.FormLimits, at time.Time, tune ...func(*api.Deps)) *httptest.Server {
	t.Helper()
	_, prefix := testdb.Redis(t)
	core := booking.New(pool, booking.WithClock(func() time.Time { return at }))
	deps := api.Deps{Booking: core, DB: pool, Redis: rdb, Web: webApp, MaxBodyBytes: 64 << 10, PublicURL: publicURL,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RedisPrefix: prefix, Forms: forms}
	for _, f := range tune {
		f(&deps)
	}
	srv := httptest.NewServer(contractChecked(t, api.New(deps)))
	t.Cleanup(srv.Close)
	return srv
}

// publicURL is the site's public address the test routers are configured with.
const publicURL = "https://www.dota.example"

// metricsServer serves api.Metrics, as the binary's metrics listener does, until the
// test ends, and returns its URL.
func metricsServer(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(api.Metrics())
	t.Cleanup(srv.Close)
	return srv.URL
}

type response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

func do(t *testing.T, method, url string, body any, header ...string) response {
	t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: buf.Bytes()}
	_ = json.Unmarshal(buf.Bytes(), &out.Body)
	return out
}

func errorCode(r response) string {
	e, _ := r.Body["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code
}

// closedAtEnd stops the chat engine when the test ends, its transcript's stream written,
// so the next test starts from what this one stored.
func closedAtEnd(t testing.TB, e *chatbot.Engine) *chatbot.Engine {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = e.Close(ctx)
	})
	return e
}
