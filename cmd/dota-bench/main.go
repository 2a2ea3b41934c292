// Command dota-bench measures Dota against the limits of the machine it runs on, in one
// run: it builds the dota binary, starts it on a database of its own, drives it over
// loopback with real PostgreSQL and Redis, and compares every figure that matters with a
// baseline taken in the same run (the HTTP ceiling of GET /healthz, pgbench running the
// booking transaction's statements). It prints the table, writes docs/benchmarks.md and
// docs/benchmarks.json, and exits non-zero naming each missed target.
//
//	go run ./cmd/dota-bench             the full run (make bench)
//	go run ./cmd/dota-bench -smoke      a few seconds with tiny numbers (make bench-smoke)
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// sizes are the loads of one run.
type sizes struct {
	warmup       time.Duration
	healthzConns int
	healthzDur   time.Duration
	chatVisitors int
	chatDur      time.Duration
	chatThink    time.Duration // between a visitor's messages, in the latency phase
	chatLatDur   time.Duration
	freeConns    int
	freeDur      time.Duration
	bookConns    int
	bookDur      time.Duration
	raceSlots    int
	racePerSlot  int
	consoleRows  int
	consoleConns int
	consoleDur   time.Duration
	sseSubs      int
	sseBookings  int
	sseRate      int // bookings per second
	// The hand-off row: visitors' streams open, conversations staff hold, answers, answers a second.
	handoffStreams  int
	handoffConvs    int
	handoffMessages int
	handoffRate     int
	// The reader row: go test's -benchtime and -count.
	readerBenchtime string
	readerCount     int
	// The mail row: bookings, bookings a second, how long after the last one a confirmation may come.
	mailBookings int
	mailRate     int
	mailGrace    time.Duration
	// The reminders row: reminders scheduled, and how long River runs before each memory reading.
	reminders      int
	reminderSettle time.Duration
}

var fullSizes = sizes{
	warmup: 2 * time.Second, healthzConns: 256, healthzDur: 10 * time.Second,
	chatVisitors: 256, chatDur: 20 * time.Second, chatThink: time.Second, chatLatDur: 15 * time.Second, freeConns: 256, freeDur: 10 * time.Second,
	bookConns: 8, bookDur: 15 * time.Second, raceSlots: 10, racePerSlot: 100,
	consoleRows: 100_000, consoleConns: 4, consoleDur: 10 * time.Second,
	sseSubs: 1000, sseBookings: 150, sseRate: 10,
	handoffStreams: 500, handoffConvs: 20, handoffMessages: 200, handoffRate: 20,
	readerBenchtime: "1s", readerCount: 5,
	mailBookings: 1000, mailRate: 50, mailGrace: 10 * time.Second,
	reminders: 100_000, reminderSettle: 15 * time.Second,
}

var smokeSizes = sizes{
	warmup: 100 * time.Millisecond, healthzConns: 8, healthzDur: time.Second,
	chatVisitors: 8, chatDur: time.Second, chatThink: 100 * time.Millisecond, chatLatDur: time.Second, freeConns: 8, freeDur: time.Second,
	bookConns: 4, bookDur: time.Second, raceSlots: 2, racePerSlot: 5,
	consoleRows: 1000, consoleConns: 4, consoleDur: time.Second,
	sseSubs: 20, sseBookings: 10, sseRate: 20,
	handoffStreams: 20, handoffConvs: 4, handoffMessages: 10, handoffRate: 20,
	readerBenchtime: "100x", readerCount: 1,
	mailBookings: 5, mailRate: 20, mailGrace: 10 * time.Second,
	reminders: 300, reminderSettle: 2 * time.Second,
}

