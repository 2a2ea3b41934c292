package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// chatReply is what the chat routes answer.
type chatReply struct {
	SessionID    string `json:"session_id"`
	Step         string `json:"step"`
	QuickReplies []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"quick_replies"`
	Messages []struct {
		Text string `json:"text"`
	} `json:"messages"`
	AppointmentID string `json:"appointment_id"`
}

func (r *chatReply) lastText() string {
	if len(r.Messages) == 0 {
		return ""
	}
	return r.Messages[len(r.Messages)-1].Text
}

// chatCall posts to a chat route and decodes the reply.
func chatCall(ctx context.Context, c *http.Client, url string, body any, want int) (*chatReply, error) {
	status, raw, err := postJSON(ctx, c, url, body, nil)
	if err != nil {
		return nil, err
	}
	if status != want {
		return nil, &statusError{status, string(raw)}
	}
	var r chatReply
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("chat reply: %w", err)
	}
	return &r, nil
}

// maxTurns bounds one scripted conversation; more means Dota is stuck.
const maxTurns = 20

// conversation runs one full booking conversation as a visitor types it, answering
// whatever step Dota is at, and returns the appointment id.
func (b *bench) conversation(ctx context.Context, c *http.Client, base string, n int64, think time.Duration,
	rec func(time.Duration)) (string, error) {
	date, hhmm := b.slots.next()
	d, _ := time.Parse(time.DateOnly, date)
	if think > 0 {
		// Visitors arrive one by one, not all in the same millisecond.
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(think)))):
		}
	}
	t := time.Now()
	r, err := chatCall(ctx, c, base+"/api/chat/sessions", map[string]string{"lang": "fr"}, http.StatusCreated)
	if err != nil {
		return "", err
	}
	rec(time.Since(t))
	b.steps.record("open", time.Since(t))
	url := base + "/api/chat/sessions/" + r.SessionID + "/messages"
	last, repeats := "", 0
	for range maxTurns {
		var text string
		switch r.Step {
		case "greeting":
			text = "Je voudrais prendre un rendez-vous"
		case "name":
			text = "Visiteur Bench"
		case "email":
			text = fmt.Sprintf("c%d@bench.test", n)
		case "phone":
			text = fmt.Sprintf("+213 66%07d", n%10_000_000)
		case "company":
			text = "Bench SARL"
		case "service":
			if len(r.QuickReplies) == 0 {
				return "", fmt.Errorf("service step without choices: %q", r.lastText())
			}
			text = r.QuickReplies[0].Value
		case "date":
			text = d.Format("02/01/2006")
		case "time":
			text = hhmm
		case "confirm":
			text = "oui"
		case "booked":
			if r.AppointmentID == "" {
				return "", fmt.Errorf("booked without an appointment id: %q", r.lastText())
			}
			return r.AppointmentID, nil
		default:
			return "", fmt.Errorf("unknown step %q", r.Step)
		}
		if r.Step == last {
			if repeats++; repeats >= 2 {
				return "", fmt.Errorf("stuck at step %s after %q: %q", r.Step, text, r.lastText())
			}
		} else {
			last, repeats = r.Step, 0
		}
		if think > 0 {
			// A visitor reads the answer and types: between half and one and a half think times.
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(think/2 + time.Duration(rand.Int64N(int64(think)))):
			}
		}
		t := time.Now()
		step := r.Step
		r, err = chatCall(ctx, c, url, map[string]string{"text": text}, http.StatusOK)
		if err != nil {
			return "", err
		}
		took := time.Since(t)
		rec(took)
		b.steps.record(step, took)
	}
	return "", fmt.Errorf("no booking after %d turns (step %s)", maxTurns, r.Step)
}

func chatAbsent(ctx context.Context, base string) bool {
	return !routeExists(ctx, newClient(1), http.MethodPost, base+"/api/chat/sessions")
}

// chatRow runs full booking conversations through the rule path with many concurrent
// visitors, against the healthz ceiling.
func (b *bench) chatRow(ctx context.Context) row {
	visitors := b.sz.chatVisitors
	r := row{Name: rowChat, Unit: "turns/s", BaselineName: "healthz req/s",
		Target: fmt.Sprintf("≥ 0.25 × healthz; p99 ≤ 20 ms at %d visitors; 0 errors", visitors)}
	if chatAbsent(ctx, b.main.base) {
		r.NotMeasured = absentPrefix + "POST /api/chat/sessions"
		return r
	}
	client := newClient(visitors)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	var seq counter
	var booked atomic.Int64
	run := func(d, think time.Duration) *result {
		return closedLoop(ctx, visitors, d, func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
			if _, err := b.conversation(ctx, client, b.main.base, seq.next(), think, rec); err != nil {
				return err
			}
			booked.Add(1)
			return nil
		})
	}
	logf("chat, rule path: %d visitors each running full booking conversations back to back for %v", visitors, b.sz.chatDur)
	run(b.sz.warmup, 0)
	booked.Store(0)
	before := sampleCPU()
	res := run(b.sz.chatDur, 0)
	cpu := before.since(sampleCPU())
	turns := float64(res.lat.count()) / res.elapsed.Seconds()
	hz := b.healthz.rate()
	logf("  saturated: %.0f turns/s (%d conversations booked), p99 %.2f ms, %d errors %s", turns, booked.Load(),
		ms(res.lat.quantile(0.99)), res.errors, res.firstErr)

	logf("chat, rule path: %d visitors chatting at once, %v between messages, for %v", visitors, b.sz.chatThink, b.sz.chatLatDur)
	b.steps = &stepLatencies{h: map[string]*hist{}}
	lat := run(b.sz.chatLatDur, b.sz.chatThink)
	steps := b.steps.String()
	b.steps = nil
	p99 := ms(lat.lat.quantile(0.99))
	logf("  at %d visitors: %.0f turns/s, p50 %.2f ms, p99 %.2f ms, %d errors %s", visitors,
		float64(lat.lat.count())/lat.elapsed.Seconds(), ms(lat.lat.quantile(0.5)), p99, lat.errors, lat.firstErr)
	// The same pace against /healthz: what the machine alone adds to a request's tail.
	hzClient := newClient(visitors)
	defer hzClient.CloseIdleConnections()
	paced := closedLoop(ctx, visitors, b.sz.chatLatDur, func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.sz.chatThink/2 + time.Duration(rand.Int64N(int64(b.sz.chatThink)))):
		}
		t := time.Now()
		if _, err := get(ctx, hzClient, b.main.base+"/healthz", nil); err != nil {
			return err
		}
		rec(time.Since(t))
		return nil
	})
	logf("  /healthz at the same pace: p50 %.2f ms, p99 %.2f ms", ms(paced.lat.quantile(0.5)), ms(paced.lat.quantile(0.99)))
	errs := res.errors + lat.errors
	r.Value, r.Baseline, r.Ratio = num(turns), num(hz), num(ratio(turns, hz))
	r.add("p50", ms(lat.lat.quantile(0.5)), "ms")
	r.add("p95", ms(lat.lat.quantile(0.95)), "ms")
	r.add("p99", p99, "ms")
	r.add("p99 saturated", ms(res.lat.quantile(0.99)), "ms")
	r.add("healthz p99 at the same pace", ms(paced.lat.quantile(0.99)), "ms")
	r.add("bookings completed", float64(booked.Load()), "")
	r.add("errors", float64(errs), "")
	cpu.addTo(&r, turns, "turn")
	r.add("dota CPU a healthz request", 1e6*b.healthzCPU.cores["dota"]/hz, "µs")
	r.check(r.Ratio != nil && *r.Ratio >= 0.25, "turns/s ≥ 0.25 × healthz")
	r.check(p99 <= 20, fmt.Sprintf("p99 ≤ 20 ms at %d visitors", visitors))
	r.check(errs == 0, "0 errors")
	r.check(booked.Load() > 0, "conversations end booked")
	r.Note = fmt.Sprintf("Each simulated visitor runs conversation after conversation: open a session, ask to book, give "+
		"name, e-mail, phone, company, pick the first service offered, a date (DD/MM/YYYY) and an hour of a distinct "+
		"free slot, confirm. A turn is one request (the greeting included), its latency that request's. Two phases: "+
		"turns/s is measured with %d visitors sending back to back (saturation, %v; its p99 is the queue of a closed "+
		"loop, %d requests in flight), the p50/p95/p99 with %d visitors chatting at once the way people do, waiting "+
		"%v ± 50%% between messages (%v; people take several seconds); /healthz is then measured at the same pace, "+
		"to show what the shared machine alone adds to a request's tail. Healthz ceiling measured with %d connections.",
		visitors, b.sz.chatDur, visitors, visitors, b.sz.chatThink, b.sz.chatLatDur, b.sz.healthzConns)
	if steps != "" {
		r.Note += " p99 by the step the visitor answers, at 256 visitors: " + steps + "."
	}
	if errs > 0 {
		r.Note += " First error: " + res.firstErr + lat.firstErr
	}
	return r
}

// stepLatencies records the latency of chat turns by the step they answer.
type stepLatencies struct {
	mu sync.Mutex
	h  map[string]*hist
}

func (s *stepLatencies) record(step string, d time.Duration) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.h[step] == nil {
		s.h[step] = &hist{}
	}
	s.h[step].record(d)
}

func (s *stepLatencies) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var parts []string
	for _, step := range []string{"open", "greeting", "name", "email", "phone", "company", "service", "date", "time", "confirm"} {
		if h := s.h[step]; h != nil {
			parts = append(parts, fmt.Sprintf("%s %.1f ms", step, ms(h.quantile(0.99))))
		}
	}
	return strings.Join(parts, ", ")
}

// freeQuestion is a question no rule answers, so Dota asks Gemini once and serves the
// cached reply afterwards.
const freeQuestion = "Pouvez-vous m'expliquer comment se passe une collaboration avec votre équipe ?"

// questionsPerSession is how many free questions one simulated visitor asks before a
// new visitor (a new session) takes its place.
const questionsPerSession = 10

// freeRow asks the same free question over and over: after the first, every reply comes
// from the reply cache in Redis.
func (b *bench) freeRow(ctx context.Context) row {
	conns := b.sz.freeConns
	r := row{Name: rowFree, Unit: "replies/s", BaselineName: "healthz req/s", Target: "≥ 0.4 × healthz"}
	if chatAbsent(ctx, b.main.base) {
		r.NotMeasured = absentPrefix + "POST /api/chat/sessions"
		return r
	}
	client := newClient(conns)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	do := b.askFree(client, conns)
	// One visitor asks first and waits for Gemini's answer, which fills the reply cache.
	if s, err := chatCall(ctx, client, b.main.base+"/api/chat/sessions", map[string]string{"lang": "fr"}, http.StatusCreated); err == nil {
		_, _ = chatCall(ctx, client, b.main.base+"/api/chat/sessions/"+s.SessionID+"/messages",
			map[string]string{"text": freeQuestion}, http.StatusOK)
	}
	logf("chat, cached free question: %d connections for %v", conns, b.sz.freeDur)
	closedLoop(ctx, conns, b.sz.warmup, do)
	before, err := b.main.metric(ctx, `dota_chat_messages_total{lang="fr",source="cache"}`)
	if err != nil {
		r.NotMeasured = "reading /metrics: " + err.Error()
		return r
	}
	cpuBefore := sampleCPU()
	res := closedLoop(ctx, conns, b.sz.freeDur, do)
	cpu := cpuBefore.since(sampleCPU())
	after, _ := b.main.metric(ctx, `dota_chat_messages_total{lang="fr",source="cache"}`)
	hz := b.healthz.rate()
	rate := res.rate()
	p99 := ms(res.lat.quantile(0.99))
	cached := min(ratio(after-before, float64(res.ops)), 1) // replies in flight at the window's edges count once more
	logf("  %.0f replies/s, p99 %.2f ms, %.0f%% from the cache, %d errors %s", rate, p99, 100*cached, res.errors, res.firstErr)
	r.Value, r.Baseline, r.Ratio = num(rate), num(hz), num(ratio(rate, hz))
	r.add("p50", ms(res.lat.quantile(0.5)), "ms")
	r.add("p99", p99, "ms")
	r.add("cache share", 100*cached, "%")
	r.add("errors", float64(res.errors), "")
	cpu.addTo(&r, rate, "reply")
	r.check(r.Ratio != nil && *r.Ratio >= 0.4, "replies/s ≥ 0.4 × healthz")
	r.check(res.errors == 0, "0 errors")
	r.check(cached >= 0.99, "answered from the reply cache")
	r.Note = fmt.Sprintf("%d connections ask %q; Gemini is a stub inside dota-bench (DOTA_GEMINI_BASE_URL) that answers "+
		"once, every later reply comes from the reply cache (the cache share is read from dota_chat_messages_total). "+
		"Each visitor asks %d questions, then a new session starts; opening sessions takes time in the window but is "+
		"not counted as a reply.", conns, freeQuestion, questionsPerSession)
	if res.errors > 0 {
		r.Note += " First error: " + res.firstErr
	}
	return r
}

// askFree returns the free-question load of conns visitors: each asks the cached question
// questionsPerSession times, then opens a new session (not counted as a reply).
func (b *bench) askFree(client *http.Client, conns int) func(context.Context, int, int, func(time.Duration)) error {
	sessions := make([]string, conns)
	return func(ctx context.Context, w, i int, rec func(time.Duration)) error {
		if i%questionsPerSession == 0 {
			s, err := chatCall(ctx, client, b.main.base+"/api/chat/sessions", map[string]string{"lang": "fr"}, http.StatusCreated)
			if err != nil {
				return err
			}
			sessions[w] = s.SessionID
		}
		t := time.Now()
		if _, err := chatCall(ctx, client, b.main.base+"/api/chat/sessions/"+sessions[w]+"/messages",
			map[string]string{"text": freeQuestion}, http.StatusOK); err != nil {
			return err
		}
		rec(time.Since(t))
		return nil
	}
}

// freeLoad asks the cached free question with n visitors for d, for the profiling pass.
func (b *bench) freeLoad(ctx context.Context, n int, d time.Duration) {
	client := newClient(n)
	defer client.CloseIdleConnections()
	closedLoop(ctx, n, d, b.askFree(client, n))
}

// metric reads one sample of the server's /metrics (on its metrics listener), 0 when absent.
func (p *proc) metric(ctx context.Context, series string) (float64, error) {
	body, err := get(ctx, http.DefaultClient, p.metrics+"/metrics", nil)
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(l, series+" "); ok {
			return strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
	}
	return 0, nil
}

var geminiPath = regexp.MustCompile(`:generateContent$`)

// fakeGemini answers every generateContent call with one short text, as Gemini's API does.
func fakeGemini() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		if r.Method != http.MethodPost || !geminiPath.MatchString(r.URL.Path) {
			http.Error(w, `{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}`, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"Nous commençons par un échange sur votre besoin, puis nous vous envoyons un devis sous 48 heures et avançons par étapes validées avec vous."}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":20,"totalTokenCount":30}}`)
	})
}

// chatLoad runs conversations back to back with n visitors for d, for the profiling pass.
func (b *bench) chatLoad(ctx context.Context, n int, d time.Duration) {
	client := newClient(n)
	defer client.CloseIdleConnections()
	var seq counter
	seq.n.Store(50_000_000)
	closedLoop(ctx, n, d, func(ctx context.Context, _, _ int, rec func(time.Duration)) error {
		_, err := b.conversation(ctx, client, b.main.base, seq.next(), 0, rec)
		return err
	})
}
