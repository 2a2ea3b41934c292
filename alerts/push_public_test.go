package alerts_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dota-agency/dota/alerts"
)

// TestPushReachesOnlyPublicAddresses: a subscription's endpoint is what a signed-in browser
// submits; outside tests, a push to this machine (or its network) is refused before any
// byte is sent.
func TestPushReachesOnlyPublicAddresses(t *testing.T) {
	t.Parallel()
	reached := false
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		reached = true
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	public, private, err := alerts.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	p, err := alerts.NewWebPush(public, private, "mailto:ops@dota.test")
	if err != nil {
		t.Fatal(err)
	}
	// A browser's keys, which the push encrypts for.
	browser, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	to := alerts.PushTarget{Endpoint: srv.URL + "/push/1",
		P256dh: base64.RawURLEncoding.EncodeToString(browser.PublicKey().Bytes()),
		Auth:   base64.RawURLEncoding.EncodeToString(make([]byte, 16))}
	_, err = p.Send(context.Background(), to, []byte(`{"title":"x"}`), "")
	if err == nil || !strings.Contains(err.Error(), "not a public address") {
		t.Fatalf("push to %s: %v, want it refused as not public", srv.URL, err)
	}
	if reached {
		t.Fatal("the local server was reached")
	}
}
