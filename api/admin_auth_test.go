package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/migrations/testdb"
)

func TestSignInMeAndLogout(t *testing.T) {
	srv := newConsoleServer(t)
	email, password := newUser(t, "moderator")
	s := anonymous(t, srv.URL)
	if r := s.do("GET", "/api/admin/me", nil); r.Status != 401 || errorCode(r) != "unauthenticated" {
		t.Fatalf("signed out /me: %d %s", r.Status, r.Raw)
	}
	bad := s.do("POST", "/api/admin/login?lang=en", map[string]any{"email": email, "password": "wrong password"})
	if bad.Status != 401 || errorCode(bad) != "invalid_credentials" ||
		bad.Body["error"].(map[string]any)["message"] != "Invalid credentials. Please try again." {
		t.Fatalf("wrong password: %d %s", bad.Status, bad.Raw)
	}
	unknown := s.do("POST", "/api/admin/login", map[string]any{"email": "nobody@dota.test", "password": password})
	if unknown.Status != 401 || errorCode(unknown) != "invalid_credentials" {
		t.Fatalf("unknown e-mail: %d %s", unknown.Status, unknown.Raw)
	}
	ok := s.do("POST", "/api/admin/login?lang=en", map[string]any{"email": strings.ToUpper(email), "password": password})
	if ok.Status != 200 || ok.Body["message"] != "Login successful!" || ok.Body["csrf_token"] == "" {
		t.Fatalf("sign-in: %d %s", ok.Status, ok.Raw)
	}
	if _, leaked := ok.Body["user"].(map[string]any)["password_hash"]; leaked {
		t.Fatal("the password hash reached the browser")
	}
	cookie := ok.Header.Get("Set-Cookie")
	for _, want := range []string{"dota_session=", "HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(cookie, want) {
			t.Fatalf("cookie %q lacks %s", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Fatalf("cookie over plain HTTP is Secure: %q", cookie)
	}
	s.csrf = ok.Body["csrf_token"].(string)
	me := s.do("GET", "/api/admin/me", nil)
	pages := me.Body["pages"].([]any)
	if me.Status != 200 || len(pages) != 6 || pages[0] != "dashboard" || pages[1] != "conversations" || me.Body["csrf_token"] != s.csrf {
		t.Fatalf("/me: %d %s", me.Status, me.Raw)
	}
	if r := s.send("POST", "/api/admin/logout", nil, false); r.Status != 403 || errorCode(r) != "csrf" {
		t.Fatalf("logout without CSRF: %d %s", r.Status, r.Raw)
	}
	out := s.do("POST", "/api/admin/logout?lang=en", nil)
	if out.Status != 200 || out.Body["message"] != "Logged out successfully." {
		t.Fatalf("logout: %d %s", out.Status, out.Raw)
	}
	if r := s.do("GET", "/api/admin/me", nil); r.Status != 401 {
		t.Fatalf("/me after logout: %d", r.Status)
	}
}

func TestSecureCookieOnAnHTTPSSite(t *testing.T) {
	email, password := newUser(t, "editor")
	// An http site: a forwarded X-Forwarded-Proto does not make the cookie Secure.
	rdb, prefix := testdb.Redis(t)
	plain := newConsoleServerOn(t, prefix, rdb, func(d *api.Deps) { d.PublicURL = "http://localhost:8080" })
	r := anonymous(t, plain.URL).do("POST", "/api/admin/login", map[string]any{"email": email, "password": password},
		"X-Forwarded-Proto", "https")
	if r.Status != http.StatusOK || strings.Contains(r.Header.Get("Set-Cookie"), "Secure") {
		t.Fatalf("http site, forwarded https: %d %q", r.Status, r.Header.Get("Set-Cookie"))
	}
	// An https site (TLS ends at the balancer): the cookie is Secure, whatever the headers.
	secure := newConsoleServerOn(t, prefix, rdb, func(d *api.Deps) { d.PublicURL = "https://www.dota.example" })
	r = anonymous(t, secure.URL).do("POST", "/api/admin/login", map[string]any{"email": email, "password": password})
	if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Set-Cookie"), "Secure") {
		t.Fatalf("https site: %d %q", r.Status, r.Header.Get("Set-Cookie"))
	}
}

func TestSessionFixationAndDeactivation(t *testing.T) {
	srv := newConsoleServer(t)
	admin := signIn(t, srv.URL, "admin")
	email, password := newUser(t, "editor")
	first := anonymous(t, srv.URL)
	r1 := first.do("POST", "/api/admin/login", map[string]any{"email": email, "password": password})
	second := anonymous(t, srv.URL)
	r2 := second.do("POST", "/api/admin/login", map[string]any{"email": email, "password": password})
	if r1.Header.Get("Set-Cookie") == r2.Header.Get("Set-Cookie") || r1.Body["csrf_token"] == r2.Body["csrf_token"] {
		t.Fatal("two sign-ins share a session")
	}
	if r := first.do("GET", "/api/admin/me", nil); r.Status != 200 {
		t.Fatalf("/me: %d", r.Status)
	}
	id := r1.Body["user"].(map[string]any)["id"].(string)
	if r := admin.do("PATCH", "/api/admin/users/"+id, map[string]any{"is_active": false}); r.Status != 200 {
		t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
	}
	for _, s := range []*staff{first, second} {
		if r := s.do("GET", "/api/admin/me", nil); r.Status != 401 {
			t.Fatalf("a deactivated user's session still works: %d", r.Status)
		}
	}
	if r := anonymous(t, srv.URL).do("POST", "/api/admin/login", map[string]any{"email": email, "password": password}); r.Status != 401 {
		t.Fatalf("an inactive user signed in: %d", r.Status)
	}
}

func TestLoginIsThrottledPerEmail(t *testing.T) {
	srv := newConsoleServer(t)
	email, password := newUser(t, "editor")
	s := anonymous(t, srv.URL)
	var last response
	for range 6 {
		last = s.do("POST", "/api/admin/login", map[string]any{"email": email, "password": "not it at all"})
	}
	if last.Status != 429 || errorCode(last) != "rate_limited" || last.Header.Get("Retry-After") == "" {
		t.Fatalf("sixth attempt: %d %s", last.Status, last.Raw)
	}
	if r := s.do("POST", "/api/admin/login", map[string]any{"email": email, "password": password}); r.Status != 429 {
		t.Fatalf("the right password during the lock-out: %d", r.Status)
	}
}
