package blackbox

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// A visitor's chat stream and the chat's budgets under attack, against the binary: a
// flood of streams from one IPv6 network and from many addresses, streams that would
// outlive their conversation, and conversations opened from ever new addresses of one
// /64.

// proxiedEnv is the environment of a dota behind a trusted proxy on 127.0.0.1: the test
// names each request's client in X-Forwarded-For.
func proxiedEnv(t *testing.T, dbURL string, extra env) env {
	t.Helper()
	e := baseEnv(t, dbURL)
	e["DOTA_TRUSTED_PROXIES"] = "127.0.0.1/32"
	for k, v := range extra {
		e[k] = v
	}
	return e
}

// heldStream is a visitor's chat stream the test holds open.
type heldStream struct {
	closed chan struct{} // closed when the server ends the stream
	cancel context.CancelFunc
}

// chatStream opens a conversation's stream as the client at ip. A stream is held open
// until the test ends or cancel is called; a refusal comes back read.
func chatStream(t *testing.T, base, sessionID, ip string) (*heldStream, reply) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/chat/sessions/"+sessionID+"/stream", nil)
	req.Header.Set("X-Forwarded-For", ip)
	req.Header.Set("Accept", "text/event-stream")
	res, err := (&http.Client{}).Do(req)
	if err != nil {
		cancel()
		t.Fatalf("stream of %s from %s: %v", sessionID, ip, err)
	}
	if res.StatusCode != http.StatusOK {
		defer cancel()
		defer res.Body.Close()
		return nil, readReply(res)
	}
	s := &heldStream{closed: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(s.closed)
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, res.Body)
	}()
	t.Cleanup(cancel)
	return s, reply{Status: res.StatusCode, Header: res.Header}
}

// openChat opens a conversation as the client at ip and returns its id, or the refusal.
func openChat(t *testing.T, base, ip string) (string, reply) {
	t.Helper()
	r := must(t, "POST", base+"/api/chat/sessions", map[string]any{"lang": "fr"}, "X-Forwarded-For", ip)
	id, _ := r.Body["session_id"].(string)
	return id, r
}

// writtenChat opens a conversation as the client at ip and writes in it.
func writtenChat(t *testing.T, base, ip, text string) string {
	t.Helper()
	id, r := openChat(t, base, ip)
	if r.Status != http.StatusCreated {
		t.Fatalf("open a conversation from %s: %d %s", ip, r.Status, r.Raw)
	}
	if r := must(t, "POST", base+"/api/chat/sessions/"+id+"/messages", map[string]any{"text": text, "lang": "fr"},
		"X-Forwarded-For", ip); r.Status != http.StatusOK || r.Body["session_id"] != id {
		t.Fatalf("write from %s: %d %s", ip, r.Status, r.Raw)
	}
	return id
}

// refusedWith checks a refusal's status and code, and that it says when to come back.
func refusedWith(t *testing.T, r reply, status int, code, what string) {
	t.Helper()
	retry, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if r.Status != status || r.code() != code || err != nil || retry < 1 || r.message() == "" {
		t.Fatalf("%s: %d %s, Retry-After %q; want %d %s with Retry-After and a message", what, r.Status, r.Raw,
			r.Header.Get("Retry-After"), status, code)
	}
}

// freshWindow waits for the next one-minute window of the budgets when this one ends
// within the test's reach, so that a test counting a budget sees one window.
func freshWindow(t *testing.T, need time.Duration) {
	t.Helper()
	if left := time.Until(time.Now().Truncate(time.Minute).Add(time.Minute)); left < need {
		t.Logf("waiting %s for a fresh one-minute window", left.Round(time.Second))
		time.Sleep(left + 100*time.Millisecond)
	}
}

