package blackbox

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// strings collects every string in a decoded JSON value.
func jsonStrings(v any, out *[]string) {
	switch x := v.(type) {
	case string:
		*out = append(*out, x)
	case []any:
		for _, e := range x {
			jsonStrings(e, out)
		}
	case map[string]any:
		for _, e := range x {
			jsonStrings(e, out)
		}
	}
}

// TestServiceDetailsSanitized stores script in a service's details, as a careless or
// compromised editor might, and reads the service as a visitor in every shape the API
// offers, one language or all: no script, frame, event handler or javascript: URL
// reaches the browser.
func TestServiceDetailsSanitized(t *testing.T) {
	dbURL := database(t)
	if _, err := pool(t, dbURL).Exec(context.Background(), `UPDATE services SET details = $1::jsonb WHERE slug = 'developpement-web'`,
		`{"fr":"<p onclick=\"steal()\">Intro<script>alert(1)</script></p><!-- service-features --><img src=x onerror=alert(2)><a href=\"javascript:alert(3)\">x</a>",`+
			`"en":"<iframe src=//evil.example></iframe><p>ok</p>","ar":"<svg onload=alert(4)><p>نعم</p>"}`); err != nil {
		t.Fatal(err)
	}
	srv := startDota(t, baseEnv(t, dbURL))
	for _, path := range []string{"/api/services/developpement-web?lang=fr", "/api/services/developpement-web?lang=en",
		"/api/services/developpement-web?lang=ar", "/api/services/developpement-web?raw=1", "/api/services?raw=1",
		"/api/services?lang=fr"} {
		r := must(t, "GET", srv.URL+path, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
		var all []string
		jsonStrings(r.Body, &all)
		for _, s := range all {
			low := strings.ToLower(s)
			for _, bad := range []string{"<script", "onclick", "onerror", "onload", "javascript:", "<iframe", "<svg"} {
				if strings.Contains(low, bad) {
					t.Errorf("%s hands the browser %q in %.120q", path, bad, s)
				}
			}
		}
	}
}

// TestChatSanitizerCost sends the nested script payload that once held a core for
// minutes ("java"×k + "javascript:" + "script:"×k, where removing one match makes the
// next): at the chat's size limit it is answered within the client's time-out with no
// script text kept, and past the limit it is refused, 413 too_large in the visitor's
// language, before anything reads it.
func TestChatSanitizerCost(t *testing.T) {
	srv := startDota(t, baseEnv(t, database(t)))
	chat := must(t, "POST", srv.URL+"/api/chat/sessions", map[string]any{"lang": "fr"})
	id, _ := chat.Body["session_id"].(string)
	if chat.Status != http.StatusCreated || id == "" {
		t.Fatalf("chat: %d %s", chat.Status, chat.Raw)
	}
	nested := func(k int) []byte {
		raw, _ := json.Marshal(map[string]string{"text": strings.Repeat("java", k) + "javascript:" + strings.Repeat("script:", k)})
		return raw
	}
	const limit = 8 << 10 // api.ChatMaxBodyBytes
	k := (limit - len(nested(0))) / len("javascript:")
	atLimit := nested(k)
	if len(atLimit) > limit || len(nested(k+1)) <= limit {
		t.Fatalf("the payload is %d bytes, not the limit's %d", len(atLimit), limit)
	}
	r := must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", atLimit)
	if r.Status != http.StatusOK {
		t.Fatalf("nested payload at the limit: %d %s", r.Status, r.Raw)
	}
	back := must(t, "GET", srv.URL+"/api/chat/sessions/"+id, nil)
	var all []string
	jsonStrings(back.Body["messages"], &all)
	for _, s := range all {
		if low := strings.ToLower(s); strings.Contains(low, "script:") || strings.Contains(low, "javascript") {
			t.Errorf("the conversation keeps %.80q", s)
		}
	}

	for _, body := range [][]byte{nested(k + 1), nested(6000)} {
		r := must(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", body)
		if r.Status != http.StatusRequestEntityTooLarge || r.code() != "too_large" || !strings.Contains(r.message(), "volumineuse") {
			t.Errorf("%d bytes: %d %s", len(body), r.Status, r.Raw)
		}
	}
}