func main() {
	smoke := flag.Bool("smoke", false, "a few seconds with tiny numbers: checks that every row produces a number, not the targets")
	outDir := flag.String("out", "docs", "where benchmarks.md and benchmarks.json go (the smoke run writes nowhere unless set)")
	profDir := flag.String("profiles", "docs/bench-profiles", "where the pprof profiles go")
	root := flag.String("root", "", "the Dota checkout (default: the module containing the working directory)")
	adminURL := flag.String("admin-url", envOr("DOTA_TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		"maintenance database used to create and drop the bench database")
	redisURL := flag.String("redis-url", envOr("REDIS_URL", "redis://127.0.0.1:6379/0"), "Redis")
	only := flag.String("only", "", "measure only these rows, comma-separated: "+
		"chat,free,reader,form,race,mail,console,events,handoff,reminders (for profiling work)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := run(ctx, options{smoke: *smoke, outDir: *outDir, outSet: flagSet("out"), profDir: *profDir,
		root: *root, adminURL: *adminURL, redisURL: *redisURL, only: *only})
	if err != nil {
		fmt.Fprintln(os.Stderr, "dota-bench:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

type options struct {
	smoke              bool
	outDir             string
	outSet             bool
	profDir            string
	root               string
	adminURL, redisURL string
	only               string
}

func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s  %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside the Dota module; pass -root")
	}
	return filepath.Dir(mod), nil
}

// run does the whole bench and returns the exit code: 0 when every target was met (in
// a smoke run: when every row produced a number), 1 otherwise.
func run(ctx context.Context, o options) (int, error) {
	started := time.Now()
	sz := fullSizes
	if o.smoke {
		sz = smokeSizes
	}
	root := o.root
	if root == "" {
		r, err := moduleRoot()
		if err != nil {
			return 0, err
		}
		root = r
	}
	profDir := o.profDir
	if !filepath.IsAbs(profDir) {
		profDir = filepath.Join(root, profDir)
	}
	mach := describeMachine()
	e, err := setup(ctx, root, o.adminURL, o.redisURL, logf)
	if err != nil {
		return 0, err
	}
	if o.smoke {
		profDir = filepath.Join(e.tmp, "profiles")
	}
	defer func() { e.teardown(profDir) }()
	_ = e.db.QueryRow(ctx, "SHOW server_version").Scan(&mach.PostgreSQL)
	mach.PostgreSQL = "PostgreSQL " + mach.PostgreSQL
	mach.Redis = redisVersion(ctx, o.redisURL)

	b := &bench{env: e, sz: sz, profDir: profDir, smoke: o.smoke, only: map[string]bool{}}
	for _, k := range strings.Split(o.only, ",") {
		if k = strings.TrimSpace(k); k != "" {
			b.only[k] = true
		}
	}
	rows, extras, err := b.all(ctx)
	if err != nil {
		return 0, err
	}
	rep := report{Date: started.UTC().Format(time.RFC3339), Machine: mach, Commit: gitCommit(root),
		Duration: since(started), Rows: rows, Extras: extras}
	fmt.Println()
	printTable(os.Stdout, rows)
	fmt.Println()
	if !o.smoke || o.outSet {
		out := o.outDir
		if !filepath.IsAbs(out) {
			out = filepath.Join(root, out)
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return 0, err
		}
		rel, _ := filepath.Rel(root, profDir)
		if err := os.WriteFile(filepath.Join(out, "benchmarks.md"), []byte(markdown(rep, rel)), 0o644); err != nil {
			return 0, err
		}
		if err := writeJSON(filepath.Join(out, "benchmarks.json"), rep); err != nil {
			return 0, err
		}
		logf("wrote %s and %s", filepath.Join(out, "benchmarks.md"), filepath.Join(out, "benchmarks.json"))
	}
	return verdict(rows, o.smoke), nil
}

// verdict prints what failed and returns the exit code.
func verdict(rows []row, smoke bool) int {
	var bad []string
	for _, r := range rows {
		if smoke {
			// The smoke run checks the harness, not the targets: every row must produce a
			// number, unless the build lacks the feature it measures or -only left it out.
			if r.Value == nil && !strings.HasPrefix(r.NotMeasured, absentPrefix) && r.NotMeasured != leftOut {
				bad = append(bad, fmt.Sprintf("%s produced no number (%s)", r.Name, r.NotMeasured))
			}
			continue
		}
		if r.NotMeasured != "" {
			bad = append(bad, fmt.Sprintf("%s: not measured: %s", r.Name, r.NotMeasured))
		}
		for _, m := range r.Missed {
			bad = append(bad, r.Name+": missed "+m)
		}
	}
	if len(bad) == 0 {
		if smoke {
			fmt.Println("bench-smoke: every row produced a number")
		} else {
			fmt.Println("every target met")
		}
		return 0
	}
	for _, s := range bad {
		fmt.Fprintln(os.Stderr, "MISSED:", s)
	}
	return 1
}
