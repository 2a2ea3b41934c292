package blackbox

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// TestRedisStops stops the Redis server dota uses and starts it again: meanwhile the
// public form still books, the chat and console sign-in answer 503 unavailable with a
// readable message, and /readyz reports Redis unreachable; once Redis is back,
// everything recovers without restarting dota, and a live-event stream opened before
// the outage receives events again.
func TestRedisStops(t *testing.T) {
	dbURL := database(t)
	rs := startRedis(t)
	e := baseEnv(t, dbURL)
	e["REDIS_URL"] = rs.url()
	email, password := "ops-"+testdb.RandomHex(3)+"@dota.example", "Panne-"+testdb.RandomHex(6)
	createAdmin(t, e, email, "admin", password)
	srv := startDota(t, e)

	if r := must(t, "GET", srv.URL+"/readyz", nil); r.Status != http.StatusOK {
		t.Fatalf("readyz with Redis up: %d %s", r.Status, r.Raw)
	}
	admin := login(t, srv.URL, email, password)
	st := admin.openStream(t, srv.URL)
	chat := must(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "fr"})
	chatID, _ := chat.Body["session_id"].(string)
	if chat.Status != http.StatusCreated || chatID == "" {
		t.Fatalf("chat with Redis up: %d %s", chat.Status, chat.Raw)
	}
	rs.stop()

	t.Run("form books", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			key := fmt.Sprintf("redis-down-%d", i)
			start := time.Now()
			r := must(t, "POST", srv.URL+"/api/appointments", bookingBody(key, 7_000_000+i), "Idempotency-Key", key)
			if r.Status != http.StatusCreated {
				t.Errorf("booking with Redis down: %d %s", r.Status, r.Raw)
			}
			t.Logf("booked in %v with Redis down", time.Since(start).Round(time.Millisecond))
		}
		if r := must(t, "GET", srv.URL+"/api/services", nil); r.Status != http.StatusOK {
			t.Errorf("services with Redis down: %d %s", r.Status, r.Raw)
		}
	})
	t.Run("chat and sign-in say unavailable", func(t *testing.T) {
		for _, rq := range []struct {
			what, path string
			body       any
		}{
			{"new chat", "/api/chat/sessions", map[string]any{"lang": "fr"}},
			{"chat message", "/api/chat/sessions/" + chatID + "/messages", map[string]any{"text": "Bonjour"}},
			{"chat history", "/api/chat/sessions/" + chatID, nil},
			{"console sign-in", "/api/admin/login", map[string]any{"email": email, "password": password}},
		} {
			method := "POST"
			if rq.body == nil {
				method = "GET"
			}
			r := must(t, method, srv.URL+rq.path, rq.body)
			if r.Status != http.StatusServiceUnavailable || r.code() != "unavailable" || r.message() == "" {
				t.Errorf("%s with Redis down: %d %s", rq.what, r.Status, r.Raw)
			}
		}
		if r := admin.do(t, srv.URL, "GET", "/api/admin/me", nil); r.Status != http.StatusServiceUnavailable {
			t.Errorf("a signed-in request with Redis down: %d %s, want 503 (not a sign-out)", r.Status, r.Raw)
		}
	})
	t.Run("readyz fails", func(t *testing.T) {
		r := must(t, "GET", srv.URL+"/readyz", nil)
		checks, _ := r.Body["checks"].(map[string]any)
		if r.Status != http.StatusServiceUnavailable || checks["redis"] != "unreachable" || checks["postgres"] != "ok" {
			t.Errorf("readyz with Redis down: %d %s", r.Status, r.Raw)
		}
		if r := must(t, "GET", srv.URL+"/healthz", nil); r.Status != http.StatusOK {
			t.Errorf("healthz with Redis down: %d (liveness must not depend on Redis)", r.Status)
		}
	})

	rs.start()
	t.Run("recovers", func(t *testing.T) {
		took, ok := eventually(10*time.Second, func() bool {
			r, err := call(client, "GET", srv.URL+"/readyz", nil)
			return err == nil && r.Status == http.StatusOK
		})
		if !ok {
			t.Fatal("readyz still fails 10 s after Redis came back")
		}
		t.Logf("ready again %v after Redis came back", took.Round(time.Millisecond))
		if r := must(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "en"}); r.Status != http.StatusCreated {
			t.Errorf("chat after Redis came back: %d %s", r.Status, r.Raw)
		}
		// Redis lost its data (no persistence): the old session is gone, a new sign-in works.
		again := login(t, srv.URL, email, password)
		if r := again.do(t, srv.URL, "GET", "/api/admin/me", nil); r.Status != http.StatusOK {
			t.Errorf("console after Redis came back: %d", r.Status)
		}
		fresh := again.openStream(t, srv.URL)
		var delivered bool
		_, ok = eventually(10*time.Second, func() bool {
			key := "redis-back-" + testdb.RandomHex(3)
			must(t, "POST", srv.URL+"/api/appointments", bookingBody(key, 7_100_000), "Idempotency-Key", key)
			delivered = fresh.waitEvent("appointment.created", time.Second)
			return delivered
		})
		if !ok {
			t.Error("live events do not resume after Redis came back")
		}
		select {
		case <-st.closed:
			t.Log("the stream opened before the outage was closed (its session is gone with Redis's data); the console reconnects")
		default:
		}
	})
}
