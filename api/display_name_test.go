package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
)

// A staff member chooses the name visitors see; the visitor's stream carries it on the
// hand-off and on each answer. An empty name goes back to the default, a long one is
// refused in the reader's language.
func TestDisplayNameReachesTheVisitor(t *testing.T) {
	base := newHandoffServer(t)
	editor := signIn(t, base, console.RoleEditor)
	live, _ := editor.subscribe(t)

	me := editor.do("GET", "/api/admin/me", nil)
	if u, _ := me.Body["user"].(map[string]any); u["display_name"] != console.FirstName(console.User{Email: editor.Email}) || u["display_name"] == "" {
		t.Fatalf("default display name of %s: %s", editor.Email, me.Raw)
	}
	r := editor.do("PATCH", "/api/admin/me?lang=en", map[string]any{"display_name": strings.Repeat("n", 41)})
	if r.Status != 400 || !strings.Contains(string(r.Raw), "40 characters") {
		t.Fatalf("a long name: %d %s", r.Status, r.Raw)
	}
	r = editor.do("PATCH", "/api/admin/me?lang=fr", map[string]any{"display_name": "  Nadia   B. "})
	if u, _ := r.Body["user"].(map[string]any); r.Status != 200 || u["display_name"] != "Nadia B." || r.Body["message"] != "Profil mis à jour" {
		t.Fatalf("setting the name: %d %s", r.Status, r.Raw)
	}

	r = do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
	sid, _ := r.Body["session_id"].(string)
	r = do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "je voudrais parler à un conseiller"})
	msgs, _ := r.Body["messages"].([]any)
	last, _ := msgs[len(msgs)-1].(map[string]any)["id"].(string)
	conv, _ := waitFor(t, live, chatbot.EventConversationUpdated, 5*time.Second).Data["data"].(map[string]any)
	id, _ := conv["id"].(string)
	visitor, _ := openStream(t, http.DefaultClient, base+"/api/chat/sessions/"+sid+"/stream?after="+last, nil)
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/claim", nil); r.Status != 200 {
		t.Fatalf("claim: %d %s", r.Status, r.Raw)
	}
	joined := waitFor(t, visitor, "message", 5*time.Second)
	if h, _ := joined.Data["handoff"].(map[string]any); h["agent"] != "Nadia B." {
		t.Fatalf("the visitor was joined by %+v", joined.Data)
	}
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": "Bonjour !"}); r.Status != 201 {
		t.Fatalf("answer: %d %s", r.Status, r.Raw)
	}
	if m := messageOf(waitFor(t, visitor, "message", 5*time.Second)); m["author"] != "Nadia B." {
		t.Fatalf("the answer's author %+v", m)
	}

	r = editor.do("PATCH", "/api/admin/me", map[string]any{"display_name": ""})
	if u, _ := r.Body["user"].(map[string]any); r.Status != 200 || u["display_name"] != console.FirstName(console.User{Email: editor.Email}) {
		t.Fatalf("back to the default: %d %s", r.Status, r.Raw)
	}
}
