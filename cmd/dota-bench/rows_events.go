package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// eventsSeqBase numbers the live-events bookings; their e-mails are v<seq>@bench.test.
const eventsSeqBase = 9_000_000

// subscriber is one console tab following the live events of one replica.
type subscriber struct {
	mu       sync.Mutex
	got      map[int64]bool
	lat      hist
	closedAt time.Time // when the stream ended before the run did
}

// eventsRow opens many SSE streams over two replicas, books on both at a steady rate and
// measures when each subscriber sees each appointment.created event.
func (b *bench) eventsRow(ctx context.Context) row {
	r := row{Name: rowEvents, Unit: "ms p99", Target: "p99 ≤ 100 ms, 0 lost"}
	if !routeExists(ctx, newClient(1), http.MethodPost, b.main.base+"/api/admin/login") {
		r.NotMeasured = absentPrefix + "GET /api/admin/events"
		return r
	}
	second, err := b.env.start(ctx, "b")
	if err != nil {
		r.NotMeasured = "second replica: " + err.Error()
		return r
	}
	replicas := []*proc{b.main, second}
	cookie, err := b.admin(ctx, b.main.base)
	if err != nil {
		r.NotMeasured = "signing in: " + err.Error()
		return r
	}
	n := b.sz.sseSubs
	logf("live events: %d subscribers over 2 replicas", n)
	streamClient := &http.Client{Transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		MaxIdleConnsPerHost: n, DisableCompression: true,
	}}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	var (
		sent    sync.Map // seq → time the booking was sent
		subs    = make([]*subscriber, n)
		wg      sync.WaitGroup
		opened  atomic.Int64
		openErr atomic.Value
	)
	ready := make(chan struct{}, n)
	for i := range n {
		s := &subscriber{got: map[int64]bool{}}
		subs[i] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.follow(sctx, streamClient, replicas[i%2].base, cookie, &sent, ready)
			if err != nil && sctx.Err() == nil {
				openErr.CompareAndSwap(nil, err.Error())
				s.mu.Lock()
				s.closedAt = time.Now()
				s.mu.Unlock()
			}
		}()
	}
	deadline := time.After(60 * time.Second)
	for opened.Load() < int64(n) {
		select {
		case <-ready:
			opened.Add(1)
		case <-deadline:
			r.NotMeasured = fmt.Sprintf("only %d of %d streams opened in 60 s (%v)", opened.Load(), n, openErr.Load())
			return r
		}
	}
	logf("  %d streams open; booking %d appointments at %d/s, alternating replicas", n, b.sz.sseBookings, b.sz.sseRate)
	client := newClient(8)
	// Idle keep-alive connections would hold server memory into the next row.
	defer client.CloseIdleConnections()
	tick := time.NewTicker(time.Second / time.Duration(b.sz.sseRate))
	var bookErrs []string
	var bwg sync.WaitGroup
	var bmu sync.Mutex
	for i := range b.sz.sseBookings {
		<-tick.C
		seq := int64(eventsSeqBase + i)
		date, hhmm := b.slots.next()
		bwg.Add(1)
		go func() {
			defer bwg.Done()
			sent.Store(seq, time.Now())
			if err := b.bookNew(ctx, client, replicas[i%2].base, seq, date, hhmm); err != nil {
				bmu.Lock()
				bookErrs = append(bookErrs, err.Error())
				bmu.Unlock()
				sent.Delete(seq)
			}
		}()
	}
	tick.Stop()
	bwg.Wait()
	booked := b.sz.sseBookings - len(bookErrs)
	// Give the last events time to arrive, then stop.
	want := int64(booked) * int64(n)
	for wait := time.Now().Add(5 * time.Second); time.Now().Before(wait); {
		if received(subs) >= want {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	stop()
	wg.Wait()

	var all hist
	closed := 0
	for _, s := range subs {
		s.mu.Lock()
		all.merge(&s.lat)
		if !s.closedAt.IsZero() {
			closed++
		}
		s.mu.Unlock()
	}
	got := received(subs)
	lost := want - got
	p50, p99 := ms(all.quantile(0.5)), ms(all.quantile(0.99))
	logf("  delivered %d of %d events; p50 %.1f ms, p99 %.1f ms; %d streams ended early; %d bookings failed",
		got, want, p50, p99, closed, len(bookErrs))
	r.Value = num(p99)
	r.add("p50", p50, "ms")
	r.add("p99", p99, "ms")
	r.add("events lost", float64(lost), "")
	r.add("events delivered", float64(got), "")
	r.add("streams ended early", float64(closed), "")
	r.add("bookings failed", float64(len(bookErrs)), "")
	r.check(p99 <= 100, "delivery p99 ≤ 100 ms")
	r.check(lost == 0 && closed == 0, "0 events lost")
	r.check(len(bookErrs) == 0, "every booking succeeds")
	r.Note = fmt.Sprintf("Two dota replicas share the database and Redis; %d SSE streams of a signed-in admin (half on "+
		"each replica) while %d form bookings arrive at %d a second, alternating replicas. Latency runs from the "+
		"start of the booking's transaction (the appointment's created_at, on this machine's clock) to the moment a "+
		"subscriber reads its appointment.created event: commit, publish to Redis, relay by each replica, SSE write. "+
		"lost = bookings × subscribers − events received.", n, b.sz.sseBookings, b.sz.sseRate)
	if len(bookErrs) > 0 {
		r.Note += " First booking error: " + bookErrs[0]
	}
	if v := openErr.Load(); v != nil {
		r.Note += fmt.Sprintf(" First stream error: %v", v)
	}
	second.stop()
	return r
}

func received(subs []*subscriber) int64 {
	var n int64
	for _, s := range subs {
		s.mu.Lock()
		n += int64(len(s.got))
		s.mu.Unlock()
	}
	return n
}

// follow reads one SSE stream until ctx ends, recording each bench booking it sees.
func (s *subscriber) follow(ctx context.Context, c *http.Client, base string, cookie *http.Cookie, sent *sync.Map, ready chan<- struct{}) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/admin/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	req.AddCookie(cookie)
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return &statusError{res.StatusCode, ""}
	}
	ready <- struct{}{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		// The relay writes the data line before the event line; the data names its kind.
		line := sc.Text()
		if !strings.HasPrefix(line, "data:") || !strings.Contains(line, `"kind":"appointment.created"`) {
			continue
		}
		seq, ok := benchSeq(line)
		if !ok {
			continue
		}
		if _, ok := sent.Load(seq); ok {
			d := time.Since(createdAt(line))
			s.mu.Lock()
			if !s.got[seq] {
				s.got[seq] = true
				s.lat.record(d)
			}
			s.mu.Unlock()
		}
	}
	if ctx.Err() != nil {
		return nil
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return fmt.Errorf("stream from %s ended", base)
}

// createdAt reads the appointment's created_at from an event's data: the start of the
// booking's transaction, on the database server's clock (this machine's).
func createdAt(data string) time.Time {
	const key = `"created_at":"`
	i := strings.Index(data, key)
	if i < 0 {
		return time.Now()
	}
	rest := data[i+len(key):]
	j := strings.IndexByte(rest, '"')
	if j < 0 {
		return time.Now()
	}
	t, err := time.Parse(time.RFC3339Nano, rest[:j])
	if err != nil {
		return time.Now()
	}
	return t
}

// benchSeq finds the booking number in an event's data: the e-mail v<seq>@bench.test.
func benchSeq(data string) (int64, bool) {
	i := strings.Index(data, "@bench.test")
	if i < 0 {
		return 0, false
	}
	j := i
	for j > 0 && data[j-1] >= '0' && data[j-1] <= '9' {
		j--
	}
	if j == i || j == 0 || data[j-1] != 'v' {
		return 0, false
	}
	n, err := strconv.ParseInt(data[j:i], 10, 64)
	return n, err == nil
}
