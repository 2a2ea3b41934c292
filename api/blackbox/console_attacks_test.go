package blackbox

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/migrations/testdb"
)

// consoleEnv starts dota with an admin and returns it with the admin's credentials.
func consoleEnv(t *testing.T, extra env) (*dota, env, string, string) {
	t.Helper()
	dbURL := database(t)
	e := baseEnv(t, dbURL)
	for k, v := range extra {
		e[k] = v
	}
	email, password := "admin-"+testdb.RandomHex(3)+"@dota.example", "Sûr-"+testdb.RandomHex(8)
	createAdmin(t, e, email, "admin", password)
	return startDota(t, e), e, email, password
}

// TestConsoleSessionAttacks attacks the console's sessions: a session fixed before sign-in
// is replaced, logout and deactivation end sessions (and their live-event streams) at
// once, a CSRF token stolen from another session is refused, and the cookie is HttpOnly,
// SameSite, and Secure only over TLS.
func TestConsoleSessionAttacks(t *testing.T) {
	srv, srvEnv, email, password := consoleEnv(t, env{"DOTA_TRUSTED_PROXIES": "127.0.0.1/32"})

	t.Run("session fixation", func(t *testing.T) {
		fixed := "attacker-chosen-token-0123456789"
		r, cookie := signIn(t, srv.URL, email, password, fixed)
		if r.Status != http.StatusOK || cookie == nil || cookie.Value == fixed || len(cookie.Value) < 32 {
			t.Fatalf("sign-in with a fixed session: %d, cookie %v", r.Status, cookie)
		}
		attacker := &staff{Token: fixed}
		if me := attacker.do(t, srv.URL, "GET", "/api/admin/me", nil); me.Status != http.StatusUnauthorized {
			t.Errorf("the fixed token opens a session: %d", me.Status)
		}
		a, b := login(t, srv.URL, email, password), login(t, srv.URL, email, password)
		if a.Token == b.Token || a.CSRF == b.CSRF {
			t.Error("two sign-ins share a session token or a CSRF token")
		}
	})

	t.Run("cookie flags", func(t *testing.T) {
		// An http site: a forwarded X-Forwarded-Proto does not make the cookie Secure; an
		// https site (TLS ends at the balancer) makes it Secure.
		_, plain := signIn(t, srv.URL, email, password, "", "X-Forwarded-Proto", "https")
		httpsEnv := env{}
		for k, v := range srvEnv {
			httpsEnv[k] = v
		}
		httpsEnv["DOTA_PUBLIC_URL"] = "https://www.dota.example"
		_, tls := signIn(t, startDota(t, httpsEnv).URL, email, password, "")
		for what, c := range map[string]*http.Cookie{"plain HTTP": plain, "behind TLS": tls} {
			if c == nil || !c.HttpOnly || (c.SameSite != http.SameSiteLaxMode && c.SameSite != http.SameSiteStrictMode) ||
				c.Path != "/" {
				t.Errorf("%s: session cookie %+v, want HttpOnly and SameSite", what, c)
			}
		}
		if plain != nil && plain.Secure {
			t.Error("the cookie is Secure over plain HTTP: the browser would drop it")
		}
		if tls != nil && !tls.Secure {
			t.Error("the cookie is not Secure on an https site")
		}
	})

	t.Run("logout ends the session at once", func(t *testing.T) {
		s := login(t, srv.URL, email, password)
		st := s.openStream(t, srv.URL)
		if r := s.do(t, srv.URL, "POST", "/api/admin/logout", nil); r.Status != http.StatusOK {
			t.Fatalf("logout: %d %s", r.Status, r.Raw)
		}
		if r := s.do(t, srv.URL, "GET", "/api/admin/me", nil); r.Status != http.StatusUnauthorized || r.code() != "unauthenticated" {
			t.Errorf("the session still works after logout: %d %s", r.Status, r.Raw)
		}
		if r := s.do(t, srv.URL, "POST", "/api/admin/logout", nil); r.Status != http.StatusUnauthorized {
			t.Errorf("the CSRF token of an ended session still works: %d", r.Status)
		}
		if !st.waitClosed(5 * time.Second) {
			t.Error("the live-event stream stays open after logout")
		}
	})

	t.Run("stolen CSRF token", func(t *testing.T) {
		victim, thief := login(t, srv.URL, email, password), login(t, srv.URL, email, password)
		for what, token := range map[string]string{"another session's": thief.CSRF, "no": "", "a made-up": "x"} {
			r := victim.do(t, srv.URL, "PUT", "/api/admin/settings", map[string]any{"site_name": "Volé"}, token)
			if r.Status != http.StatusForbidden || r.code() != "csrf" {
				t.Errorf("%s CSRF token: %d %s", what, r.Status, r.Raw)
			}
		}
		r, _ := call(client, "POST", srv.URL+"/api/admin/logout?csrf_token="+victim.CSRF, nil,
			"Cookie", "dota_session="+victim.Token)
		if r.Status != http.StatusForbidden {
			t.Errorf("a CSRF token in the query is accepted: %d", r.Status)
		}
		if me := victim.do(t, srv.URL, "GET", "/api/admin/me", nil); me.Status != http.StatusOK {
			t.Errorf("the victim's session was ended by refused requests: %d", me.Status)
		}
	})

	t.Run("deactivation ends sessions at once", func(t *testing.T) {
		admin := login(t, srv.URL, email, password)
		modEmail, modPassword := "mod-"+testdb.RandomHex(3)+"@dota.example", "Modéré-"+testdb.RandomHex(6)
		r := admin.do(t, srv.URL, "POST", "/api/admin/users", map[string]any{"email": modEmail, "password": modPassword,
			"role": "moderator"})
		if r.Status != http.StatusCreated {
			t.Fatalf("create moderator: %d %s", r.Status, r.Raw)
		}
		user, _ := r.Body["user"].(map[string]any)
		id, _ := user["id"].(string)
		mod1, mod2 := login(t, srv.URL, modEmail, modPassword), login(t, srv.URL, modEmail, modPassword)
		st := mod1.openStream(t, srv.URL)
		if r := admin.do(t, srv.URL, "PATCH", "/api/admin/users/"+id, map[string]any{"is_active": false}); r.Status != http.StatusOK {
			t.Fatalf("deactivate: %d %s", r.Status, r.Raw)
		}
		for i, s := range []*staff{mod1, mod2} {
			if r := s.do(t, srv.URL, "GET", "/api/admin/appointments", nil); r.Status != http.StatusUnauthorized {
				t.Errorf("session %d of the deactivated user still works: %d", i+1, r.Status)
			}
		}
		if !st.waitClosed(5 * time.Second) {
			t.Error("the deactivated user's live-event stream stays open")
		}
		if r, _ := signIn(t, srv.URL, modEmail, modPassword, ""); r.Status != http.StatusUnauthorized {
			t.Errorf("the deactivated user signs in: %d", r.Status)
		}
	})
}