// TestStreamFloodIsBounded: an attacker opens visitors' chat streams by the thousand. From
// ever new addresses of one IPv6 /64, a few open and the next are refused 429 with
// Retry-After; from many addresses, the replica holds its bound and refuses the next 503
// with Retry-After, still answering /healthz at once. A conversation only opened, or
// unknown, has no stream. Closed streams give their places back.
func TestStreamFloodIsBounded(t *testing.T) {
	const perAddress, perReplica = 3, 12
	srv := startDota(t, proxiedEnv(t, database(t), env{"DOTA_CHAT_STREAMS_PER_IP": strconv.Itoa(perAddress),
		"DOTA_CHAT_STREAMS_PER_REPLICA": strconv.Itoa(perReplica)}))
	ids := make([]string, 4)
	for i := range ids {
		ids[i] = writtenChat(t, srv.URL, fmt.Sprintf("203.0.113.%d", i+1), "bonjour")
	}
	opened, _ := openChat(t, srv.URL, "203.0.113.99")
	for _, id := range []string{opened, "0123456789abcdef0123456789abcdef"} {
		if _, r := chatStream(t, srv.URL, id, "203.0.113.99"); r.Status != http.StatusNotFound || r.code() != "not_found" {
			t.Fatalf("the stream of %s, where nothing can come: %d %s", id, r.Status, r.Raw)
		}
	}

	var held []*heldStream
	for i := range perAddress + 10 {
		s, r := chatStream(t, srv.URL, ids[i%len(ids)], fmt.Sprintf("2001:db8:66:1:%x::%x", i, i+1))
		switch {
		case i < perAddress && s == nil:
			t.Fatalf("stream %d from the /64: %d %s", i+1, r.Status, r.Raw)
		case i < perAddress:
			held = append(held, s)
		default:
			refusedWith(t, r, http.StatusTooManyRequests, "rate_limited", fmt.Sprintf("stream %d from one /64", i+1))
		}
	}
	for i := 0; ; i++ {
		s, r := chatStream(t, srv.URL, ids[i%len(ids)], fmt.Sprintf("198.51.%d.%d", i/200, i%200+1))
		if s == nil {
			refusedWith(t, r, http.StatusServiceUnavailable, "unavailable", "a stream past the replica's bound")
			break
		}
		if held = append(held, s); len(held) > perReplica {
			t.Fatalf("the replica holds %d streams, past its bound of %d", len(held), perReplica)
		}
	}
	if len(held) != perReplica {
		t.Fatalf("the replica refused streams at %d, before its bound of %d", len(held), perReplica)
	}
	start := time.Now()
	if r := must(t, "GET", srv.URL+"/healthz", nil); r.Status != http.StatusOK || time.Since(start) > time.Second {
		t.Fatalf("/healthz under the flood: %d in %v", r.Status, time.Since(start))
	}
	for _, s := range held {
		select {
		case <-s.closed:
			t.Fatal("a stream within the bounds was ended")
		default:
		}
	}

	for _, s := range held {
		s.cancel()
	}
	if took, ok := eventually(10*time.Second, func() bool {
		s, _ := chatStream(t, srv.URL, ids[0], "2001:db8:66:1:ffff::1")
		if s == nil {
			return false
		}
		s.cancel()
		return true
	}); !ok {
		t.Fatalf("the places of closed streams were not given back within %v", took)
	}
}

