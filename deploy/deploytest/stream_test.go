//go:build cluster

package deploytest

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// sseEvent is one server-sent event.
type sseEvent struct {
	Name string
	Data string
}

// stream is a console event stream that reconnects like a browser's EventSource: when
// the connection ends it opens a new one, through the same URL.
type stream struct {
	events chan sseEvent
	// connected receives the response of every (re)connection, so a test can tell
	// which replica serves it.
	connected chan *http.Response
	cancel    context.CancelFunc
	done      chan struct{}
}

// reconnectDelay is how long the stream waits before reopening, as EventSource's
// default retry does.
const reconnectDelay = 250 * time.Millisecond

// openStream opens base+path with the client's cookies and keeps it open until the
// test ends.
func openStream(t *testing.T, cl *client, base, path string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &stream{events: make(chan sseEvent, 64), connected: make(chan *http.Response, 16), cancel: cancel, done: make(chan struct{})}
	// A client of its own with no overall time-out: the stream lasts.
	h := &http.Client{Jar: cl.http.Jar, Transport: cl.http.Transport}
	go func() {
		defer close(s.done)
		for ctx.Err() == nil {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
			if err != nil {
				return
			}
			req.Header.Set("Accept", "text/event-stream")
			res, err := h.Do(req)
			if err == nil {
				if res.StatusCode == http.StatusOK {
					s.connected <- res
					s.read(res)
				}
				res.Body.Close()
			}
			select {
			case <-ctx.Done():
			case <-time.After(reconnectDelay):
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-s.done })
	return s
}

// read dispatches the events of one connection until it ends.
func (s *stream) read(res *http.Response) {
	sc := bufio.NewScanner(res.Body)
	var ev sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if ev.Name != "" || ev.Data != "" {
				select {
				case s.events <- ev:
				default: // the test is not reading: drop rather than stall
				}
			}
			ev = sseEvent{}
		case strings.HasPrefix(line, "event:"):
			ev.Name = strings.TrimSpace(strings.TrimPrefix(line, "event:"))
		case strings.HasPrefix(line, "data:"):
			if ev.Data != "" {
				ev.Data += "\n"
			}
			ev.Data += strings.TrimSpace(strings.TrimPrefix(line, "data:"))
		}
	}
}

// waitConnected returns the response of the stream's next (re)connection.
func (s *stream) waitConnected(t *testing.T, within time.Duration) *http.Response {
	t.Helper()
	select {
	case res := <-s.connected:
		return res
	case <-time.After(within):
		t.Fatalf("the event stream did not (re)connect within %s", within)
		return nil
	}
}

// waitEvent returns the first event named name whose data contains substr.
func (s *stream) waitEvent(t *testing.T, name, substr string, within time.Duration) sseEvent {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case ev := <-s.events:
			if ev.Name == name && strings.Contains(ev.Data, substr) {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %q event containing %q within %s", name, substr, within)
			return sseEvent{}
		}
	}
}

// fromAddress makes the client connect from another loopback address, so that nginx,
// and the replicas behind it, see a different visitor.
func fromAddress(cl *client, ip string) *client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	cl.http.Transport = &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}
	return cl
}
