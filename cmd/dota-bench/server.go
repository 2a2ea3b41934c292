package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

// env is one bench run's world: the binary built from this checkout, a database of its
// own, a Redis key prefix of its own, and the dota processes it started.
type env struct {
	root     string // the module's directory
	tmp      string
	bin      string
	adminURL string // maintenance database, to create and drop the bench database
	dbName   string
	dbURL    string
	redisURL string
	prefix   string
	db       *pgxpool.Pool
	procs    []*proc
	logf     func(format string, args ...any)
	// extraEnv is given to every dota process: the bench run's raised limits.
	extraEnv []string
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// setup builds the binary and creates, migrates and seeds the bench database.
func setup(ctx context.Context, root, adminURL, redisURL string, logf func(string, ...any)) (*env, error) {
	tmp, err := os.MkdirTemp("", "dota-bench-")
	if err != nil {
		return nil, err
	}
	id := randomHex(4)
	e := &env{root: root, tmp: tmp, bin: filepath.Join(tmp, "dota"), adminURL: adminURL, redisURL: redisURL,
		dbName: "dota_bench_" + id, prefix: "dota_bench_" + id + ":", logf: logf}
	logf("building dota into %s", tmp)
	build := exec.CommandContext(ctx, "go", "build", "-o", e.bin, "./cmd/dota")
	build.Dir = root
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		_ = os.RemoveAll(tmp)
		return nil, fmt.Errorf("go build ./cmd/dota: %w", err)
	}
	admin, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		_ = os.RemoveAll(tmp)
		return nil, fmt.Errorf("PostgreSQL: %w", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{e.dbName}.Sanitize()); err != nil {
		_ = os.RemoveAll(tmp)
		return nil, fmt.Errorf("create database: %w", err)
	}
	u, err := url.Parse(adminURL)
	if err != nil {
		return nil, err
	}
	u.Path = "/" + e.dbName
	e.dbURL = u.String()
	logf("database %s", e.dbName)
	for _, args := range [][]string{{"migrate", "up"}, {"seed"}} {
		if out, err := e.command(ctx, "", args...); err != nil {
			e.teardown("")
			return nil, fmt.Errorf("dota %s: %w\n%s", strings.Join(args, " "), err, out)
		}
	}
	if e.db, err = pgxpool.New(ctx, e.dbURL); err != nil {
		e.teardown("")
		return nil, err
	}
	if err := e.setCapacity(ctx, benchCapacity); err != nil {
		e.teardown("")
		return nil, fmt.Errorf("bench settings: %w", err)
	}
	return e, nil
}

// teardown stops every process, keeps their logs in keepDir (when set), drops the
// database and removes the temporary files.
func (e *env) teardown(keepDir string) {
	for _, p := range e.procs {
		p.stop()
		if keepDir != "" {
			if b, err := os.ReadFile(p.log); err == nil && os.MkdirAll(keepDir, 0o755) == nil {
				_ = os.WriteFile(filepath.Join(keepDir, "dota-"+p.name+".log"), b, 0o644)
			}
		}
	}
	e.procs = nil
	if e.db != nil {
		e.db.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.dropRedisKeys(ctx); err != nil {
		e.logf("removing Redis keys %s*: %v", e.prefix, err)
	}
	if admin, err := pgx.Connect(ctx, e.adminURL); err == nil {
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{e.dbName}.Sanitize()+" WITH (FORCE)"); err != nil {
			e.logf("drop database %s: %v", e.dbName, err)
		}
		admin.Close(ctx)
	}
	_ = os.RemoveAll(e.tmp)
}

