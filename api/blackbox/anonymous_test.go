package blackbox

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// privateRoutes are paths that do or could hold people's data: the console's lists, the
// old build's table API, and guesses an attacker would try.
func privateRoutes(appointmentID string) []string {
	return []string{
		"/api/clients", "/api/clients?q=canari", "/api/appointments", "/api/appointments/" + appointmentID,
		"/api/notifications", "/api/users", "/api/newsletter", "/api/admin", "/api/admin/clients",
		"/api/admin/clients?q=canari", "/api/admin/appointments", "/api/admin/appointments?q=canari",
		"/api/admin/appointments/" + appointmentID, "/api/admin/appointments/" + appointmentID + "/notes",
		"/api/admin/appointments/" + appointmentID + "/history", "/api/admin/appointments/" + appointmentID + "/transcript",
		"/api/admin/appointments/stats", "/api/admin/appointments/calendar?month=2026-11",
		"/api/admin/appointments/export.csv", "/api/admin/appointments/export.csv?ids=" + appointmentID,
		"/api/admin/notifications", "/api/admin/notifications/recent", "/api/admin/notifications/unread-count",
		"/api/admin/users", "/api/admin/dashboard", "/api/admin/settings", "/api/admin/ops?window=1h",
		"/api/admin/projects", "/api/admin/me", "/api/admin/events", "/rest/v1/clients", "/rest/v1/clients?select=*",
		"/rest/v1/appointments?select=*", "/api/tables/clients", "/api/services?select=*,clients(*)",
		"/api/services?raw=1&include=clients", "/api/projects?category=' OR 1=1 --", "/metrics", "/healthz", "/readyz",
		"/api/chat/sessions", "/.env", "/web/.env", "/api/../api/admin/clients", "/api/admin/../admin/clients",
		"/API/ADMIN/CLIENTS", "/api/admin/clients/", "/api//admin/clients",
	}
}

// TestAnonymousCannotList books an appointment and subscribes to the newsletter with
// recognizable details, then tries every route that could list people — with each
// method — without signing in: no answer is a success with data, and none holds the
// recognizable details.
func TestAnonymousCannotList(t *testing.T) {
	dbURL := database(t)
	srv := startDota(t, baseEnv(t, dbURL))
	canary := "canari" + testdb.RandomHex(4)
	booked := must(t, "POST", srv.URL+"/api/appointments", map[string]any{
		"name": "Canari Anonyme", "email": canary + "@example.com", "phone": "0555987654", "company": "Canari " + canary,
		"message": canary})
	id, _ := booked.Body["id"].(string)
	if booked.Status != http.StatusCreated || id == "" {
		t.Fatalf("booking: %d %s", booked.Status, booked.Raw)
	}
	if r := must(t, "POST", srv.URL+"/api/newsletter", map[string]any{"email": "news-" + canary + "@example.com"}); r.Status != http.StatusCreated {
		t.Fatalf("newsletter: %d %s", r.Status, r.Raw)
	}
	c := &http.Client{Timeout: 5 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	for _, path := range privateRoutes(id) {
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
			if method != "GET" && !strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/rest/") {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			req, _ := http.NewRequestWithContext(ctx, method, srv.URL+path, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			res, err := c.Do(req)
			if err != nil {
				cancel()
				t.Errorf("%s %s: %v", method, path, err)
				continue
			}
			buf := make([]byte, 1<<20)
			n, _ := readFull(res, buf)
			res.Body.Close()
			cancel()
			body := string(buf[:n])
			if strings.Contains(body, canary) || strings.Contains(body, "0555987654") {
				t.Errorf("%s %s: an anonymous visitor reads a client's details: %.200s", method, path, body)
			}
			public := res.StatusCode < 300 && (!strings.HasPrefix(path, "/api/") ||
				strings.HasPrefix(path, "/api/services") || strings.HasPrefix(path, "/api/projects") ||
				(path == "/api/newsletter" && method == "POST") || path == "/api/chat/sessions")
			if res.StatusCode < 300 && !public && method != "OPTIONS" {
				t.Errorf("%s %s: %d for an anonymous visitor", method, path, res.StatusCode)
			}
			if res.StatusCode >= 500 {
				t.Errorf("%s %s: %d", method, path, res.StatusCode)
			}
		}
	}
	var n int
	if err := pool(t, dbURL).QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE id = $1`, id).Scan(&n); err != nil || n != 1 {
		t.Errorf("the canary's appointment is gone after the sweep (%d, %v)", n, err)
	}
}

func readFull(res *http.Response, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := res.Body.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
