package api_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/migrations/testdb"
)

// streamServer is a replica serving the chat behind a trusted proxy (the test names the
// client in X-Forwarded-For), with the given bounds on visitors' streams.
func streamServer(t *testing.T, perReplica, perAddress int) string {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := func() time.Time { return now }
	core := booking.New(pool, booking.WithClock(clock))
	engine := closedAtEnd(t, chatbot.New(core, pool, rdb, chatbot.Config{RedisPrefix: prefix, StreamsPerAddress: perAddress},
		chatbot.WithClock(clock), chatbot.WithLogger(log)))
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: engine, DB: pool, Redis: rdb,
		Web: webApp, Logger: log, RedisPrefix: prefix, TrustedProxies: loopback, ChatStreamsPerReplica: perReplica})))
	t.Cleanup(srv.Close)
	return srv.URL
}

// writtenConversation opens a conversation and writes in it, and returns its stream's URL.
func writtenConversation(t *testing.T, base string) string {
	t.Helper()
	r := do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	id, _ := r.Body["session_id"].(string)
	if r := do(t, "POST", base+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": "bonjour"}); r.Status != 200 {
		t.Fatalf("message: %d %s", r.Status, r.Raw)
	}
	return base + "/api/chat/sessions/" + id + "/stream"
}

// refused checks that a stream opened from the address is refused with the status and
// code, and when to try again.
func refused(t *testing.T, url, ip string, status int, code, what string) {
	t.Helper()
	r := streamAnswer(t, url, ip)
	retry, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != status || errorCode(r) != code || err != nil || retry < 1 {
		t.Fatalf("%s: %d %s, Retry-After %q; want %d %s with Retry-After", what, r.Status, r.Raw,
			r.Header.Get("Retry-After"), status, code)
	}
}

// TestChatStreamsBounded: a replica holds a bounded number of visitors' streams — past it
// 503 with Retry-After, so the balancer's other replicas take them —; one address (an
// IPv6 /64) a few, across replicas — past them 429 with Retry-After —; and a stream opens
// only for a conversation the visitor wrote in.
func TestChatStreamsBounded(t *testing.T) {
	base := streamServer(t, 3, 2)
	from := func(ip string) http.Header { return http.Header{"X-Forwarded-For": {ip}} }

	r := do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	opened, _ := r.Body["session_id"].(string)
	if r := do(t, "GET", base+"/api/chat/sessions/"+opened+"/stream", nil); r.Status != 404 || errorCode(r) != "not_found" {
		t.Fatalf("the stream of a conversation nobody wrote in: %d %s", r.Status, r.Raw)
	}

	a, b, c := writtenConversation(t, base), writtenConversation(t, base), writtenConversation(t, base)
	openStream(t, http.DefaultClient, a, from("2001:db8:3:1::1"))
	openStream(t, http.DefaultClient, b, from("2001:db8:3:1::2"))
	refused(t, c, "2001:db8:3:1::3", 429, "rate_limited", "a third stream from one /64")
	_, closeThird := openStream(t, http.DefaultClient, c, from("198.51.100.1"))
	refused(t, a, "198.51.100.2", 503, "unavailable", "a stream past the replica's bound")

	closeThird()
	deadline := time.Now().Add(5 * time.Second)
	for streamAnswer(t, a, "198.51.100.2").Status != 200 {
		if time.Now().After(deadline) {
			t.Fatal("a closed stream's place on the replica was not given back")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// streamAnswer opens a stream from an address and returns the answer: a refusal whole,
// a stream by its status and headers alone, closed at once.
func streamAnswer(t *testing.T, url, ip string) response {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("X-Forwarded-For", ip)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := response{Status: res.StatusCode, Header: res.Header}
	if res.StatusCode != http.StatusOK {
		out.Raw, _ = io.ReadAll(res.Body)
		_ = json.Unmarshal(out.Raw, &out.Body)
	}
	return out
}
