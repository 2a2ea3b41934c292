package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// absentPrefix starts the reason of a row whose feature the build does not have.
const absentPrefix = "this build has no "

// bench runs the rows against one env.
type bench struct {
	env        *env
	sz         sizes
	profDir    string
	smoke      bool
	main       *proc
	healthz    *result // the HTTP ceiling, measured first
	healthzCPU cpuUse  // the machine's CPU while it was measured
	slots      *slotGen
	extras     []section
	only       map[string]bool // when set, the rows to measure (-only)
	cookie     *http.Cookie    // the bench admin's session, once signed in
	staff      *staffAuth      // the same session with its CSRF token, for the console's writes
	steps      *stepLatencies  // chat latencies by step, while the latency phase runs
}

// maybe measures a row unless -only leaves it out.
func (b *bench) maybe(ctx context.Context, key, name string, fn func(context.Context) row) row {
	if len(b.only) > 0 && !b.only[key] {
		return row{Name: name, NotMeasured: leftOut, Figures: []figure{}}
	}
	return fn(ctx)
}

// leftOut is the reason of a row -only left out.
const leftOut = "left out by -only"

// Names of the rows, in the order of the table.
const (
	rowChat    = "chat turn, rule path"
	rowFree    = "chat, cached free question"
	rowForm    = "form booking"
	rowRace    = "booking race"
	rowConsole = "console list page"
	rowEvents  = "live events"
	rowHandoff = "hand-off delivery"
	rowMemory  = "memory"
	// The second pass (the issue "Performance, second pass").
	rowReader    = "reader"
	rowMail      = "confirmation e-mails"
	rowReminders = "reminders"
)

// all measures every row. An error is returned only when the harness itself cannot go
// on; a row that fails is reported as not measured.
func (b *bench) all(ctx context.Context) ([]row, []section, error) {
	gem, err := serveLoopback(fakeGemini())
	if err != nil {
		return nil, nil, err
	}
	defer gem.Close()
	b.env.extraEnv = append(append([]string{}, benchLimits...),
		"GEMINI_API_KEY=dota-bench-stub", "DOTA_GEMINI_BASE_URL=http://"+gem.Addr().String()+"/")
	p, err := b.env.start(ctx, "a")
	if err != nil {
		return nil, nil, err
	}
	b.main = p
	b.slots = newSlotGen(time.Now())

	logf("healthz ceiling: %d connections for %v", b.sz.healthzConns, b.sz.healthzDur)
	b.healthz = b.healthzRun(ctx, b.sz.healthzConns)
	logf("  %.0f requests/s, p99 %.2f ms, %d errors", b.healthz.rate(), ms(b.healthz.lat.quantile(0.99)), b.healthz.errors)
	if b.healthz.ops == 0 {
		return nil, nil, fmt.Errorf("GET /healthz never answered: %s", b.healthz.firstErr)
	}

	watch := b.main.watchResident()
	chat := b.maybe(ctx, "chat", rowChat, b.chatRow)
	free := b.maybe(ctx, "free", rowFree, b.freeRow)
	mem := b.memoryRow(ctx, chat, watch.end())
	form := b.maybe(ctx, "form", rowForm, b.formRow)
	race := b.maybe(ctx, "race", rowRace, b.raceRow)
	console := b.maybe(ctx, "console", rowConsole, b.consoleRow)
	events := b.maybe(ctx, "events", rowEvents, b.eventsRow)
	handoff := b.maybe(ctx, "handoff", rowHandoff, b.handoffRow)
	if !b.smoke && (len(b.only) == 0 || b.only["chat"] || b.only["free"] || b.only["form"]) {
		b.profilePass(ctx)
	}
	// Measured last: the reader needs no server, and the mail and reminders rows stop every
	// dota process to start one configured for them (each process works River's jobs).
	// The processes are stopped before the reader: they would work through the earlier
	// rows' jobs on the cores its benchmark measures.
	b.env.stopAll()
	reader := b.maybe(ctx, "reader", rowReader, b.readerRow)
	mail := b.maybe(ctx, "mail", rowMail, b.mailRow)
	reminders := b.maybe(ctx, "reminders", rowReminders, b.remindersRow)
	rows := []row{chat, free, reader, form, race, mail, console, events, handoff, reminders, mem}
	for i := range rows {
		rows[i].finish()
	}
	return rows, b.extras, ctx.Err()
}