// TestConsoleLoginThrottling tries passwords in bulk: failed sign-ins are throttled per
// client address and per account and address (429 with Retry-After, even for the right
// password), while other addresses and accounts still sign in — the owner of an account
// under attack among them — and a sign-in with an unknown e-mail does the same
// password-hashing work as one with a known e-mail and a wrong password.
func TestConsoleLoginThrottling(t *testing.T) {
	srv, _, email, password := consoleEnv(t, env{"DOTA_TRUSTED_PROXIES": "127.0.0.1/32", "DOTA_LOGIN_MAX_PER_IP": "6",
		"DOTA_LOGIN_MAX_PER_EMAIL": "4"})
	from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }

	t.Run("per address", func(t *testing.T) {
		for i := 0; i < 6; i++ {
			r, _ := signIn(t, srv.URL, fmt.Sprintf("guess%d@dota.example", i), "wrong-password", "", from("203.0.113.7")...)
			if r.Status != http.StatusUnauthorized || r.code() != "invalid_credentials" {
				t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Raw)
			}
		}
		r, _ := signIn(t, srv.URL, email, password, "", from("203.0.113.7")...)
		if r.Status != http.StatusTooManyRequests || r.code() != "rate_limited" || r.Header.Get("Retry-After") == "" {
			t.Errorf("7th attempt from one address: %d %s", r.Status, r.Raw)
		}
		if r, _ := signIn(t, srv.URL, email, password, "", from("198.51.100.1")...); r.Status != http.StatusOK {
			t.Errorf("another address cannot sign in: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("per account and address", func(t *testing.T) {
		victim := "victim-" + testdb.RandomHex(3) + "@dota.example"
		createAdmin(t, srv.env, victim, "editor", "Victime-123456")
		for i := 0; i < 4; i++ {
			if r, _ := signIn(t, srv.URL, victim, "wrong-password", "", from("192.0.2.10")...); r.Status != http.StatusUnauthorized {
				t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Raw)
			}
		}
		r, _ := signIn(t, srv.URL, strings.ToUpper(victim), "Victime-123456", "", from("192.0.2.10")...)
		if r.Status != http.StatusTooManyRequests || r.code() != "rate_limited" || r.Header.Get("Retry-After") == "" {
			t.Errorf("5th attempt on one account from one address: %d %s", r.Status, r.Raw)
		}
		// Others guessing the account do not lock its owner out.
		for i := 0; i < 4; i++ {
			signIn(t, srv.URL, victim, "wrong-password", "", from(fmt.Sprintf("192.0.2.%d", 20+i))...)
		}
		if r, _ := signIn(t, srv.URL, victim, "Victime-123456", "", from("198.51.100.99")...); r.Status != http.StatusOK {
			t.Errorf("the owner from a clean address: %d %s", r.Status, r.Raw)
		}
		if r, _ := signIn(t, srv.URL, email, password, "", from("192.0.2.10")...); r.Status != http.StatusOK {
			t.Errorf("another account cannot sign in from that address: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("unknown e-mail hashes like a known one", func(t *testing.T) {
		checks := func() float64 { return metric(t, srv.MetricsURL, "dota_console_password_checks_total") }
		attempt := func(who, ip string) (float64, time.Duration) {
			before := checks()
			start := time.Now()
			r, _ := signIn(t, srv.URL, who, "wrong-password-x", "", from(ip)...)
			took := time.Since(start)
			if r.Status != http.StatusUnauthorized || r.code() != "invalid_credentials" {
				t.Fatalf("%s: %d %s", who, r.Status, r.Raw)
			}
			return checks() - before, took
		}
		attempt("warm-up-"+testdb.RandomHex(3)+"@dota.example", "192.0.2.200") // the decoy hash is made once
		var known, unknown []time.Duration
		for i := 0; i < 3; i++ {
			nk, tk := attempt(email, fmt.Sprintf("192.0.2.%d", 150+i))
			nu, tu := attempt(fmt.Sprintf("nobody-%d-%s@dota.example", i, testdb.RandomHex(3)), fmt.Sprintf("192.0.2.%d", 160+i))
			if nk != 1 || nu != 1 {
				t.Errorf("password hashes: %v for a known e-mail, %v for an unknown one; want 1 and 1", nk, nu)
			}
			known, unknown = append(known, tk), append(unknown, tu)
		}
		// Timings only inform: the count above is the assertion.
		t.Logf("sign-in time, known e-mail: %v; unknown e-mail: %v", known, unknown)
	})
}

// TestStoredScriptShowsAsText books with a <script> name and spreadsheet formulas, then
// reads them in the console's JSON and CSV: the JSON carries the text as data, and the CSV
// holds it as text with formulas neutralized. The public form refuses such a name (a
// visitor's name is a person's name); staff may type any name, so the console books it.
func TestStoredScriptShowsAsText(t *testing.T) {
	srv, _, email, password := consoleEnv(t, nil)
	name := `<script>alert("x")</script> Test`
	message := `=HYPERLINK("http://evil.example","clic") <img src=x onerror=alert(1)>`
	body := map[string]any{"name": name, "phone": "0555111222", "email": "script@example.com",
		"company": "+cmd|' /C calc'!A0", "message": message}
	if r := must(t, "POST", srv.URL+"/api/appointments", body); r.Status != http.StatusBadRequest || r.code() != "validation" {
		t.Fatalf("the form took a script for a name: %d %s", r.Status, r.Raw)
	}
	admin := login(t, srv.URL, email, password)
	r := admin.do(t, srv.URL, "POST", "/api/admin/appointments", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("book: %d %s", r.Status, r.Raw)
	}
	booked, _ := r.Body["appointment"].(map[string]any)
	id, _ := booked["id"].(string)

	got := admin.do(t, srv.URL, "GET", "/api/admin/appointments/"+id, nil)
	if !strings.HasPrefix(got.Header.Get("Content-Type"), "application/json") || got.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("appointment answered as %q", got.Header.Get("Content-Type"))
	}
	if !strings.Contains(string(got.Raw), `\u003cscript\u003e`) && strings.Contains(string(got.Raw), "<script>") {
		t.Log("the JSON carries < unescaped; safe as JSON with nosniff")
	}
	if a, _ := got.Body["appointment"].(map[string]any); a != nil && a["name"] != name {
		t.Errorf("the console shows the name as %q, want the text %q", a["name"], name)
	} else if a == nil && got.Body["name"] != name {
		t.Errorf("the console shows %s", trim(got.Raw))
	}

	export := admin.do(t, srv.URL, "GET", "/api/admin/appointments/export.csv?ids="+id, nil)
	if export.Status != http.StatusOK {
		t.Fatalf("export: %d %s", export.Status, export.Raw)
	}
	if ct := export.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") {
		t.Errorf("CSV served as %q", ct)
	}
	if cd := export.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") {
		t.Errorf("CSV not served as an attachment: %q", cd)
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(export.Raw, []byte("\uFEFF")))).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("CSV: %v, %d rows:\n%s", err, len(rows), export.Raw)
	}
	cells := map[string]string{}
	for i, h := range rows[0] {
		cells[h] = rows[1][i]
	}
	if cells["Name"] != name {
		t.Errorf("CSV Name %q, want the text %q", cells["Name"], name)
	}
	if cells["Message"] != "'"+message {
		t.Errorf("CSV Message %q, want the formula neutralized with a leading apostrophe", cells["Message"])
	}
	for h, v := range cells {
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
			t.Errorf("CSV %s %q would run as a formula", h, v)
		}
	}
}