// TestStreamEndsWithItsSession: a stream lasts no longer than its conversation: it ends
// when the session expires, and when an administrator erases the person's data; opened
// again, it is not found.
func TestStreamEndsWithItsSession(t *testing.T) {
	t.Run("expiry", func(t *testing.T) {
		srv := startDota(t, proxiedEnv(t, database(t), env{"DOTA_CHAT_SESSION_TTL": "3s"}))
		id := writtenChat(t, srv.URL, "203.0.113.10", "bonjour")
		s, r := chatStream(t, srv.URL, id, "203.0.113.10")
		if s == nil {
			t.Fatalf("stream: %d %s", r.Status, r.Raw)
		}
		select {
		case <-s.closed:
			t.Fatal("the stream ended before its session")
		case <-time.After(time.Second):
		}
		select {
		case <-s.closed:
		case <-time.After(8 * time.Second):
			t.Fatal("the stream outlived its session's expiry")
		}
		if _, r := chatStream(t, srv.URL, id, "203.0.113.10"); r.Status != http.StatusNotFound {
			t.Fatalf("the stream of an expired conversation: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("erasure", func(t *testing.T) {
		srv, e, email, password := consoleEnv(t, env{"DOTA_TRUSTED_PROXIES": "127.0.0.1/32"})
		admin := login(t, srv.URL, email, password)
		c := admin.do(t, srv.URL, "POST", "/api/admin/clients", map[string]any{"prenom": "Lina", "nom": "Haddad",
			"email": "lina.haddad@stream.example"})
		client, _ := c.Body["client"].(map[string]any)
		clientID, _ := client["id"].(string)
		if c.Status != http.StatusCreated || clientID == "" {
			t.Fatalf("client: %d %s", c.Status, c.Raw)
		}
		// Her conversation: she gives Dota her name and address on the way to a booking.
		id := writtenChat(t, srv.URL, "203.0.113.11", "Je voudrais prendre rendez-vous")
		for _, text := range []string{"Lina Haddad", "lina.haddad@stream.example"} {
			if r := must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", map[string]any{"text": text},
				"X-Forwarded-For", "203.0.113.11"); r.Status != http.StatusOK {
				t.Fatalf("%q: %d %s", text, r.Status, r.Raw)
			}
		}
		db := pool(t, e["DATABASE_URL"])
		if _, ok := eventually(5*time.Second, func() bool {
			var n int
			_ = db.QueryRow(context.Background(), `SELECT count(*) FROM chat_conversations
				WHERE session_id = $1 AND collected->>'email' = 'lina.haddad@stream.example'`, id).Scan(&n)
			return n > 0
		}); !ok {
			t.Fatal("the conversation never stored the address she gave")
		}
		s, r := chatStream(t, srv.URL, id, "203.0.113.11")
		if s == nil {
			t.Fatalf("stream: %d %s", r.Status, r.Raw)
		}
		if r := admin.do(t, srv.URL, "POST", "/api/admin/clients/"+clientID+"/erase", map[string]any{"confirm": "Lina Haddad"}); r.Status != http.StatusOK {
			t.Fatalf("erase: %d %s", r.Status, r.Raw)
		}
		select {
		case <-s.closed:
		case <-time.After(5 * time.Second):
			t.Fatal("the stream outlived the erasure of its conversation")
		}
		if _, r := chatStream(t, srv.URL, id, "203.0.113.11"); r.Status != http.StatusNotFound {
			t.Fatalf("the stream of an erased conversation: %d %s", r.Status, r.Raw)
		}
	})
}

// TestChatBudgetsShareOneIPv6Network: a script opens conversations and writes in them
// from ever new addresses of one /64, as a subscriber holding the whole /64 may. The /64
// is one address to every budget of the chat: it opens 10 conversations a minute
// (DOTA_CHAT_IP_OPEN_RATE's default), sends 60 messages (DOTA_CHAT_IP_RATE's), then is
// told when to come back; another /64 is not affected. A conversation only opened stores
// nothing but its language, and its id is taken up by the visitor's first message.
func TestChatBudgetsShareOneIPv6Network(t *testing.T) {
	dbURL := database(t)
	e := proxiedEnv(t, dbURL, env{"DOTA_CHAT_SESSION_RATE": "1000"})
	srv := startDota(t, e)
	freshWindow(t, 30*time.Second)

	for i := range 11 {
		_, r := openChat(t, srv.URL, fmt.Sprintf("2001:db8:77:1:%x::1", i))
		if i < 10 {
			if r.Status != http.StatusCreated {
				t.Fatalf("conversation %d from the /64: %d %s", i+1, r.Status, r.Raw)
			}
			continue
		}
		refusedWith(t, r, http.StatusTooManyRequests, "rate_limited", "an eleventh conversation from one /64")
	}
	if _, r := openChat(t, srv.URL, "2001:db8:77:2::1"); r.Status != http.StatusCreated {
		t.Fatalf("another /64: %d %s", r.Status, r.Raw)
	}
	var rows int
	if err := pool(t, dbURL).QueryRow(context.Background(), `SELECT count(*) FROM chat_conversations`).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("%d conversations stored before anyone wrote (%v)", rows, err)
	}
	rdb, _ := testdb.Redis(t)
	if keys := rdb.Keys(context.Background(), e["DOTA_REDIS_PREFIX"]+"chat:s*").Val(); len(keys) != 0 {
		t.Fatalf("sessions stored before anyone wrote: %v", keys)
	}

	// The messages of one /64: the first goes to a conversation it opened, under its id.
	freshWindow(t, 30*time.Second)
	id := writtenChat(t, srv.URL, "2001:db8:88:1::1", "bonjour") // 2 of its 60: the opening and the message
	accepted := 2
	var last reply
	for i := range 70 {
		last = must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", map[string]any{"text": "merci"},
			"X-Forwarded-For", fmt.Sprintf("2001:db8:88:1:%x:%x::1", i/256, i%256))
		if last.Status != http.StatusOK {
			break
		}
		accepted++
	}
	refusedWith(t, last, http.StatusTooManyRequests, "rate_limited", "messages past the /64's budget")
	if accepted != 60 {
		t.Fatalf("the /64 sent %d messages in the window, want 60", accepted)
	}
	if r := must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", map[string]any{"text": "merci"},
		"X-Forwarded-For", "2001:db8:88:2::1"); r.Status != http.StatusOK {
		t.Fatalf("the same conversation from another /64: %d %s", r.Status, r.Raw)
	}
}
