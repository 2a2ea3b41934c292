package chatbot

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// goroutinesSettle returns the goroutine count once it stops falling, for up to wait.
func goroutinesSettle(wait time.Duration, ceiling int) int {
	deadline := time.Now().Add(wait)
	n := runtime.NumGoroutine()
	for n > ceiling && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		runtime.GC()
		n = runtime.NumGoroutine()
	}
	return n
}

// TestGeminiFaultsUnderLoad has many visitors ask, at once, questions no rule answers
// while Gemini fails in each way it can — 500, 429, garbage JSON, or no answer at all:
// every visitor gets the rules' answer within the AI time-out, the AI queue never holds
// more than its bound, and no goroutine outlives the requests.
func TestGeminiFaultsUnderLoad(t *testing.T) {
	const visitors = 12
	const timeout = 400 * time.Millisecond
	const queueMax = 4
	for _, mode := range []string{geminitest.Fail, geminitest.RateLimited, geminitest.Garbage, geminitest.Stall} {
		t.Run(mode, func(t *testing.T) {
			fake := geminitest.New(t, aiReply)
			fake.SetMode(mode)
			e, _ := newEngine(t, sundayMorning, Config{AITimeout: timeout, AIQueueInterval: 50 * time.Millisecond,
				AIQueueMax: queueMax, AIBudgetPerMinute: 1000, SessionMessageLimit: 1000, IPMessageLimit: 1000,
				IPOpenLimit: 1000},
				WithAI(newGemini(t, fake)))
			chats := make([]*chat, visitors)
			for i := range chats {
				chats[i] = start(t, e, "en")
			}
			before := goroutinesSettle(time.Second, 0)

			var maxDepth atomic.Int64
			stopWatch := make(chan struct{})
			watched := make(chan struct{})
			go func() {
				defer close(watched)
				for {
					if d := int64(testutil.ToFloat64(aiQueueDepth)); d > maxDepth.Load() {
						maxDepth.Store(d)
					}
					select {
					case <-stopWatch:
						return
					case <-time.After(5 * time.Millisecond):
					}
				}
			}()
			var wg sync.WaitGroup
			for i, c := range chats {
				wg.Add(1)
				go func(i int, c *chat) {
					defer wg.Done()
					begin := time.Now()
					r, err := e.Send(context.Background(), c.id,
						fmt.Sprintf("Can you knit scarf number %d for my cat?", i), "en", "192.0.2.1")
					took := time.Since(begin)
					switch {
					case err != nil:
						t.Errorf("visitor %d: %v", i, err)
					case len(r.Messages) == 0 || r.Messages[0].Source != SourceFallback:
						t.Errorf("visitor %d: %+v, want the rules' answer", i, r.Messages)
					case took > timeout+10*time.Second: // generous: a busy machine must not fail it
						t.Errorf("visitor %d waited %v with a %v AI time-out", i, took, timeout)
					}
				}(i, c)
			}
			wg.Wait()
			close(stopWatch)
			<-watched
			if d := maxDepth.Load(); d > queueMax {
				t.Errorf("the AI queue held %d requests, more than its bound of %d", d, queueMax)
			}
			fake.CloseClientConnections()
			after := goroutinesSettle(5*time.Second, before)
			t.Logf("queue depth at most %d; goroutines %d before, %d after", maxDepth.Load(), before, after)
			if after > before+2 {
				var buf bytes.Buffer
				_ = pprof.Lookup("goroutine").WriteTo(&buf, 1)
				t.Errorf("%d goroutines before the burst, %d after:\n%s", before, after, buf.String())
			}
		})
	}
}