// dropRedisKeys deletes every key the run wrote: they all start with its prefix.
func (e *env) dropRedisKeys(ctx context.Context) error {
	opt, err := redis.ParseURL(e.redisURL)
	if err != nil {
		return err
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	it := rdb.Scan(ctx, 0, e.prefix+"*", 1000).Iterator()
	var batch []string
	for it.Next(ctx) {
		if batch = append(batch, it.Val()); len(batch) == 1000 {
			if err := rdb.Del(ctx, batch...).Err(); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	if len(batch) > 0 {
		if err := rdb.Del(ctx, batch...).Err(); err != nil {
			return err
		}
	}
	return it.Err()
}

// baseEnv is the environment of a dota command against the bench database.
func (e *env) baseEnv() []string {
	out := []string{}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k == "DATABASE_URL" || k == "REDIS_URL" || strings.HasPrefix(k, "DOTA_") || k == "GEMINI_API_KEY" {
			continue
		}
		out = append(out, kv)
	}
	out = append(out, "DATABASE_URL="+e.dbURL, "REDIS_URL="+e.redisURL, "DOTA_REDIS_PREFIX="+e.prefix,
		"DOTA_LOG_FORMAT=json", "GEMINI_API_KEY=")
	return append(out, e.extraEnv...)
}

// command runs one dota subcommand to completion, with stdin as its input.
func (e *env) command(ctx context.Context, stdin string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, e.bin, args...)
	cmd.Env = e.baseEnv()
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// proc is one running dota server.
type proc struct {
	name    string
	cmd     *exec.Cmd
	base    string // http://127.0.0.1:PORT
	pprof   string // http://127.0.0.1:PORT of the profiling listener
	metrics string // http://127.0.0.1:PORT of the metrics listener (DOTA_METRICS_ADDR)
	log     string
	done    chan struct{}
}

// freePort asks the kernel for a loopback port nobody uses.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// start runs `dota serve` on free loopback ports and waits until it is ready.
func (e *env) start(ctx context.Context, name string, env ...string) (*proc, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	pport, err := freePort()
	if err != nil {
		return nil, err
	}
	mport, err := freePort()
	if err != nil {
		return nil, err
	}
	logPath := filepath.Join(e.tmp, name+".log")
	lf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(e.bin, "serve")
	cmd.Env = append(e.baseEnv(), append([]string{
		"DOTA_ADDR=127.0.0.1:" + strconv.Itoa(port),
		"DOTA_PPROF_ADDR=127.0.0.1:" + strconv.Itoa(pport),
		"DOTA_METRICS_ADDR=127.0.0.1:" + strconv.Itoa(mport),
	}, env...)...)
	cmd.Stdout, cmd.Stderr = lf, lf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		lf.Close()
		return nil, err
	}
	p := &proc{name: name, cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port),
		pprof: fmt.Sprintf("http://127.0.0.1:%d", pport), metrics: fmt.Sprintf("http://127.0.0.1:%d", mport), log: logPath, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		lf.Close()
		close(p.done)
	}()
	e.procs = append(e.procs, p)
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-p.done:
			return nil, fmt.Errorf("dota %s exited at start:\n%s", name, tail(logPath, 20))
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if res, err := http.Get(p.base + "/readyz"); err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				e.logf("dota %s serving on %s (pid %d)", name, p.base, cmd.Process.Pid)
				return p, nil
			}
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("dota %s not ready after 30 s:\n%s", name, tail(logPath, 20))
		}
	}
}

// stop ends the process with SIGTERM, then SIGKILL after ten seconds.
func (p *proc) stop() {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// stopAll stops every dota process started so far (each works River's jobs); teardown
// still keeps their logs.
func (e *env) stopAll() {
	for _, p := range e.procs {
		p.stop()
	}
}

// peakRSS is the process's high-water resident set size in bytes (VmHWM).
func (p *proc) peakRSS() (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("VmHWM not found")
}

// tail is the last n lines of a file, for error messages.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// profile fetches a CPU profile of secs seconds and an allocation profile of the same
// window from p, writing name.cpu.pprof and name.allocs.pprof into dir. It returns when
// both are written; run it alongside the load.
func (p *proc) profile(ctx context.Context, dir, name string, secs int) error {
	errc := make(chan error, 2)
	for _, k := range []struct{ path, file string }{
		{"/debug/pprof/profile?seconds=" + strconv.Itoa(secs), name + ".cpu.pprof"},
		{"/debug/pprof/allocs?seconds=" + strconv.Itoa(secs), name + ".allocs.pprof"},
	} {
		go func() { errc <- fetchTo(ctx, p.pprof+k.path, filepath.Join(dir, k.file)) }()
	}
	return errors.Join(<-errc, <-errc)
}

// fetchTo writes what url answers into path, creating its folder (a fresh clone has no
// docs/bench-profiles).
func fetchTo(ctx context.Context, url, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return &statusError{res.StatusCode, string(b)}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
