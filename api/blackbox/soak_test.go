//go:build soak

package blackbox

import (
	"bufio"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// soakStep is one request of the soak's mix.
type soakStep func(c *http.Client, base string, n int) error

// gauge reads one unlabelled gauge from the Prometheus exposition.
func gauge(base, name string) (float64, error) {
	res, err := http.Get(base + "/metrics")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, name+" ") {
			return strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(line, name)), 64)
		}
	}
	return 0, fmt.Errorf("no %s in /metrics", name)
}

// capacity runs workers as fast as they go for d and returns the requests per second.
func capacity(base string, step soakStep, workers int, d time.Duration) (float64, error) {
	var done atomic.Int64
	var firstErr atomic.Value
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	defer c.CloseIdleConnections()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; time.Now().Before(stop); i++ {
				if err := step(c, base, w*1_000_000+i); err != nil {
					firstErr.CompareAndSwap(nil, err.Error())
					return
				}
				done.Add(1)
			}
		}(w)
	}
	wg.Wait()
	if msg, _ := firstErr.Load().(string); msg != "" {
		return 0, errors.New(msg)
	}
	return float64(done.Load()) / d.Seconds(), nil
}

// chatQuestions are what visitors ask Dota; its rules answer them all, so the soak
// measures Dota itself, not Gemini.
var chatQuestions = []string{"Bonjour", "Quels sont vos services ?", "Quels sont vos tarifs ?", "Où êtes-vous ?",
	"Quels sont vos horaires ?", "Comment vous contacter ?", "What are your prices?", "ما هي خدماتكم؟", "Merci"}

// chatMix is the soak's traffic: visitors chatting with Dota, one in ten starting a
// conversation.
type chatMix struct {
	mu       sync.Mutex
	sessions []string
}

func (m *chatMix) step(c *http.Client, base string, n int) error {
	m.mu.Lock()
	var id string
	if len(m.sessions) > 0 && n%10 != 0 {
		id = m.sessions[n%len(m.sessions)]
	}
	m.mu.Unlock()
	var r reply
	var err error
	if id == "" {
		r, err = call(c, "POST", base+"/api/chat/sessions", map[string]any{"lang": "fr"})
		if sid, _ := r.Body["session_id"].(string); err == nil && sid != "" {
			m.mu.Lock()
			if len(m.sessions) < 200 {
				m.sessions = append(m.sessions, sid)
			} else {
				m.sessions[n%len(m.sessions)] = sid
			}
			m.mu.Unlock()
		}
	} else {
		r, err = call(c, "POST", base+"/api/chat/sessions/"+id+"/messages",
			map[string]any{"text": chatQuestions[n%len(chatQuestions)]})
	}
	if err != nil {
		return err
	}
	if r.Status >= 300 {
		return fmt.Errorf("status %d: %s", r.Status, trim(r.Raw))
	}
	return nil
}

