package blackbox

import (
	"io"
	"net/http"
	"syscall"
	"testing"
	"time"
)

// slowBooking is a booking whose body the client is still sending: the request is in
// flight on the server until finish is called.
type slowBooking struct {
	w    *io.PipeWriter
	rest string
	done chan reply
	err  chan error
}

func startSlowBooking(url, key string) *slowBooking {
	body := `{"name":"Client Lent","phone":"0555123456","email":"` + key + `@slow.example","message":"lent"}`
	pr, pw := io.Pipe()
	s := &slowBooking{w: pw, rest: body[20:], done: make(chan reply, 1), err: make(chan error, 1)}
	go func() {
		r, err := call(client, http.MethodPost, url+"/api/appointments", pr, "Idempotency-Key", key)
		if err != nil {
			s.err <- err
			return
		}
		s.done <- r
	}()
	go func() { _, _ = pw.Write([]byte(body[:20])) }()
	return s
}

func (s *slowBooking) finish() {
	_, _ = s.w.Write([]byte(s.rest))
	_ = s.w.Close()
}

// TestGracefulShutdown sends SIGTERM while visitors book, a console live-event stream is
// open, one request is still being received and another client has stalled for good: the
// in-flight request completes with 201, the stream is closed cleanly at once, no request
// gets a 5xx, new connections are refused, and dota exits 0 once the grace period has cut
// the stalled one, not later.
func TestGracefulShutdown(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	e["DOTA_SHUTDOWN_TIMEOUT"] = "3s"
	createAdmin(t, e, "shutdown@dota.example", "admin", "Arrêt-propre-1")
	srv := startDota(t, e)
	st := login(t, srv.URL, "shutdown@dota.example", "Arrêt-propre-1").openStream(t, srv.URL)
	load := startLoad(t, srv.URL, 4)
	time.Sleep(time.Second)
	slow := startSlowBooking(srv.URL, "shutdown-slow")
	stalled := startSlowBooking(srv.URL, "shutdown-stalled")
	defer stalled.w.Close()
	time.Sleep(300 * time.Millisecond) // the server is reading its body

	sent := time.Now()
	srv.signal(syscall.SIGTERM)
	time.Sleep(700 * time.Millisecond)
	if _, err := call(&http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}},
		http.MethodGet, srv.URL+"/healthz", nil); err == nil {
		t.Error("a new connection was served after SIGTERM")
	}
	if !st.waitClosed(2 * time.Second) {
		t.Error("the live-event stream is still open 2.7 s after SIGTERM")
	}
	slow.finish()
	select {
	case r := <-slow.done:
		if r.Status != http.StatusCreated {
			t.Errorf("the in-flight booking got %d %s, want 201", r.Status, r.Raw)
		}
	case err := <-slow.err:
		t.Errorf("the in-flight booking was cut: %v", err)
	case <-time.After(10 * time.Second):
		t.Error("the in-flight booking got no answer")
	}
	code, exited := srv.wait(10 * time.Second)
	took := time.Since(sent)
	load.stop()
	t.Log(summary(load.snapshot()))
	switch {
	case !exited:
		t.Fatal("dota still runs 10 s after SIGTERM")
	case code != 0:
		t.Errorf("dota exited %d after SIGTERM, want 0", code)
	case took > 5*time.Second:
		t.Errorf("dota took %v to stop, more than its 3 s grace period (with 2 s to spare)", took)
	default:
		t.Logf("dota stopped %v after SIGTERM", took.Round(time.Millisecond))
	}
	for _, a := range load.snapshot() {
		if a.Status >= 500 {
			t.Errorf("booking %s got %d %q during the shutdown", a.Key, a.Status, a.Code)
		}
	}
	checkStored(t, pool(t, dbURL), load.acknowledged(), load.run)
}

// TestShutdownClosesOpenStreams: with the default 20 s grace period, a console tab's
// live-event stream and a visitor's chat stream open do not hold the stop: both are
// closed at once on SIGTERM and dota exits within a few seconds, not after 20.
func TestShutdownClosesOpenStreams(t *testing.T) {
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	delete(e, "DOTA_SHUTDOWN_TIMEOUT") // the default, 20 s
	createAdmin(t, e, "streams@dota.example", "admin", "Arrêt-rapide-1")
	srv := startDota(t, e)
	console := login(t, srv.URL, "streams@dota.example", "Arrêt-rapide-1").openStream(t, srv.URL)
	chat, r := chatStream(t, srv.URL, writtenChat(t, srv.URL, "127.0.0.1", "Bonjour"), "127.0.0.1")
	if chat == nil {
		t.Fatalf("the chat stream was refused: %d %s", r.Status, r.Raw)
	}
	time.Sleep(300 * time.Millisecond)

	sent := time.Now()
	srv.signal(syscall.SIGTERM)
	if !console.waitClosed(3 * time.Second) {
		t.Error("the console's stream is still open 3 s after SIGTERM")
	}
	select {
	case <-chat.closed:
	case <-time.After(3 * time.Second):
		t.Error("the visitor's chat stream is still open 3 s after SIGTERM")
	}
	code, exited := srv.wait(10 * time.Second)
	took := time.Since(sent)
	switch {
	case !exited:
		t.Fatalf("dota still runs %v after SIGTERM with two streams open", took.Round(time.Millisecond))
	case code != 0:
		t.Errorf("dota exited %d after SIGTERM, want 0", code)
	case took > 5*time.Second:
		t.Errorf("dota took %v to stop with two streams open; they should close at once", took)
	default:
		t.Logf("dota stopped %v after SIGTERM", took.Round(time.Millisecond))
	}
}
