package api_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/console"
)

// freeSlot is a free slot at least days after the tests' clock, on the server's calendar.
func freeSlot(t *testing.T, base string, days int) (string, string) {
	t.Helper()
	d := now.AddDate(0, 0, days)
	for range 30 {
		date := d.Format(time.DateOnly)
		res := do(t, "GET", base+"/api/slots?date="+date, nil)
		if slots, ok := res.Body["slots"].([]any); ok && res.Body["closed"] != true {
			for _, s := range slots {
				if sl := s.(map[string]any); sl["free"] == true && sl["past"] != true {
					return date, sl["time"].(string)
				}
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no free slot")
	return "", ""
}

// conversationOf stores a conversation in lang in which the visitor gave name and booked
// the appointments.
func conversationOf(t *testing.T, lang, name string, appointments ...string) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(t.Context(), `INSERT INTO chat_conversations (session_id, language, last_step, collected)
		VALUES ($1, $2, 'greeting', jsonb_build_object('name', $3::text)) RETURNING id`,
		"canned-"+time.Now().Format(time.RFC3339Nano), lang, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(t.Context(), `INSERT INTO chat_messages (conversation_id, sender, text, step)
		VALUES ($1, 'user', 'Bonjour', 'greeting')`, id); err != nil {
		t.Fatal(err)
	}
	for _, a := range appointments {
		if _, err := pool.Exec(t.Context(), `INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
			VALUES ($1, $2)`, id, a); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func manageTokens(t *testing.T, appointment string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM manage_tokens WHERE appointment_id = $1`,
		appointment).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

var filledLink = regexp.MustCompile(`/manage/([A-Za-z0-9_-]{43})\?lang=fr`)

// Administrators write canned replies; other staff read them and may not change them;
// what is written is checked and cleaned.
func TestCannedRepliesManagedByAdmins(t *testing.T) {
	srv := newConsoleServer(t)
	admin := signIn(t, srv.URL, console.RoleAdmin)
	editor := signIn(t, srv.URL, console.RoleEditor)
	moderator := signIn(t, srv.URL, console.RoleModerator)

	r := admin.do("POST", "/api/admin/canned-replies", map[string]any{"title": "  Horaires   du bureau ",
		"texts": map[string]string{"fr": "Bonjour {first_name}, nous sommes ouverts <b>de 9 h à 17 h</b>.\r\nÀ bientôt", "en": "  ", "ar": "مرحبا {first_name}"}})
	if r.Status != 201 || r.Body["title"] != "Horaires du bureau" {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	texts := r.Body["texts"].(map[string]any)
	if texts["fr"] != "Bonjour {first_name}, nous sommes ouverts bde 9 h à 17 h/b.\nÀ bientôt" || texts["ar"] != "مرحبا {first_name}" {
		t.Fatalf("texts as stored: %v", texts)
	}
	if _, kept := texts["en"]; kept {
		t.Fatalf("a blank language was kept: %v", texts)
	}
	id := r.Body["id"].(string)

	for name, body := range map[string]map[string]any{
		"nothing":          {},
		"a blank title":    {"title": " ", "texts": map[string]string{"fr": "Bonjour"}},
		"no text":          {"title": "Vide", "texts": map[string]string{"fr": "  "}},
		"a long title":     {"title": strings.Repeat("t", console.CannedTitleMax+1), "texts": map[string]string{"fr": "Bonjour"}},
		"a long text":      {"title": "Long", "texts": map[string]string{"en": strings.Repeat("é", console.CannedTextMax+1)}},
		"an unknown var":   {"title": "Typo", "texts": map[string]string{"fr": "Bonjour {prenom}"}},
		"another language": {"title": "Kabyle", "texts": map[string]string{"kab": "Azul"}},
		"a taken title":    {"title": "HORAIRES DU BUREAU", "texts": map[string]string{"fr": "Bonjour"}},
	} {
		r := admin.do("POST", "/api/admin/canned-replies", body)
		fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != 400 || errorCode(r) != "validation" || len(fields) == 0 {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	bad := admin.do("POST", "/api/admin/canned-replies?lang=en", map[string]any{"title": "Typo", "texts": map[string]string{"fr": "Bonjour {prenom}"}})
	if f := bad.Body["error"].(map[string]any)["fields"].(map[string]any); !strings.Contains(f["texts.fr"].(string), "{manage_link}") {
		t.Fatalf("an unknown variable is named for what it is: %s", bad.Raw)
	}
	taken := admin.do("POST", "/api/admin/canned-replies", map[string]any{"title": "horaires du bureau", "texts": map[string]string{"fr": "x"}})
	if f := taken.Body["error"].(map[string]any)["fields"].(map[string]any); f["title"] == nil {
		t.Fatalf("a taken title: %s", taken.Raw)
	}

	for _, s := range []*staff{editor, moderator} {
		list := s.do("GET", "/api/admin/canned-replies", nil)
		if list.Status != 200 || !strings.Contains(string(list.Raw), id) || !strings.Contains(string(list.Raw), `"manage_link"`) {
			t.Fatalf("staff read the replies: %d %s", list.Status, list.Raw)
		}
		if r := s.do("POST", "/api/admin/canned-replies", map[string]any{"title": "Moi", "texts": map[string]string{"fr": "x"}}); r.Status != 403 {
			t.Fatalf("a %s wrote one: %d", s.Email, r.Status)
		}
		if r := s.do("PATCH", "/api/admin/canned-replies/"+id, map[string]any{"title": "Moi"}); r.Status != 403 {
			t.Fatalf("a %s changed one: %d", s.Email, r.Status)
		}
		if r := s.do("DELETE", "/api/admin/canned-replies/"+id, nil); r.Status != 403 {
			t.Fatalf("a %s deleted one: %d", s.Email, r.Status)
		}
	}

	r = admin.do("PATCH", "/api/admin/canned-replies/"+id, map[string]any{"title": "Horaires"})
	if r.Status != 200 || r.Body["title"] != "Horaires" || r.Body["texts"].(map[string]any)["ar"] != "مرحبا {first_name}" {
		t.Fatalf("rename: %d %s", r.Status, r.Raw)
	}
	r = admin.do("PATCH", "/api/admin/canned-replies/"+id, map[string]any{"texts": map[string]string{"en": "Hello {first_name}"}})
	if got := r.Body["texts"].(map[string]any); r.Status != 200 || len(got) != 1 || got["en"] != "Hello {first_name}" || r.Body["title"] != "Horaires" {
		t.Fatalf("new texts: %d %s", r.Status, r.Raw)
	}
	if r := admin.do("PATCH", "/api/admin/canned-replies/"+id, map[string]any{"texts": map[string]string{}}); r.Status != 400 {
		t.Fatalf("every text removed: %d %s", r.Status, r.Raw)
	}
	if r := admin.do("DELETE", "/api/admin/canned-replies/"+id, nil); r.Status != 204 {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	for _, method := range []string{"PATCH", "DELETE"} {
		if r := admin.do(method, "/api/admin/canned-replies/"+id, map[string]any{"title": "x"}); r.Status != 404 {
			t.Fatalf("%s a deleted one: %d", method, r.Status)
		}
	}
	if r := admin.do("DELETE", "/api/admin/canned-replies/not-an-id", nil); r.Status != 404 {
		t.Fatalf("a malformed id: %d", r.Status)
	}
}

// A reply inserted in a conversation speaks its language and is filled from it: the
// visitor's first name, the booked appointment's day and service, and a manage link made
// at that moment, which works. What has no value stays for staff to fill.
func TestCannedReplyFilledFromTheConversation(t *testing.T) {
	srv := newConsoleServer(t)
	admin := signIn(t, srv.URL, console.RoleAdmin)
	editor := signIn(t, srv.URL, console.RoleEditor)
	date, hhmm := freeSlot(t, srv.URL, 3)
	ap := book(t, srv.URL, map[string]any{"name": "Amine Kaci", "email": "amine@kaci.dz", "phone": "0555 12 34 56",
		"service": "developpement-mobile", "date": date, "time": hhmm})["id"].(string)

	r := admin.do("POST", "/api/admin/canned-replies", map[string]any{"title": "Rappel", "texts": map[string]string{
		"fr": "Bonjour {first_name}, votre rendez-vous {service} est le {date}. Pour le changer : {manage_link}",
		"en": "Hello {first_name}, see you on {date}."}})
	if r.Status != 201 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	reply := r.Body["id"].(string)
	before := manageTokens(t, ap)
	if l := editor.do("GET", "/api/admin/canned-replies", nil); l.Status != 200 || manageTokens(t, ap) != before {
		t.Fatalf("listing made a manage link: %d", l.Status)
	}

	booked := conversationOf(t, "fr", "amine", ap)
	r = editor.do("POST", "/api/admin/conversations/"+booked+"/canned-replies/"+reply, nil)
	text, _ := r.Body["text"].(string)
	day, _ := time.Parse(time.DateOnly, date)
	if r.Status != 200 || r.Body["lang"] != "fr" || len(r.Body["missing"].([]any)) != 0 ||
		!strings.HasPrefix(text, "Bonjour Amine, votre rendez-vous Développement mobile est le ") ||
		!strings.Contains(text, " "+day.Format("2")+" ") || !strings.Contains(text, "à "+hhmm+".") {
		t.Fatalf("filled: %d %s", r.Status, r.Raw)
	}
	m := filledLink.FindStringSubmatch(text)
	if m == nil || manageTokens(t, ap) != before+1 {
		t.Fatalf("no fresh manage link in %q", text)
	}
	if got := do(t, "GET", srv.URL+"/api/manage/"+m[1], nil); got.Status != 200 || got.Body["id"] != ap {
		t.Fatalf("the link manages: %d %s", got.Status, got.Raw)
	}

	alone := conversationOf(t, "ar", "Sara")
	r = editor.do("POST", "/api/admin/conversations/"+alone+"/canned-replies/"+reply, nil)
	if r.Status != 200 || r.Body["lang"] != "en" || r.Body["text"] != "Hello Sara, see you on {date}." ||
		len(r.Body["missing"].([]any)) != 1 || r.Body["missing"].([]any)[0] != "date" {
		t.Fatalf("nothing booked, no Arabic text: %d %s", r.Status, r.Raw)
	}
	nameless := conversationOf(t, "fr", "")
	r = editor.do("POST", "/api/admin/conversations/"+nameless+"/canned-replies/"+reply, nil)
	if want := []any{"first_name", "date", "service", "manage_link"}; r.Status != 200 ||
		r.Body["text"] != "Bonjour {first_name}, votre rendez-vous {service} est le {date}. Pour le changer : {manage_link}" ||
		len(r.Body["missing"].([]any)) != len(want) {
		t.Fatalf("nothing known: %d %s", r.Status, r.Raw)
	}

	if _, err := pool.Exec(t.Context(), `UPDATE appointments SET status = 'cancelled' WHERE id = $1`, ap); err != nil {
		t.Fatal(err)
	}
	tokens := manageTokens(t, ap)
	r = editor.do("POST", "/api/admin/conversations/"+booked+"/canned-replies/"+reply, nil)
	if text, _ := r.Body["text"].(string); r.Status != 200 || !strings.HasSuffix(text, "{manage_link}") ||
		manageTokens(t, ap) != tokens {
		t.Fatalf("a cancelled appointment got a link: %d %s", r.Status, r.Raw)
	}

	for path, want := range map[string]int{
		"/api/admin/conversations/" + booked + "/canned-replies/" + booked: 404,
		"/api/admin/conversations/" + reply + "/canned-replies/" + reply:   404,
		"/api/admin/conversations/" + booked + "/canned-replies/not-an-id": 404,
	} {
		if r := editor.do("POST", path, nil); r.Status != want {
			t.Errorf("%s: %d, want %d", path, r.Status, want)
		}
	}
}
