package blackbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"
)

// postgres is a PostgreSQL cluster of the test's own, which it may stop and restart
// without touching the shared server.
type postgres struct {
	t    testing.TB
	dir  string
	port int
	bin  string
}

// pgBin finds the directory of PostgreSQL's server programs.
func pgBin(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(real)
		}
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(matches) == 0 {
		t.Fatal("PostgreSQL's pg_ctl and initdb are not installed")
	}
	return filepath.Dir(matches[len(matches)-1])
}

// asPostgres runs a PostgreSQL program, as the postgres user when the test runs as root
// (the server refuses to run as root).
func asPostgres(t testing.TB, name string, args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

// startPostgres initializes a cluster in a temporary directory, starts it on a free port
// and creates the database dota. Cleanup stops it and removes the directory.
func startPostgres(t testing.TB) *postgres {
	t.Helper()
	dir, err := os.MkdirTemp("", "dota-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root needs a postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	pg := &postgres{t: t, dir: dir, port: freePort(t), bin: pgBin(t)}
	out, err := asPostgres(t, filepath.Join(pg.bin, "initdb"), "-D", filepath.Join(dir, "data"), "-U", "postgres",
		"--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C").CombinedOutput()
	if err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	pg.ctl("start", "")
	t.Cleanup(func() {
		_, _ = asPostgres(t, filepath.Join(pg.bin, "pg_ctl"), "-D", filepath.Join(dir, "data"), "-m", "immediate",
			"-w", "stop").CombinedOutput()
	})
	conn, err := pgx.Connect(context.Background(), pg.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), "CREATE DATABASE dota"); err != nil {
		t.Fatal(err)
	}
	return pg
}

// ctl runs pg_ctl start, stop or restart and waits for it to finish; mode is the stop
// mode: fast (clients are told) or immediate (the server dies as in a crash).
func (pg *postgres) ctl(action, mode string) {
	pg.t.Helper()
	args := []string{"-D", filepath.Join(pg.dir, "data"), "-w", "-t", "30", "-l", filepath.Join(pg.dir, "log"),
		"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60",
			pg.port, pg.dir)}
	if action != "start" {
		args = append(args, "-m", mode)
	}
	out, err := asPostgres(pg.t, filepath.Join(pg.bin, "pg_ctl"), append(args, action)...).CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(pg.dir, "log"))
		pg.t.Fatalf("pg_ctl %s: %v\n%s\n%s", action, err, out, log)
	}
}

func (pg *postgres) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", pg.port, db)
}

// redisServer is a Redis server of the test's own, which it may stop and start again on
// the same port.
type redisServer struct {
	t     testing.TB
	port  int
	extra []string // more redis-server options
	pass  string
	cmd   *exec.Cmd
	done  chan struct{}
}

// startRedis starts redis-server on a free port, without persistence, with extra options
// ("--requirepass", "p"). Cleanup stops it.
func startRedis(t testing.TB, extra ...string) *redisServer {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatal("redis-server is not installed")
	}
	r := &redisServer{t: t, port: freePort(t), extra: extra}
	for i := 0; i+1 < len(extra); i++ {
		if extra[i] == "--requirepass" {
			r.pass = extra[i+1]
		}
	}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *redisServer) url() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

// start starts the server and waits until it answers PING.
func (r *redisServer) start() {
	r.t.Helper()
	r.cmd = exec.Command("redis-server", append([]string{"--port", strconv.Itoa(r.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no"}, r.extra...)...)
	var out syncBuffer
	r.cmd.Stdout, r.cmd.Stderr = &out, &out
	if err := r.cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	r.done = make(chan struct{})
	go func(cmd *exec.Cmd, done chan struct{}) {
		_ = cmd.Wait()
		close(done)
	}(r.cmd, r.done)
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", r.port), Password: r.pass})
	defer c.Close()
	if _, ok := eventually(10*time.Second, func() bool {
		return c.Ping(context.Background()).Err() == nil
	}); !ok {
		r.t.Fatalf("redis-server did not start:\n%s", out.String())
	}
}

// stop ends the server and waits for it to exit.
func (r *redisServer) stop() {
	if r.cmd == nil || r.cmd.Process == nil {
		return
	}
	select {
	case <-r.done:
		return
	default:
	}
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		_ = r.cmd.Process.Kill()
		<-r.done
	}
}
