package blackbox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/migrations/testdb"
)

// routeTable lists every route the router registers, read from the router itself so a
// route added later is probed too.
func routeTable(t *testing.T) []gin.RouteInfo {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	core := booking.New(nil)
	cons := console.New(core, nil, rdb, prefix, console.Config{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	events := api.NewEvents(cons, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer events.Close()
	h := api.New(api.Deps{Booking: core, Console: cons, Events: events,
		Chat: chatbot.New(core, nil, rdb, chatbot.Config{RedisPrefix: prefix})})
	engine, ok := h.(*gin.Engine)
	if !ok {
		t.Fatalf("the router is a %T, not a gin engine", h)
	}
	routes := engine.Routes()
	sort.Slice(routes, func(i, j int) bool { return routes[i].Path+routes[i].Method < routes[j].Path+routes[j].Method })
	return routes
}

// consoleHostile is the smaller set of values the console's many fields receive.
var consoleHostile = []string{"' OR '1'='1", "'; DROP TABLE clients; --", "<script>alert(1)</script>", "\x00",
	"a\x00b@example.com", "\xff\xfe", "-1", "99999999999999999999999", "", strings.Repeat("A", 5000), "2026-02-30",
	"%00", "../../etc/passwd"}

// consoleFields are the body fields of each family of console routes.
var consoleFields = map[string][]string{
	"/appointments": {"name", "email", "phone", "company", "service", "date", "time", "message", "status",
		"status_dashboard", "sector", "client_id", "client"},
	"/appointments/bulk": {"ids", "action", "status"},
	"/notes":             {"note", "text"},
	"/clients":           {"nom", "prenom", "email", "numero_1", "numero_2", "nom_entreprise", "siteweb"},
	"/projects": {"title", "description", "primary_image", "youtube_video", "category", "technologies", "year",
		"type", "status", "service", "devis", "published"},
	"/published":     {"published"},
	"/notifications": {"status", "ids", "action", "read"},
	"/users":         {"email", "password", "role", "permissions", "is_active"},
	"/settings": {"site_name", "site_description", "contact_email", "timezone", "language", "items_per_page",
		"slot_capacity", "closed_dates", "maintenance_mode"},
	"/login": {"email", "password"},
}

// consoleParams are the query parameters of each family of console routes.
var consoleParams = map[string][]string{
	"/appointments":  {"q", "status", "service", "range", "page", "size", "month", "ids"},
	"/clients":       {"q", "page", "size"},
	"/projects":      {"q", "status", "page", "size"},
	"/notifications": {"q", "status", "type", "priority", "page", "size"},
	"/ops":           {"window"},
	"/dashboard":     {"range"},
	"/users":         {"q"},
	"/settings":      {"lang"},
	"/me":            {"lang"},
}

// family picks the entry of m whose key the path holds last.
func family[T any](m map[string]T, path string) (T, bool) {
	best, found := "", false
	var out T
	for k, v := range m {
		if i := strings.LastIndex(path, k); i >= 0 && (!found || i+len(k) > strings.LastIndex(path, best)+len(best)) {
			best, out, found = k, v, true
		}
	}
	return out, found
}

// TestBadInputConsoleRoutes signs in as an admin and sends hostile path parameters,
// query parameters, malformed bodies, wrong types and hostile values in every field of
// every console route the router registers: no answer is a 5xx, every error carries the
// envelope, and the admin's account and the catalogue survive.
func TestBadInputConsoleRoutes(t *testing.T) {
	// The probe signs in with hostile values many times: the address budget must not
	// lock the admin out (TestConsoleLoginThrottling proves the budget).
	srv, _, email, password := consoleEnv(t, env{"DOTA_MAX_BODY_BYTES": "65536", "DOTA_LOGIN_MAX_PER_IP": "100000"})
	routes := routeTable(t)
	admin := login(t, srv.URL, email, password)
	db := pool(t, srv.env["DATABASE_URL"])
	before := digest(t, db)

	booked := must(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Cible Console", "phone": "0555444333",
		"email": "cible@example.com"})
	appointmentID, _ := booked.Body["id"].(string)
	other := "other-" + testdb.RandomHex(3) + "@dota.example"
	created := admin.do(t, srv.URL, "POST", "/api/admin/users", map[string]any{"email": other,
		"password": "Autre-123456", "role": "editor"})
	otherUser, _ := created.Body["user"].(map[string]any)
	ids := map[string]string{"/appointments/": appointmentID, "/users/": fmt.Sprint(otherUser["id"])}
	for _, list := range []string{"clients", "projects", "notifications"} {
		r := admin.do(t, srv.URL, "GET", "/api/admin/"+list, nil)
		if items, _ := r.Body["items"].([]any); len(items) > 0 {
			ids["/"+list+"/"] = fmt.Sprint(items[0].(map[string]any)["id"])
		}
	}
	if r := admin.do(t, srv.URL, "POST", "/api/admin/appointments/"+appointmentID+"/notes", map[string]any{"note": "une note", "text": "une note"}); r.Status < 300 {
		if n, _ := r.Body["note"].(map[string]any); n != nil {
			ids["/notes/"] = fmt.Sprint(n["id"])
		} else if id, ok := r.Body["id"].(string); ok {
			ids["/notes/"] = id
		}
	}
	auth := []string{"Cookie", "dota_session=" + admin.Token, "X-CSRF-Token", admin.CSRF}

	var ps []probe
	probed := 0
	for _, rt := range routes {
		if !strings.HasPrefix(rt.Path, "/api/admin/") || rt.Path == "/api/admin/events" || rt.Path == "/api/admin/logout" {
			continue
		}
		probed++
		valid := rt.Path
		for prefix, id := range ids {
			valid = strings.Replace(valid, prefix+":id", prefix+url.PathEscape(id), 1)
		}
		if strings.Contains(valid, ":") {
			t.Logf("%s %s: no valid id to probe with", rt.Method, rt.Path)
		}
		// Hostile path parameters, on every method (a DELETE only ever meets bad ids).
		if strings.Contains(rt.Path, ":") {
			for i, v := range consoleHostile {
				if v == "" {
					continue
				}
				path := rt.Path
				for strings.Contains(path, ":") {
					start := strings.Index(path, ":")
					end := strings.IndexByte(path[start:], '/')
					if end < 0 {
						end = len(path) - start
					}
					path = path[:start] + url.PathEscape(v) + path[start+end:]
				}
				ps = append(ps, probe{name: fmt.Sprintf("%s %s id=hostile[%d]", rt.Method, rt.Path, i),
					method: rt.Method, path: path, body: []byte("{}"), header: auth, allowCreated: true, reflectedText: v})
			}
		}
		if rt.Method == "DELETE" || strings.Contains(valid, ":") {
			continue
		}
		if rt.Method == "GET" {
			params, _ := family(consoleParams, rt.Path)
			for _, q := range params {
				for i, v := range consoleHostile {
					ps = append(ps, probe{name: fmt.Sprintf("GET %s ?%s=hostile[%d]", rt.Path, q, i), method: "GET",
						path: valid + "?" + url.Values{q: {v}}.Encode(), header: auth, reflectedText: v})
				}
			}
			continue
		}
		for i, b := range malformedBodies {
			ps = append(ps, probe{name: fmt.Sprintf("%s %s malformed[%d]", rt.Method, rt.Path, i), method: rt.Method,
				path: valid, body: []byte(b), header: auth, allowCreated: true})
		}
		ps = append(ps, probe{name: rt.Path + " oversized", method: rt.Method, path: valid,
			body: []byte(`{"name":"` + strings.Repeat("x", 70000) + `"}`), header: auth,
			wantStatus: http.StatusRequestEntityTooLarge, wantCode: "too_large"})
		fields, ok := family(consoleFields, rt.Path)
		if !ok {
			fields = []string{"name", "text", "status", "ids"}
		}
		for _, f := range fields {
			for i, v := range consoleHostile {
				ps = append(ps, probe{name: fmt.Sprintf("%s %s.%s=hostile[%d]", rt.Method, rt.Path, f, i),
					method: rt.Method, path: valid, body: mustJSON(map[string]any{f: v}), header: auth, allowCreated: true})
			}
			for i, wrong := range []any{12345, []any{"x", 1}, map[string]any{"$gt": ""}} {
				ps = append(ps, probe{name: fmt.Sprintf("%s %s.%s wrong type %d", rt.Method, rt.Path, f, i),
					method: rt.Method, path: valid, body: mustJSON(map[string]any{f: wrong}), header: auth, allowCreated: true})
			}
		}
	}
	if probed < 30 {
		t.Fatalf("only %d console routes found in the router", probed)
	}
	sendAll(t, srv.URL, ps, nil)
	t.Logf("%d hostile requests on %d console routes", len(ps), probed)

	if r := admin.do(t, srv.URL, "GET", "/api/admin/me", nil); r.Status != http.StatusOK {
		t.Errorf("the admin's session did not survive the probe: %d %s", r.Status, r.Raw)
	}
	if r, _ := signIn(t, srv.URL, email, password, ""); r.Status != http.StatusOK {
		t.Errorf("the admin cannot sign in after the probe: %d %s", r.Status, r.Raw)
	}
	after := digest(t, db)
	if before["services"] != after["services"] {
		t.Error("the catalogue of services changed under hostile console input")
	}
	var bad int
	if err := db.QueryRow(context.Background(), `SELECT count(*) FROM appointments WHERE client_id IS NULL`).Scan(&bad); err != nil || bad > 0 {
		t.Errorf("%d appointments without a client after the probe (%v)", bad, err)
	}
}
