package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
)

// userID is the signed-in staff member's id.
func (s *staff) userID() string {
	s.t.Helper()
	me := s.do("GET", "/api/admin/me", nil)
	u, _ := me.Body["user"].(map[string]any)
	id, _ := u["id"].(string)
	if me.Status != 200 || id == "" {
		s.t.Fatalf("me: %d %s", me.Status, me.Raw)
	}
	return id
}

// A moderator takes over a conversation an editor holds (an editor may not): the
// editor's console hears of it live and the editor can no longer answer. Deactivating
// the moderator then gives the conversation back to Dota, and the visitor is told.
func TestTakeOverAndDeactivationOverHTTP(t *testing.T) {
	base := newHandoffServer(t)
	editor := signIn(t, base, console.RoleEditor)
	other := signIn(t, base, console.RoleEditor)
	moderator := signIn(t, base, console.RoleModerator)
	admin := signIn(t, base, console.RoleAdmin)
	live, _ := editor.subscribe(t)

	r := do(t, "POST", base+"/api/chat/sessions", map[string]string{"lang": "fr"})
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
	waitFor(t, visitor, "message", 5*time.Second)

	me := moderator.do("GET", "/api/admin/me", nil)
	if !strings.Contains(string(me.Raw), `"conversations.take_over"`) {
		t.Fatalf("a moderator's permissions: %s", me.Raw)
	}
	if r := other.do("POST", "/api/admin/conversations/"+id+"/takeover", nil); r.Status != 403 || errorCode(r) != "forbidden" {
		t.Fatalf("an editor took over: %d %s", r.Status, r.Raw)
	}
	r = moderator.do("POST", "/api/admin/conversations/"+id+"/takeover", nil)
	modID := moderator.userID()
	if r.Status != 200 || r.Body["state"] != "staff" || r.Body["agent_id"] != modID {
		t.Fatalf("take-over: %d %s", r.Status, r.Raw)
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		ev := waitFor(t, live, chatbot.EventConversationUpdated, time.Until(deadline))
		if c, _ := ev.Data["data"].(map[string]any); c["id"] == id && c["agent_id"] == modID {
			break // the former holder's console sees who holds it now
		}
	}
	if m := messageOf(waitFor(t, visitor, "message", 5*time.Second)); !strings.Contains(m["text"].(string), "prend le relais") {
		t.Fatalf("the visitor was told %+v", m)
	}
	if r := editor.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": "Bonjour"}); r.Status != 409 {
		t.Fatalf("the former holder answered: %d %s", r.Status, r.Raw)
	}

	if r := admin.do("PATCH", "/api/admin/users/"+modID, map[string]any{"is_active": false}); r.Status != 200 {
		t.Fatalf("deactivating: %d %s", r.Status, r.Raw)
	}
	ended := waitFor(t, visitor, "message", 5*time.Second)
	if h, _ := ended.Data["handoff"].(map[string]any); h["state"] != "ended" {
		t.Fatalf("after the deactivation the visitor got %+v", ended.Data)
	}
	if d := admin.do("GET", "/api/admin/conversations/"+id, nil); d.Status != 200 || d.Body["state"] != "bot" || d.Body["agent_id"] != nil {
		t.Fatalf("after the deactivation: %d %s", d.Status, d.Raw)
	}
	r = do(t, "POST", base+"/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "quels sont vos tarifs ?"})
	if msgs, _ := r.Body["messages"].([]any); r.Status != 200 || len(msgs) == 0 {
		t.Fatalf("Dota did not answer after the deactivation: %d %s", r.Status, r.Raw)
	}
}
