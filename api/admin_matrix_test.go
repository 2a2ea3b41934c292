package api_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// access says, for every /api/admin route, which roles get past authorization:
// a = admin, m = moderator, e = editor (with no extra permissions). It is written from the
// spec, not from the policy table, and a route missing here fails the test.
var access = map[string]string{
	"POST /api/admin/logout":                     "ame",
	"GET /api/admin/me":                          "ame",
	"PATCH /api/admin/me":                        "ame",
	"GET /api/admin/events":                      "ame",
	"GET /api/admin/dashboard":                   "am",
	"GET /api/admin/ops":                         "a",
	"GET /api/admin/appointments":                "ame",
	"POST /api/admin/appointments":               "ame",
	"GET /api/admin/appointments/stats":          "ame",
	"GET /api/admin/appointments/calendar":       "ame",
	"GET /api/admin/appointments/export.csv":     "ame",
	"POST /api/admin/appointments/bulk":          "ame",
	"GET /api/admin/appointments/:id":            "ame",
	"PATCH /api/admin/appointments/:id":          "ame",
	"DELETE /api/admin/appointments/:id":         "a",
	"GET /api/admin/appointments/:id/notes":      "ame",
	"POST /api/admin/appointments/:id/notes":     "ame",
	"DELETE /api/admin/notes/:id":                "a",
	"GET /api/admin/appointments/:id/history":    "ame",
	"GET /api/admin/appointments/:id/transcript": "ame",
	"GET /api/admin/clients":                     "am",
	"POST /api/admin/clients":                    "am",
	"PATCH /api/admin/clients/:id":               "am",
	"DELETE /api/admin/clients/:id":              "a",
	"GET /api/admin/clients/:id/export":          "am",
	"POST /api/admin/clients/:id/erase":          "a",
	"GET /api/admin/projects":                    "a",
	"POST /api/admin/projects":                   "a",
	"PATCH /api/admin/projects/:id":              "a",
	"DELETE /api/admin/projects/:id":             "a",
	"PUT /api/admin/projects/:id/published":      "a",
	"PUT /api/admin/services/:slug/modes":        "a",
	"GET /api/admin/services/:slug/questions":    "a",
	"PUT /api/admin/services/:slug/questions":    "a",
	"GET /api/admin/notifications":               "a",
	"GET /api/admin/notifications/unread-count":  "a",
	"GET /api/admin/notifications/recent":        "a",
	"POST /api/admin/notifications/read-all":     "a",
	"POST /api/admin/notifications/bulk":         "a",
	"PATCH /api/admin/notifications/:id":         "a",
	"DELETE /api/admin/notifications/:id":        "a",
	"GET /api/admin/messages":                    "a",
	"POST /api/admin/messages/:id/resend":        "a",
	"GET /api/admin/consultants":                 "ame",
	"PUT /api/admin/consultants/:id":             "a",
	"DELETE /api/admin/consultants/:id":          "a",
	"GET /api/admin/users":                       "a",
	"POST /api/admin/users":                      "a",
	"PATCH /api/admin/users/:id":                 "a",
	"DELETE /api/admin/users/:id":                "a",
	"GET /api/admin/settings":                    "a",
	"PUT /api/admin/settings":                    "a",
	"GET /api/admin/backups":                     "a",
	"POST /api/admin/backups":                    "a",
	"GET /api/admin/conversations":               "ame",
	"GET /api/admin/conversations/:id":           "ame",
	"POST /api/admin/conversations/:id/claim":    "ame",
	"POST /api/admin/conversations/:id/takeover": "am",
	"POST /api/admin/conversations/:id/messages": "ame",
	"POST /api/admin/conversations/:id/release":  "ame",
	"GET /api/admin/waitlist":                    "ame",
	"DELETE /api/admin/waitlist/:id":             "ame",
	"GET /api/admin/questions":                   "ame",

	// Canned replies: staff who answer read and insert them; administrators write them.
	"GET /api/admin/canned-replies":                           "ame",
	"POST /api/admin/canned-replies":                          "a",
	"PATCH /api/admin/canned-replies/:id":                     "a",
	"DELETE /api/admin/canned-replies/:id":                    "a",
	"POST /api/admin/conversations/:id/canned-replies/:reply": "ame",

	// A consultant's calendars: their own, and administrators (someID is nobody's).
	"GET /api/admin/consultants/:id/calendar":         "a",
	"PUT /api/admin/consultants/:id/calendar":         "a",
	"POST /api/admin/consultants/:id/calendar/feed":   "a",
	"DELETE /api/admin/consultants/:id/calendar/feed": "a",

	// What happened at a meeting: recorded by those who may update appointments; the
	// client's record of it and the dashboard's rates with their pages.
	"PUT /api/admin/appointments/:id/outcome": "ame",
	"GET /api/admin/clients/:id/outcomes":     "am",
	"GET /api/admin/dashboard/outcomes":       "am",
	"GET /api/admin/dashboard/sources":        "am",
}

