package main

import (
	"context"
	_ "embed"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// formRequest is the body the public form sends.
type formRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Service string `json:"service"`
	Date    string `json:"date"`
	Time    string `json:"time"`
	Message string `json:"message"`
}

func newFormRequest(n int64, date, hhmm string) formRequest {
	return formRequest{Name: "Visiteur Bench", Email: fmt.Sprintf("v%d@bench.test", n),
		Phone: fmt.Sprintf("+213 55%07d", n%10_000_000), Service: "developpement-web", Date: date, Time: hhmm,
		Message: "Mesure de charge"}
}

// book posts one form booking with an Idempotency-Key, as the site does.
func (b *bench) book(ctx context.Context, c *http.Client, base string, n int64, date, hhmm string) (int, []byte, error) {
	hdr := http.Header{"Idempotency-Key": {fmt.Sprintf("%sform-%d", b.env.prefix, n)}}
	return postJSON(ctx, c, base+"/api/appointments", newFormRequest(n, date, hhmm), hdr)
}

// bookNew books as book does, and reports any answer but 201 as a statusError.
func (b *bench) bookNew(ctx context.Context, c *http.Client, base string, n int64, date, hhmm string) error {
	status, body, err := b.book(ctx, c, base, n, date, hhmm)
	if err == nil && status != http.StatusCreated {
		err = &statusError{status, string(body)}
	}
	return err
}

// formRow measures POST /api/appointments on distinct slots against pgbench running the
// booking transaction's statements at the same concurrency on the same database.
func (b *bench) formRow(ctx context.Context) row {
	r := row{Name: rowForm, Unit: "bookings/s", BaselineName: "pgbench, same statements",
		Target: "≥ 0.7 × pgbench; p99 ≤ 30 ms"}
	conns := b.sz.bookConns
	client := newClient(conns)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	var seq counter
	seq.n.Store(1_000_000)
	do := func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
		n := seq.next()
		date, hhmm := b.slots.next()
		t := time.Now()
		if err := b.bookNew(ctx, client, b.main.base, n, date, hhmm); err != nil {
			return err
		}
		rec(time.Since(t))
		return nil
	}
	logf("form booking: %d concurrent clients for %v", conns, b.sz.bookDur)
	closedLoop(ctx, conns, b.sz.warmup, do)
	cpuBefore := sampleCPU()
	res := closedLoop(ctx, conns, b.sz.bookDur, do)
	cpu := cpuBefore.since(sampleCPU())
	logf("  %.0f bookings/s, p99 %.2f ms, %d errors (%s)", res.rate(), ms(res.lat.quantile(0.99)), res.errors, res.firstErr)

	logf("pgbench, booking statements: %d clients for %v", conns, b.sz.bookDur)
	tps, script, err := b.pgbench(ctx, conns, b.sz.bookDur)
	if err != nil {
		r.NotMeasured = "pgbench: " + err.Error()
		return r
	}
	logf("  pgbench %.0f transactions/s", tps)
	b.extras = append(b.extras, section{Title: "The pgbench baseline of the form booking",
		Intro: fmt.Sprintf("`pgbench -n -M prepared -c %d -j 2 -T %d` on the bench database, with this script: the booking "+
			"transaction's statements as `booking/book.go` sends them, the values the server computes in Go "+
			"computed from pgbench's random variables.", conns, int(b.sz.bookDur.Seconds())),
		Body: script, Lang: "sql"})
	r.Value, r.Baseline = num(res.rate()), num(tps)
	r.Ratio = num(ratio(res.rate(), tps))
	p99 := ms(res.lat.quantile(0.99))
	r.add("p50", ms(res.lat.quantile(0.5)), "ms")
	r.add("p95", ms(res.lat.quantile(0.95)), "ms")
	r.add("p99", p99, "ms")
	r.add("errors", float64(res.errors), "")
	cpu.addTo(&r, res.rate(), "booking")
	r.add("concurrency", float64(conns), "")
	r.check(r.Ratio != nil && *r.Ratio >= 0.7, "bookings/s ≥ 0.7 × pgbench")
	r.check(p99 <= 30, "p99 ≤ 30 ms")
	r.check(res.errors == 0, "0 errors")
	r.Note = fmt.Sprintf("%d concurrent form bookings, each on a distinct slot for a new client, with an Idempotency-Key, "+
		"against pgbench with %d clients running the same statements on the same database. Every booking commits "+
		"synchronously (one WAL fsync each), so concurrency trades latency for group commits; %d is already more "+
		"bookings in flight than the agency sees in a day.", conns, conns, conns)
	if res.errors > 0 {
		r.Note += " First error: " + res.firstErr
	}
	return r
}

