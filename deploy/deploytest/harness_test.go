//go:build deploy || cluster

package deploytest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// readyTimeout bounds how long a started replica may take to answer /readyz.
const readyTimeout = 30 * time.Second

// repoRoot is the repository's top directory.
func repoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the test file")
	}
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// dotaBin is the built binary: $DOTA_BIN or bin/dota.
func dotaBin(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("DOTA_BIN")
	if bin == "" {
		bin = filepath.Join(repoRoot(t), "bin", "dota")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("%s is missing: run `make build` (or set DOTA_BIN)", bin)
	}
	return bin
}

// tool finds an executable on PATH, failing with how to get it.
func tool(t testing.TB, name, hint string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed: %s", name, hint)
	}
	return p
}

// freePort returns a TCP port nobody listens on at the moment.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// env is the configuration one test hands to the binary: its own database and its
// own Redis key prefix.
type env struct {
	DatabaseURL string
	RedisURL    string
	RedisPrefix string
}

func (e env) vars() []string {
	return append(os.Environ(),
		"DATABASE_URL="+e.DatabaseURL,
		"REDIS_URL="+e.RedisURL,
		"DOTA_REDIS_PREFIX="+e.RedisPrefix,
		"DOTA_LOG_FORMAT=json",
		"DOTA_SHUTDOWN_TIMEOUT=3s",
		// The checks come from one address: the form limits are raised out of their way,
		// and the replicas share one challenge key.
		"DOTA_FORM_MAX_PER_IP=100000000",
		"DOTA_FORM_CHALLENGE_AFTER=100000000",
		"DOTA_FORM_MAX_PER_CONTACT=100000000",
		"DOTA_CHALLENGE_KEY=deploytest-challenge-key-0123456789abcdef",
	)
}

// newEnv creates a migrated database and a Redis prefix, both removed after the test.
func newEnv(t testing.TB) env {
	t.Helper()
	db, err := testdb.Create(context.Background(), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Drop(context.Background()); err != nil {
			t.Logf("drop %s: %v", db.Name, err)
		}
	})
	_, prefix := testdb.Redis(t)
	return env{DatabaseURL: db.URL, RedisURL: testdb.RedisURL(), RedisPrefix: prefix}
}

// runDota runs a one-shot subcommand of the binary (seed, admin create…).
func runDota(t testing.TB, e env, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(dotaBin(t), args...)
	cmd.Env = e.vars()
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("dota %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// startDota serves the binary on a free port until the test ends and returns its URL
// and its metrics listener's.
func startDota(t testing.TB, e env, extra ...string) (base, metrics string) {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cmd := exec.Command(dotaBin(t), "serve")
	cmd.Env = append(append(e.vars(), "DOTA_ADDR="+addr, "DOTA_METRICS_ADDR="+metricsAddr), extra...)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("dota serve logs:\n%s", logs.String())
		}
	})
	base = "http://" + addr
	waitReady(t, base)
	return base, "http://" + metricsAddr
}

// waitReady polls base/readyz until it answers 200.
func waitReady(t testing.TB, base string) {
	t.Helper()
	deadline := time.Now().Add(readyTimeout)
	for {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s/readyz did not answer 200 within %s (last error: %v)", base, readyTimeout, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// client is an HTTP client with a cookie jar, for one visitor or one signed-in admin.
type client struct {
	t       testing.TB
	base    string
	http    *http.Client
	headers map[string]string
}

func newClient(t testing.TB, base string) *client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &client{t: t, base: base, http: &http.Client{Timeout: 30 * time.Second, Jar: jar}, headers: map[string]string{}}
}

// do sends a request with a JSON body (when body is not nil) and decodes a JSON
// answer into out (when out is not nil), returning the response.
func (c *client) do(method, path string, body, out any, hdr ...string) *http.Response {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.base+path, r)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range c.headers {
		req.Header.Set(k, v)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatalf("%s %s: reading: %v", method, path, err)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %d %s: decoding: %v", method, path, res.StatusCode, raw, err)
		}
	}
	res.Body = io.NopCloser(bytes.NewReader(raw))
	return res
}

// want fails the test unless res has the status code.
func want(t testing.TB, res *http.Response, code int) {
	t.Helper()
	if res.StatusCode != code {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("%s %s: got %d, want %d: %s", res.Request.Method, res.Request.URL.Path, res.StatusCode, code, b)
	}
}

// day is the answer of GET /api/slots.
type day struct {
	Date   string `json:"date"`
	Closed bool   `json:"closed"`
	Slots  []struct {
		Time string `json:"time"`
		Free bool   `json:"free"`
	} `json:"slots"`
}

// freeSlots lists up to n free slots from tomorrow on, earliest first, skipping the
// ones in skip ("date time").
func freeSlots(c *client, n int, skip map[string]bool) [][2]string {
	c.t.Helper()
	var out [][2]string
	d := time.Now().AddDate(0, 0, 1)
	for i := 0; i < 60 && len(out) < n; i++ {
		var dd day
		want(c.t, c.do("GET", "/api/slots?date="+d.AddDate(0, 0, i).Format(time.DateOnly), nil, &dd), http.StatusOK)
		for _, s := range dd.Slots {
			if s.Free && !skip[dd.Date+" "+s.Time] && len(out) < n {
				out = append(out, [2]string{dd.Date, s.Time})
			}
		}
	}
	if len(out) < n {
		c.t.Fatalf("found %d free slots, want %d", len(out), n)
	}
	return out
}

// scrape returns the text exposition of base/metrics (base: a metrics listener).
func scrape(t testing.TB, base string) string {
	t.Helper()
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s/metrics: %d %v", base, res.StatusCode, err)
	}
	return string(b)
}

// sample is one line of a text exposition.
type sample struct {
	name   string
	labels string // the raw {...} part, empty when none
	value  float64
}

// samples parses the sample lines of a text exposition.
func samples(text string) []sample {
	var out []sample
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var s sample
		rest := line
		if i := strings.IndexAny(line, "{ "); i >= 0 {
			s.name = line[:i]
			rest = line[i:]
		}
		if strings.HasPrefix(rest, "{") {
			j := strings.LastIndex(rest, "}")
			s.labels, rest = rest[:j+1], rest[j+1:]
		}
		fields := strings.Fields(rest)
		if len(fields) > 0 {
			_, _ = fmt.Sscan(fields[0], &s.value)
		}
		out = append(out, s)
	}
	return out
}

// metricSum adds the values of every sample of name whose labels contain all of
// the given `key="value"` pairs.
func metricSum(text, name string, labels ...string) float64 {
	var sum float64
next:
	for _, s := range samples(text) {
		if s.name != name {
			continue
		}
		for _, l := range labels {
			if !strings.Contains(s.labels, l) {
				continue next
			}
		}
		sum += s.value
	}
	return sum
}
