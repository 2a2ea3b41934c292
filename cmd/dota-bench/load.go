package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// result is what one closed-loop run measured.
type result struct {
	ops      uint64 // operations that succeeded
	errors   uint64
	firstErr string
	elapsed  time.Duration
	lat      hist // latency of the successful operations
}

// rate is successful operations per second.
func (r *result) rate() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.ops) / r.elapsed.Seconds()
}

// op is one unit of work of a worker; i counts the worker's own operations. It returns
// the latencies to record (one per request it made), or an error.
type op func(ctx context.Context, worker, i int, rec func(time.Duration)) error

// closedLoop runs workers, each doing op back to back, for d (or until ctx ends), and
// returns what they measured. Each worker records into its own histogram.
func closedLoop(ctx context.Context, workers int, d time.Duration, fn op) *result {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	type part struct {
		h        hist
		ops, err uint64
		firstErr error
	}
	parts := make([]part, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &parts[w]
			rec := func(l time.Duration) { p.h.record(l) }
			for i := 0; ctx.Err() == nil; i++ {
				err := fn(ctx, w, i, rec)
				switch {
				case err == nil:
					p.ops++
				case ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
					// cut off by the end of the run: neither a success nor an error
				default:
					p.err++
					if p.firstErr == nil {
						p.firstErr = err
					}
				}
			}
		}()
	}
	wg.Wait()
	r := &result{elapsed: time.Since(start)}
	for i := range parts {
		r.lat.merge(&parts[i].h)
		r.ops += parts[i].ops
		r.errors += parts[i].err
		if r.firstErr == "" && parts[i].firstErr != nil {
			r.firstErr = parts[i].firstErr.Error()
		}
	}
	return r
}

// fanOut runs fn once in each of n goroutines released at the same instant, and waits.
func fanOut(n int, fn func(i int)) {
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-gate
			fn(i)
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
}

// newClient is an HTTP client keeping up to conns connections to one server alive.
func newClient(conns int) *http.Client {
	tr := &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		MaxConnsPerHost:     0,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
		ForceAttemptHTTP2:   false,
	}
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

// counter hands out increasing numbers to concurrent workers.
type counter struct{ n atomic.Int64 }

func (c *counter) next() int64 { return c.n.Add(1) - 1 }

// statusError is an unexpected HTTP answer.
type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string {
	b := e.body
	if len(b) > 300 {
		b = b[:300] + "…"
	}
	return fmt.Sprintf("HTTP %d: %s", e.status, b)
}