//go:embed booking.pgbench
var bookingScript string

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+) \(without initial connection time\)`)

// pgbench runs the booking script and returns its transactions per second.
func (b *bench) pgbench(ctx context.Context, clients int, d time.Duration) (float64, string, error) {
	bin, err := exec.LookPath("pgbench")
	if err != nil {
		matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pgbench")
		if len(matches) == 0 {
			return 0, "", fmt.Errorf("pgbench not found (apt-get install postgresql-client)")
		}
		bin = matches[len(matches)-1]
	}
	var lines []string
	for _, l := range strings.Split(bookingScript, "\n") {
		if !strings.HasPrefix(l, "--") {
			lines = append(lines, l)
		}
	}
	script := strings.Join(lines, "\n")
	path := filepath.Join(b.env.tmp, "booking.pgbench")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		return 0, "", err
	}
	secs := max(int(d.Seconds()), 1)
	cmd := exec.CommandContext(ctx, bin, "-n", "-M", "prepared", "-f", path, "-c", strconv.Itoa(clients),
		"-j", "2", "-T", strconv.Itoa(secs), b.env.dbURL)
	out, err := cmd.CombinedOutput()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		return 0, "", fmt.Errorf("%w: %s", err, lines[min(1, len(lines)-1)])
	}
	m := tpsLine.FindSubmatch(out)
	if m == nil {
		return 0, "", fmt.Errorf("no tps in its output:\n%s", out)
	}
	tps, err := strconv.ParseFloat(string(m[1]), 64)
	return tps, bookingScript, err
}

// raceRow sends racePerSlot concurrent bookings for each of raceSlots slots of capacity
// 1, all released at once: exactly one must succeed per slot, the rest get slot_taken.
func (b *bench) raceRow(ctx context.Context) row {
	r := row{Name: rowRace, Unit: "successes per slot", Target: "exactly 1 per slot, the rest slot_taken"}
	n := b.sz.raceSlots * b.sz.racePerSlot
	logf("booking race: %d concurrent requests for %d slots of capacity 1", n, b.sz.raceSlots)
	type slot struct{ date, hhmm string }
	slots := make([]slot, b.sz.raceSlots)
	for i := range slots {
		slots[i].date, slots[i].hhmm = b.slots.race(i)
	}
	if err := b.env.setCapacity(ctx, 1); err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	defer func() { _ = b.env.setCapacity(context.WithoutCancel(ctx), benchCapacity) }()
	client := newClient(n)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	wins := make([]int, len(slots))
	var mu sync.Mutex
	var other []string
	taken := 0
	fanOut(n, func(i int) {
		s := i % len(slots)
		status, body, err := b.book(ctx, client, b.main.base, 5_000_000+int64(i), slots[s].date, slots[s].hhmm)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			other = append(other, err.Error())
		case status == http.StatusCreated:
			wins[s]++
		case status == http.StatusConflict && errorCode(body) == "slot_taken":
			taken++
		default:
			other = append(other, (&statusError{status, string(body)}).Error())
		}
	})
	minW, maxW := n, 0
	for _, w := range wins {
		minW, maxW = min(minW, w), max(maxW, w)
	}
	var stored int
	dates, times := make([]string, len(slots)), make([]string, len(slots))
	for i, s := range slots {
		dates[i], times[i] = s.date, s.hhmm
	}
	if err := b.env.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM appointments
		WHERE (date::text, time) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND status <> 'cancelled'
		GROUP BY date, time HAVING count(*) > 1) x`, dates, times).Scan(&stored); err != nil {
		r.NotMeasured = err.Error()
		return r
	}
	logf("  successes per slot: min %d, max %d; slot_taken %d; other answers %d", minW, maxW, taken, len(other))
	r.Value = num(float64(maxW))
	r.add("min per slot", float64(minW), "")
	r.add("max per slot", float64(maxW), "")
	r.add("slot_taken", float64(taken), "")
	r.add("other answers", float64(len(other)), "")
	r.add("slots double-booked in the database", float64(stored), "")
	r.check(minW == 1 && maxW == 1, "exactly 1 success per slot")
	r.check(taken == n-len(slots) && len(other) == 0, "every other request slot_taken")
	r.check(stored == 0, "no slot double-booked in the database")
	r.Note = fmt.Sprintf("%d requests, %d per slot, released together over %d connections.", n, b.sz.racePerSlot, n)
	if len(other) > 0 {
		r.Note += " First other answer: " + other[0]
	}
	return r
}

// bookingLoad books distinct slots with n clients for d, for the profiling pass.
func (b *bench) bookingLoad(ctx context.Context, n int, d time.Duration) {
	client := newClient(n)
	defer client.CloseIdleConnections()
	var seq counter
	seq.n.Store(60_000_000)
	closedLoop(ctx, n, d, func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
		date, hhmm := b.slots.next()
		return b.bookNew(ctx, client, b.main.base, seq.next(), date, hhmm)
	})
}
