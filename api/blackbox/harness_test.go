package blackbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/migrations/testdb"
)

// root is the repository's root directory.
func root(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the repository")
	}
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

var (
	buildOnce sync.Once
	buildPath string
	buildErr  error
)

// binary builds the dota binary once per test run, into tmp/dota, and returns its path.
// It skips process-level tests under -short.
func binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("process-level test: skipped under -short")
	}
	buildOnce.Do(func() {
		dir := root(t)
		buildPath = filepath.Join(dir, "tmp", "dota")
		cmd := exec.Command("go", "build", "-o", buildPath, "./cmd/dota")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildPath
}

// freePort returns a TCP port nobody listens on right now.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// syncBuffer is a bytes.Buffer safe for a process writing while a test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// env is the environment a dota process runs with.
type env map[string]string

// dota is one running dota process.
type dota struct {
	t    testing.TB
	URL  string
	Addr string
	// MetricsURL is the metrics listener's (DOTA_METRICS_ADDR): /metrics is there.
	MetricsURL string
	env        env
	cmd        *exec.Cmd
	log        *syncBuffer
	done       chan struct{}
	waitEr     error
}

// database makes a migrated throw-away database on the shared PostgreSQL, seeded with the
// catalogue, and drops it when the test ends.
func database(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	db, err := testdb.Create(ctx, "bb_"+t.Name())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Drop(context.Background()); err != nil {
			t.Logf("drop %s: %v", db.Name, err)
		}
	})
	runDota(t, env{"DATABASE_URL": db.URL}, "seed")
	return db.URL
}

// baseEnv is the environment of a dota process on the shared servers, with a Redis key
// prefix of its own.
func baseEnv(t testing.TB, dbURL string) env {
	t.Helper()
	_, prefix := testdb.Redis(t)
	return env{
		"DATABASE_URL":          dbURL,
		"REDIS_URL":             testdb.RedisURL(),
		"DOTA_REDIS_PREFIX":     prefix,
		"DOTA_LOG_FORMAT":       "json",
		"DOTA_LOG_LEVEL":        "warn",
		"DOTA_SHUTDOWN_TIMEOUT": "10s",
	}.withRoomyForms()
}

// withRoomyForms raises the form limits: every test comes from 127.0.0.1, so that only
// the tests of the limits (abuse_test.go) meet them.
func (e env) withRoomyForms() env {
	for _, k := range []string{"DOTA_FORM_MAX_PER_IP", "DOTA_FORM_CHALLENGE_AFTER", "DOTA_FORM_MAX_PER_CONTACT"} {
		e[k] = "100000000"
	}
	return e
}

func (e env) list() []string {
	out := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TZ=UTC"}
	for k, v := range e {
		out = append(out, k+"="+v)
	}
	return out
}

// runDota runs a dota command to its end and fails the test when it fails.
func runDota(t testing.TB, e env, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = e.list()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("dota %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// startDota starts `dota serve` with e on a free port and waits until it answers
// /healthz. The process is killed when the test ends.
func startDota(t testing.TB, e env) *dota {
	t.Helper()
	port := freePort(t)
	d := &dota{t: t, env: e, Addr: fmt.Sprintf("127.0.0.1:%d", port), log: &syncBuffer{}, done: make(chan struct{})}
	d.URL = "http://" + d.Addr
	full := env{}
	for k, v := range e {
		full[k] = v
	}
	full["DOTA_ADDR"] = d.Addr
	if full["DOTA_METRICS_ADDR"] == "" {
		full["DOTA_METRICS_ADDR"] = fmt.Sprintf("127.0.0.1:%d", freePort(t))
	}
	d.MetricsURL = "http://" + full["DOTA_METRICS_ADDR"]
	d.cmd = exec.Command(binary(t), "serve")
	d.cmd.Env = full.list()
	d.cmd.Stdout = d.log
	d.cmd.Stderr = d.log
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		d.waitEr = d.cmd.Wait()
		close(d.done)
	}()
	t.Cleanup(func() {
		d.kill()
		if t.Failed() {
			name := filepath.Join(root(t), "tmp", strings.ReplaceAll(t.Name(), "/", "_")+".log")
			if err := os.WriteFile(name, []byte(d.log.String()), 0o644); err == nil {
				t.Logf("dota log: %s", name)
			}
			t.Logf("dota log (last 2 KB):\n%s", tail(d.log.String(), 2048))
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-d.done:
			t.Fatalf("dota exited at start: %v\n%s", d.waitEr, d.log.String())
		default:
		}
		res, err := http.Get(d.URL + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return d
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("dota did not answer /healthz within 20 s\n%s", d.log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// signal sends sig to the process.
func (d *dota) signal(sig syscall.Signal) {
	if d.cmd.Process != nil {
		_ = d.cmd.Process.Signal(sig)
	}
}

// kill ends the process with SIGKILL and waits for it.
func (d *dota) kill() {
	select {
	case <-d.done:
		return
	default:
	}
	d.signal(syscall.SIGKILL)
	<-d.done
}

// wait waits up to timeout for the process to exit and returns its exit code (-1 when a
// signal ended it); exited is false when it still runs.
func (d *dota) wait(timeout time.Duration) (code int, exited bool) {
	select {
	case <-d.done:
	case <-time.After(timeout):
		return 0, false
	}
	var exit *exec.ExitError
	if errors.As(d.waitEr, &exit) {
		return exit.ExitCode(), true
	}
	if d.waitEr != nil {
		return -2, true
	}
	return 0, true
}

// reply is an HTTP answer with its body read.
type reply struct {
	Status int
	Header http.Header
	Raw    []byte
	Body   map[string]any
}

// code returns the envelope's error code, or "".
func (r reply) code() string {
	e, _ := r.Body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// message returns the envelope's message, or "".
func (r reply) message() string {
	e, _ := r.Body["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}

var client = &http.Client{Timeout: 15 * time.Second}

// call sends one request; body is raw bytes, a string, or a value encoded as JSON.
func call(c *http.Client, method, url string, body any, header ...string) (reply, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	case string:
		rd = strings.NewReader(b)
	case io.Reader:
		rd = b
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return reply{}, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return reply{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		return reply{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	out := reply{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out, err
}

// must is call that fails the test on a transport error.
func must(t testing.TB, method, url string, body any, header ...string) reply {
	t.Helper()
	r, err := call(client, method, url, body, header...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return r
}

// pool opens a pool to dbURL for the test's own checks.
func pool(t testing.TB, dbURL string) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// eventually polls cond every 50 ms until it holds or timeout passes; it returns how long
// it took and whether cond held.
func eventually(timeout time.Duration, cond func() bool) (time.Duration, bool) {
	start := time.Now()
	for {
		if cond() {
			return time.Since(start), true
		}
		if time.Since(start) > timeout {
			return time.Since(start), false
		}
		time.Sleep(50 * time.Millisecond)
	}
}