// TestSoak measures the chat's capacity, then chats at half of it for
// DOTA_SOAK_DURATION (5 minutes by default): no request fails, the heap stays within
// 10 % of its level after warm-up, and the goroutines at rest after the soak are those
// at rest before it.
func TestSoak(t *testing.T) {
	duration := 5 * time.Minute
	if v := os.Getenv("DOTA_SOAK_DURATION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		duration = d
	}
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	// One client address plays every visitor: lift the per-address and per-conversation
	// budgets, which the fault tests prove.
	e["DOTA_CHAT_SESSION_RATE"], e["DOTA_CHAT_IP_RATE"] = "100000000", "100000000"
	e["DOTA_CHAT_IP_OPEN_RATE"] = "100000000"
	srv := startDota(t, e)
	mix := &chatMix{}
	rate, err := capacity(srv.URL, mix.step, 8, 15*time.Second)
	if err != nil {
		t.Fatalf("measuring capacity: %v", err)
	}
	target := rate / 2
	restBefore := atRest(t, srv.MetricsURL)
	t.Logf("capacity %.0f req/s; soaking at %.0f req/s for %v; %.0f goroutines at rest", rate, target, duration, restBefore)

	type sample struct {
		at         time.Duration
		heap, gors float64
	}
	var samples []sample
	var failures atomic.Int64
	var sent atomic.Int64
	var firstErr atomic.Value
	// A shared machine slows down at times: requests may queue up to this many before the
	// soak counts the server as unable to keep up; a request slower than the client's
	// 10 s time-out fails anyway.
	const outstanding = 512
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: outstanding}}
	sem := make(chan struct{}, outstanding)
	var wg sync.WaitGroup
	start := time.Now()
	interval := time.Duration(float64(time.Second) / target)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	sampleTick := time.NewTicker(10 * time.Second)
	defer sampleTick.Stop()
	for n := 0; time.Since(start) < duration; {
		select {
		case <-tick.C:
			select {
			case sem <- struct{}{}:
			default:
				failures.Add(1) // the server fell behind
				firstErr.CompareAndSwap(nil, fmt.Sprintf("%d requests outstanding at %v", outstanding, time.Since(start)))
				continue
			}
			wg.Add(1)
			sent.Add(1)
			go func(n int) {
				defer wg.Done()
				defer func() { <-sem }()
				if err := mix.step(c, srv.URL, n); err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
				}
			}(n)
			n++
		case <-sampleTick.C:
			heap, err1 := gauge(srv.MetricsURL, "go_memstats_heap_inuse_bytes")
			gors, err2 := gauge(srv.MetricsURL, "go_goroutines")
			if err1 != nil || err2 != nil {
				t.Fatalf("metrics: %v %v", err1, err2)
			}
			samples = append(samples, sample{time.Since(start), heap, gors})
		}
	}
	wg.Wait()
	c.CloseIdleConnections()
	restAfter := atRest(t, srv.MetricsURL)
	t.Logf("%d requests, %d failed; %.0f goroutines at rest after", sent.Load(), failures.Load(), restAfter)
	if restAfter > restBefore+5 {
		t.Errorf("goroutines at rest grew from %.0f to %.0f: a leak", restBefore, restAfter)
	}
	if failures.Load() > 0 {
		t.Errorf("%d requests failed; first: %v", failures.Load(), firstErr.Load())
	}
	if len(samples) < 6 {
		t.Fatalf("only %d samples: run for at least a minute", len(samples))
	}
	// Warm-up is the first third; compare the median of the second third with the last.
	third := len(samples) / 3
	med := func(s []sample, f func(sample) float64) float64 {
		v := make([]float64, len(s))
		for i := range s {
			v[i] = f(s[i])
		}
		sort.Float64s(v)
		return v[len(v)/2]
	}
	heapMid := med(samples[third:2*third], func(s sample) float64 { return s.heap })
	heapEnd := med(samples[2*third:], func(s sample) float64 { return s.heap })
	gorMid := med(samples[third:2*third], func(s sample) float64 { return s.gors })
	gorEnd := med(samples[2*third:], func(s sample) float64 { return s.gors })
	t.Logf("heap in use: %.1f MB then %.1f MB", heapMid/1e6, heapEnd/1e6)
	if heapEnd > heapMid*1.10 {
		t.Errorf("the heap grew by %.0f %% during the soak", (heapEnd/heapMid-1)*100)
	}
	// Under load the goroutine count follows the requests in flight, which a busy machine
	// varies; the count at rest, before and after, is what shows a leak (checked above).
	t.Logf("goroutines under load: %.0f then %.0f (requests in flight vary)", gorMid, gorEnd)
}

// atRest waits for the server's keep-alive connections to the test to close and returns
// its goroutine count once idle (the lowest of a few readings).
func atRest(t *testing.T, base string) float64 {
	t.Helper()
	time.Sleep(2 * time.Second)
	low := -1.0
	for i := 0; i < 5; i++ {
		g, err := gauge(base, "go_goroutines")
		if err != nil {
			t.Fatal(err)
		}
		if low < 0 || g < low {
			low = g
		}
		time.Sleep(200 * time.Millisecond)
	}
	return low
}