// adminRoutes enumerates the router's /api/admin routes, sign-in excepted, logout last.
func adminRoutes(t *testing.T, h http.Handler) []gin.RouteInfo {
	t.Helper()
	var out []gin.RouteInfo
	for _, r := range engineOf(h).Routes() {
		if strings.HasPrefix(r.Path, "/api/admin/") && r.Path != "/api/admin/login" {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[j].Path == "/api/admin/logout" && out[i].Path != out[j].Path })
	if len(out) < 30 {
		t.Fatalf("only %d console routes", len(out))
	}
	return out
}

const someID = "0b0b0b0b-0000-4000-8000-000000000000"

func (s *staff) probe(method, path string, withCSRF bool) int {
	s.t.Helper()
	if strings.HasSuffix(path, "/events") {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, method, s.base+path, nil)
		res, err := s.client.Do(req)
		if err != nil {
			s.t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	var body any
	if method != "GET" {
		body = map[string]any{}
	}
	r := s.send(method, path, body, withCSRF)
	if r.Status == 403 && !withCSRF && errorCode(r) != "csrf" {
		s.t.Errorf("%s %s without CSRF: %s", method, path, r.Raw)
	}
	if r.Status == 403 && withCSRF && errorCode(r) != "forbidden" {
		s.t.Errorf("%s %s: 403 %s", method, path, r.Raw)
	}
	if r.Status == 401 && errorCode(r) != "unauthenticated" {
		s.t.Errorf("%s %s: 401 %s", method, path, r.Raw)
	}
	return r.Status
}

func TestRoleMatrixCoversEveryConsoleRoute(t *testing.T) {
	srv := newConsoleServer(t)
	routes := adminRoutes(t, srv.Config.Handler)
	for _, r := range routes {
		if _, ok := access[r.Method+" "+r.Path]; !ok {
			t.Errorf("%s %s is not in the role matrix", r.Method, r.Path)
		}
	}
	users := map[string]*staff{"a": signIn(t, srv.URL, "admin"), "m": signIn(t, srv.URL, "moderator"),
		"e": signIn(t, srv.URL, "editor")}
	out := anonymous(t, srv.URL)
	for _, r := range routes {
		path := strings.ReplaceAll(r.Path, ":id", someID)
		if st := out.probe(r.Method, path, true); st != 401 {
			t.Errorf("signed out %s %s: %d, want 401", r.Method, r.Path, st)
		}
		if r.Method != "GET" {
			if st := users["a"].probe(r.Method, path, false); st != 403 {
				t.Errorf("admin %s %s without CSRF token: %d, want 403 csrf", r.Method, r.Path, st)
			}
		}
		for _, role := range []string{"m", "e", "a"} {
			want := strings.Contains(access[r.Method+" "+r.Path], role)
			st := users[role].probe(r.Method, path, true)
			if got := st != 401 && st != 403; got != want {
				t.Errorf("%s %s %s: %d, allowed %v want %v", role, r.Method, r.Path, st, got, want)
			}
		}
	}
}

func TestForbiddenMessagesAndGrantedPermissions(t *testing.T) {
	srv := newConsoleServer(t)
	ed := signIn(t, srv.URL, "editor")
	r := ed.do("GET", "/api/admin/clients?lang=en", nil)
	if r.Status != 403 || r.Body["error"].(map[string]any)["message"] != "You do not have permission to access clients" {
		t.Fatalf("editor on clients: %d %s", r.Status, r.Raw)
	}
	r = ed.do("GET", "/api/admin/dashboard?lang=en", nil)
	if r.Body["error"].(map[string]any)["message"] != "You do not have permission to view the dashboard" {
		t.Fatalf("editor on the dashboard: %s", r.Raw)
	}
	mod := signIn(t, srv.URL, "moderator")
	r = mod.do("DELETE", "/api/admin/clients/"+someID+"?lang=en", nil)
	if r.Status != 403 || r.Body["error"].(map[string]any)["message"] != "You do not have permission to delete clients" {
		t.Fatalf("moderator deleting a client: %d %s", r.Status, r.Raw)
	}
	granted := signIn(t, srv.URL, "moderator", "clients.delete", "appointments.delete")
	if r := granted.do("DELETE", "/api/admin/clients/"+someID, nil); r.Status != 404 {
		t.Fatalf("moderator with clients.delete: %d %s", r.Status, r.Raw)
	}
	me := granted.do("GET", "/api/admin/me", nil)
	perms := map[string]bool{}
	for _, p := range me.Body["permissions"].([]any) {
		perms[p.(string)] = true
	}
	if !perms["clients.delete"] || !perms["appointments.update"] || perms["users.create"] {
		t.Fatalf("permissions: %v", perms)
	}
	bulk := ed.do("POST", "/api/admin/appointments/bulk?lang=en", map[string]any{"ids": []string{someID}, "action": "delete"})
	if bulk.Status != 403 || errorCode(bulk) != "forbidden" {
		t.Fatalf("editor bulk delete: %d %s", bulk.Status, bulk.Raw)
	}
	if r := anonymous(t, srv.URL).do("GET", "/api/admin/clients", nil); r.Status != 401 {
		t.Fatalf("anonymous clients: %d", r.Status)
	}
}
