package api_test

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"testing"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/migrations/testdb"
)

// alertsServer is a console server with staff alerts, push on when withPush.
func alertsServer(t *testing.T, withPush bool) *consoleServer {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	return newConsoleServerOn(t, prefix, rdb, func(d *api.Deps) {
		cfg := alerts.Config{Log: d.Logger}
		if withPush {
			public, private, err := alerts.GenerateVAPIDKeys()
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Push, err = alerts.NewWebPush(public, private, "", alerts.AllowHTTPEndpoints()); err != nil {
				t.Fatal(err)
			}
		}
		s := alerts.New(pool, cfg)
		s.Bind(d.Booking, d.Console, d.Chat)
		d.Alerts = s
	})
}

// browserSubscription is a PushSubscription.toJSON() with fresh keys.
func browserSubscription(t *testing.T, endpoint string) map[string]any {
	t.Helper()
	k, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(k.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(auth)}}
}

func TestMyAlertsChoicesAndSubscriptions(t *testing.T) {
	srv := alertsServer(t, true)
	ed := signIn(t, srv.URL, "editor")
	r := ed.do("GET", "/api/admin/me/alerts", nil)
	if r.Status != 200 {
		t.Fatalf("GET: %d %s", r.Status, r.Raw)
	}
	choices, _ := r.Body["choices"].([]any)
	var events []string
	for _, c := range choices {
		events = append(events, c.(map[string]any)["event"].(string))
	}
	// An editor may be a consultant: they hear of the meetings given to them and of those
	// without an outcome.
	if len(events) != 5 || events[0] != "visitor_waiting" || events[1] != "new_booking" || events[2] != "offer_accepted" ||
		events[3] != "appointment_assigned" || events[4] != "outcomes_due" {
		t.Errorf("an editor's events: %v", events)
	}
	push, _ := r.Body["push"].(map[string]any)
	if push["enabled"] != true || push["public_key"] == "" {
		t.Errorf("push: %v", push)
	}

	if r := ed.do("PUT", "/api/admin/me/alerts", map[string]any{"choices": []map[string]any{
		{"event": "message_failed", "channel": "email"}}}); r.Status != 400 {
		t.Errorf("an editor chose message_failed: %d %s", r.Status, r.Raw)
	}
	r = ed.do("PUT", "/api/admin/me/alerts", map[string]any{"language": "ar", "choices": []map[string]any{
		{"event": "new_booking", "channel": "email", "outside_hours": true}}})
	if r.Status != 200 || r.Body["language"] != "ar" {
		t.Fatalf("PUT: %d %s", r.Status, r.Raw)
	}
	nb := r.Body["choices"].([]any)[1].(map[string]any)
	if nb["channel"] != "email" || nb["outside_hours"] != true || nb["default"] != false {
		t.Errorf("new_booking after PUT: %v", nb)
	}
	if vw := r.Body["choices"].([]any)[0].(map[string]any); vw["channel"] != "push" || vw["default"] != true {
		t.Errorf("visitor_waiting kept its default: %v", vw)
	}

	sub := browserSubscription(t, "http://127.0.0.1:9/push/abc")
	if r := ed.do("POST", "/api/admin/me/push-subscriptions", sub, "User-Agent", "Firefox test"); r.Status != 201 ||
		r.Body["user_agent"] != "Firefox test" {
		t.Fatalf("POST: %d %s", r.Status, r.Raw)
	}
	bad := browserSubscription(t, "ftp://push.example/x")
	bad["keys"].(map[string]string)["auth"] = "short"
	if r := ed.do("POST", "/api/admin/me/push-subscriptions", bad); r.Status != 400 {
		t.Errorf("a bad subscription: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("GET", "/api/admin/me/alerts", nil); len(r.Body["subscriptions"].([]any)) != 1 {
		t.Errorf("subscriptions: %s", r.Raw)
	}
	other := signIn(t, srv.URL, "moderator")
	if r := other.do("DELETE", "/api/admin/me/push-subscriptions", map[string]any{"endpoint": sub["endpoint"]}); r.Status != 404 {
		t.Errorf("another user removed the subscription: %d", r.Status)
	}
	if r := ed.do("DELETE", "/api/admin/me/push-subscriptions", map[string]any{"endpoint": sub["endpoint"]}); r.Status != 204 {
		t.Errorf("DELETE: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("DELETE", "/api/admin/me/push-subscriptions", map[string]any{"endpoint": sub["endpoint"]}); r.Status != 404 {
		t.Errorf("DELETE again: %d", r.Status)
	}
}

func TestPushOffIsSaid(t *testing.T) {
	srv := alertsServer(t, false)
	ad := signIn(t, srv.URL, "admin")
	r := ad.do("GET", "/api/admin/me/alerts", nil)
	if push := r.Body["push"].(map[string]any); push["enabled"] != false || push["public_key"] != "" {
		t.Errorf("push: %v", push)
	}
	if len(r.Body["choices"].([]any)) != 7 {
		t.Errorf("an admin's choices: %s", r.Raw)
	}
	r = ad.do("POST", "/api/admin/me/push-subscriptions", browserSubscription(t, "https://push.example/x"))
	if r.Status != 409 || r.Body["error"].(map[string]any)["code"] != "conflict" {
		t.Errorf("subscribing while push is off: %d %s", r.Status, r.Raw)
	}
}

func TestTheAlertLedgerIsAdmins(t *testing.T) {
	srv := alertsServer(t, true)
	if r := signIn(t, srv.URL, "moderator").do("GET", "/api/admin/alerts", nil); r.Status != 403 {
		t.Errorf("a moderator read the ledger: %d", r.Status)
	}
	ad := signIn(t, srv.URL, "admin")
	if r := ad.do("GET", "/api/admin/alerts?state=sent&event=new_booking&page=1&size=10", nil); r.Status != 200 {
		t.Errorf("GET: %d %s", r.Status, r.Raw)
	}
	if r := ad.do("GET", "/api/admin/alerts?state=lost", nil); r.Status != 400 {
		t.Errorf("an unknown state: %d %s", r.Status, r.Raw)
	}
}