// profilePass profiles the dota process under the chat, free-question and booking loads, once
// every row is measured, so that profiling perturbs no figure of the table (the CPU
// profiler alone adds a few percent, and the symbol tables it reads count in the RSS).
func (b *bench) profilePass(ctx context.Context) {
	const secs = 8
	for _, p := range []struct {
		name string
		load func(context.Context, int, time.Duration)
		n    int
	}{{"chat", b.chatLoad, b.sz.chatVisitors}, {"free", b.freeLoad, b.sz.freeConns}, {"booking", b.bookingLoad, b.sz.bookConns}} {
		logf("profiling the %s load for %d s", p.name, secs)
		done := make(chan error, 1)
		go func() { done <- b.main.profile(ctx, b.profDir, p.name, secs) }()
		p.load(ctx, p.n, time.Duration(secs+1)*time.Second)
		if err := <-done; err != nil {
			logf("  %s profile: %v", p.name, err)
		}
	}
}

// serveLoopback serves h on a free loopback port until the listener is closed.
func serveLoopback(h http.Handler) (net.Listener, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	go func() { _ = http.Serve(l, h) }()
	return l, nil
}

// healthzRun measures GET /healthz, the HTTP ceiling of the same server in the same run.
func (b *bench) healthzRun(ctx context.Context, conns int) *result {
	client := newClient(conns)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	url := b.main.base + "/healthz"
	do := func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
		t := time.Now()
		_, err := get(ctx, client, url, nil)
		if err == nil {
			rec(time.Since(t))
		}
		return err
	}
	closedLoop(ctx, conns, b.sz.warmup, do)
	before := sampleCPU()
	res := closedLoop(ctx, conns, b.sz.healthzDur, do)
	b.healthzCPU = before.since(sampleCPU())
	return res
}

// get reads a URL and returns its body, or a statusError for anything but 200.
func get(ctx context.Context, c *http.Client, url string, hdr http.Header) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	res, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, &statusError{res.StatusCode, string(body)}
	}
	return body, nil
}

// postJSON sends v as JSON and returns the status and body.
func postJSON(ctx context.Context, c *http.Client, url string, v any, hdr http.Header) (int, []byte, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		return 0, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, &buf)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, vs := range hdr {
		req.Header[k] = vs
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res.StatusCode, body, err
}

// errorCode is the contract's error code of a response body, or "".
func errorCode(body []byte) string {
	var env struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &env)
	return env.Error.Code
}

// routeExists reports whether the server has a route at path: the build lacks it when
// the router answers 404 not_found for an otherwise valid request.
func routeExists(ctx context.Context, c *http.Client, method, url string) bool {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader("{}"))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	// The SPA fallback answers unknown GETs with HTML; unknown API routes get not_found.
	if res.StatusCode == http.StatusNotFound && (errorCode(body) == "not_found" || strings.Contains(res.Header.Get("Content-Type"), "html")) {
		return false
	}
	return !strings.Contains(res.Header.Get("Content-Type"), "text/html")
}

func redisVersion(ctx context.Context, url string) string {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return "Redis"
	}
	c := redis.NewClient(opt)
	defer c.Close()
	info, err := c.Info(ctx, "server").Result()
	if err != nil {
		return "Redis"
	}
	for _, l := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "redis_version:"); ok {
			return "Redis " + v
		}
	}
	return "Redis"
}

// ratio is a/b, or NaN when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return nan
	}
	return a / b
}

var nan = math.NaN()
