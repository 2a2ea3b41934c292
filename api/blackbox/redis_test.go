package blackbox

import (
	"fmt"
	"net/http"
	"testing"
	"time"
)

// TestRedisStops stops the Redis server dota uses and starts it again: meanwhile the
// public form still books and /readyz reports Redis unreachable; once Redis is back,
// everything recovers without restarting dota.
func TestRedisStops(t *testing.T) {
	dbURL := database(t)
	rs := startRedis(t)
	e := baseEnv(t, dbURL)
	e["REDIS_URL"] = rs.url()
	srv := startDota(t, e)

	if r := must(t, "GET", srv.URL+"/readyz", nil); r.Status != http.StatusOK {
		t.Fatalf("readyz with Redis up: %d %s", r.Status, r.Raw)
	}
	rs.stop()

	t.Run("form books", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			key := fmt.Sprintf("redis-down-%d", i)
			r := must(t, "POST", srv.URL+"/api/appointments", bookingBody(key, 7_000_000+i), "Idempotency-Key", key)
			if r.Status != http.StatusCreated {
				t.Errorf("booking with Redis down: %d %s", r.Status, r.Raw)
			}
		}
		if r := must(t, "GET", srv.URL+"/api/services", nil); r.Status != http.StatusOK {
			t.Errorf("services with Redis down: %d %s", r.Status, r.Raw)
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
	})
}
