//go:build deploy

package deploytest

import (
	"net/http"
	"testing"

	"github.com/dota-agency/dota/chatbot/geminitest"
)

// exerciseEnv is the configuration of the binary whose metrics are compared: Gemini
// is a local fake server, and the per-conversation limit is low enough to reach.
func exerciseEnv(t *testing.T) []string {
	gemini := geminitest.New(t, "Dota's assistant answers from the fake Gemini.")
	return []string{
		"GEMINI_API_KEY=test-key",
		"DOTA_GEMINI_BASE_URL=" + gemini.URL,
		"DOTA_AI_QUEUE_INTERVAL=10ms",
		"DOTA_CHAT_SESSION_RATE=3",
	}
}

// exerciseChat talks to Dota so that the chat, AI and rate-limit series appear: a
// question no rule answers goes to Gemini, the same again comes from the reply cache,
// and the conversation then runs into its per-minute limit; another is abandoned.
func exerciseChat(t *testing.T, c *client) {
	t.Helper()
	var r struct {
		SessionID string `json:"session_id"`
	}
	want(t, c.do("POST", "/api/chat/sessions", map[string]string{"lang": "en"}, &r), http.StatusCreated)
	path := "/api/chat/sessions/" + r.SessionID + "/messages"
	question := map[string]string{"text": "What did the first person on the moon say?"}
	want(t, c.do("POST", path, question, nil), http.StatusOK)
	want(t, c.do("POST", path, question, nil), http.StatusOK)
	want(t, c.do("POST", path, map[string]string{"text": "Where is your office?"}, nil), http.StatusOK)
	want(t, c.do("POST", path, question, nil), http.StatusTooManyRequests)

	// A visitor who starts booking and changes their mind.
	want(t, c.do("POST", "/api/chat/sessions", map[string]string{"lang": "en"}, &r), http.StatusCreated)
	path = "/api/chat/sessions/" + r.SessionID + "/messages"
	want(t, c.do("POST", path, map[string]string{"text": "I want to book an appointment"}, nil), http.StatusOK)
	want(t, c.do("POST", path, map[string]string{"text": "cancel"}, nil), http.StatusOK)
}

// exerciseConsole signs in to the console, once with a wrong password, and opens and
// closes its event stream, so that the console series appear.
func exerciseConsole(t *testing.T, e env, c *client) {
	t.Helper()
	runDota(t, e, "correct horse battery staple\n", "admin", "create", "--email", "ops@example.com", "--role", "admin", "--password-stdin")
	want(t, c.do("POST", "/api/admin/login", map[string]string{"email": "ops@example.com", "password": "wrong password"}, nil),
		http.StatusUnauthorized)
	want(t, c.do("POST", "/api/admin/login", map[string]string{"email": "ops@example.com", "password": "correct horse battery staple"}, nil),
		http.StatusOK)
}
