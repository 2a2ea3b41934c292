package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// book makes an appointment through the public form.
func book(t *testing.T, base string, body map[string]any) map[string]any {
	t.Helper()
	r := do(t, "POST", base+"/api/appointments", body)
	if r.Status != 201 {
		t.Fatalf("book: %d %s", r.Status, r.Raw)
	}
	return r.Body
}

func TestAppointmentsListSearchAndPaging(t *testing.T) {
	srv := newConsoleServer(t)
	tag := fmt.Sprintf("zq%dx", len(t.Name()))
	for i := range 7 {
		book(t, srv.URL, map[string]any{"name": "Client Liste", "phone": fmt.Sprintf("05501234%02d", i),
			"email": fmt.Sprintf("liste%d@example.dz", i), "message": "recherche " + tag})
	}
	ed := signIn(t, srv.URL, "editor")
	r := ed.do("GET", "/api/admin/appointments?q="+tag+"&size=5", nil)
	if r.Status != 200 || r.Body["total"] != float64(7) || len(r.Body["items"].([]any)) != 5 || r.Body["size"] != float64(5) {
		t.Fatalf("page 1: %d %s", r.Status, r.Raw)
	}
	p2 := ed.do("GET", "/api/admin/appointments?q="+tag+"&size=5&page=2", nil)
	if len(p2.Body["items"].([]any)) != 2 || p2.Body["total"] != float64(7) {
		t.Fatalf("page 2: %s", p2.Raw)
	}
	past := ed.do("GET", "/api/admin/appointments?q="+tag+"&size=5&page=3", nil)
	if len(past.Body["items"].([]any)) != 0 || past.Body["total"] != float64(7) {
		t.Fatalf("a page past the end keeps the total: %s", past.Raw)
	}
	byEmail := ed.do("GET", "/api/admin/appointments?q=LISTE3@example", nil)
	if byEmail.Body["total"] != float64(1) {
		t.Fatalf("search by e-mail: %s", byEmail.Raw)
	}
	if def := ed.do("GET", "/api/admin/appointments", nil); def.Body["size"] != float64(10) {
		t.Fatalf("default size: %s", def.Raw)
	}
	for _, q := range []string{"size=7", "status=nope", "range=year", "page=x"} {
		if bad := ed.do("GET", "/api/admin/appointments?"+q, nil); bad.Status != 400 || errorCode(bad) != "validation" {
			t.Errorf("%s: %d %s", q, bad.Status, bad.Raw)
		}
	}
	wild := ed.do("GET", "/api/admin/appointments?q=%25", nil)
	if wild.Status != 200 || wild.Body["total"] != float64(0) {
		t.Fatalf("%% is matched literally: %s", wild.Raw)
	}
	today := ed.do("GET", "/api/admin/appointments?range=today&q="+tag, nil)
	if today.Body["total"] != float64(7) {
		t.Fatalf("range=today: %s", today.Raw)
	}
	stats := ed.do("GET", "/api/admin/appointments/stats?q="+tag, nil)
	if stats.Body["total"] != float64(7) || stats.Body["pending"] != float64(7) || stats.Body["unreachable"] != float64(0) {
		t.Fatalf("stats: %s", stats.Raw)
	}
}

func historyRows(t *testing.T, id string) []map[string]any {
	t.Helper()
	rows, err := pool.Query(t.Context(), `SELECT coalesce(previous_status, ''), new_status, changed_by, coalesce(notes, ''),
		coalesce(code, ''), args FROM status_history WHERE appointment_id = $1`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []map[string]any
	for rows.Next() {
		var prev, next, by string
		h := booking.HistoryEntry{}
		if err := rows.Scan(&prev, &next, &by, &h.Notes, &h.Code, &h.Args); err != nil {
			t.Fatal(err)
		}
		h.Localize("en") // the note as an English reader sees it
		out = append(out, map[string]any{"previous": prev, "new": next, "by": by, "notes": h.Notes})
	}
	return out
}

func TestEditWritesOneHistoryRowNamingTheUser(t *testing.T) {
	srv := newConsoleServer(t)
	a := book(t, srv.URL, map[string]any{"name": "Edit Me", "phone": "0661000001"})
	id := a["id"].(string)
	mod := signIn(t, srv.URL, "moderator")
	r := mod.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"status": "confirmed", "message": "rappeler"})
	if r.Status != 200 || r.Body["message"] != "Rendez-vous mis à jour avec succès!" {
		t.Fatalf("edit: %d %s", r.Status, r.Raw)
	}
	ap := r.Body["appointment"].(map[string]any)
	if ap["status"] != "confirmed" || ap["status_dashboard"] != "confirmed" || ap["message"] != "rappeler" || ap["name"] != "Edit Me" {
		t.Fatalf("edited: %v", ap)
	}
	h := historyRows(t, id)
	if len(h) != 1 || h[0]["by"] != mod.Email || h[0]["previous"] != "pending" || h[0]["new"] != "confirmed" ||
		h[0]["notes"] != "Status changed from pending to confirmed during edit" {
		t.Fatalf("history: %v", h)
	}
	// Each reader reads the note in their language.
	if fr := mod.do("GET", "/api/admin/appointments/"+id+"/history?lang=fr", nil); !strings.Contains(string(fr.Raw),
		"Statut passé de pending à confirmed") {
		t.Errorf("the history in French: %s", fr.Raw)
	}
	// An edit that keeps the status writes no history.
	if r := mod.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"name": "Edit Me Too"}); r.Status != 200 {
		t.Fatalf("second edit: %s", r.Raw)
	}
	if h := historyRows(t, id); len(h) != 1 {
		t.Fatalf("history after an edit without status change: %v", h)
	}
	detail := mod.do("GET", "/api/admin/appointments/"+id, nil)
	if len(detail.Body["history"].([]any)) != 1 || detail.Body["name"] != "Edit Me Too" {
		t.Fatalf("detail: %s", detail.Raw)
	}
	for _, bad := range []map[string]any{{"status": "done"}, {"name": ""}, {"email": "nope"}, {"date": "2026-12-01"}} {
		if r := mod.do("PATCH", "/api/admin/appointments/"+id, bad); r.Status != 400 || errorCode(r) != "validation" {
			t.Errorf("%v: %d %s", bad, r.Status, r.Raw)
		}
	}
}

func TestBulkStatusWritesHistoryOnlyForChangedRows(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	var ids []string
	for i := range 5 {
		a := book(t, srv.URL, map[string]any{"name": "Bulk Client", "phone": fmt.Sprintf("066200000%d", i)})
		ids = append(ids, a["id"].(string))
	}
	for _, id := range ids[:2] {
		if r := adm.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"status": "confirmed"}); r.Status != 200 {
			t.Fatal(r.Status)
		}
	}
	r := adm.do("POST", "/api/admin/appointments/bulk", map[string]any{"ids": ids, "action": "status", "status": "confirmed"})
	if r.Status != 200 || r.Body["count"] != float64(5) || r.Body["message"] != "5 rendez-vous mis à jour vers Confirmé!" {
		t.Fatalf("bulk: %d %s", r.Status, r.Raw)
	}
	var n int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM status_history WHERE appointment_id = ANY($1::uuid[])
		AND code = 'history_bulk' AND args = '{"from": "pending", "to": "confirmed"}' AND changed_by = $2`, ids, adm.Email).Scan(&n); err != nil || n != 3 {
		t.Fatalf("bulk history rows: %d %v", n, err)
	}
	del := adm.do("POST", "/api/admin/appointments/bulk?lang=fr", map[string]any{"ids": ids[:2], "action": "delete"})
	if del.Status != 200 || del.Body["message"] != "2 rendez-vous supprimés avec succès!" {
		t.Fatalf("bulk delete: %s", del.Raw)
	}
	if r := adm.do("POST", "/api/admin/appointments/bulk", map[string]any{"ids": []string{}, "action": "status", "status": "confirmed"}); r.Status != 400 {
		t.Fatalf("empty selection: %d", r.Status)
	}
}

func TestNotesTranscriptAndCreate(t *testing.T) {
	srv := newConsoleServer(t)
	ed := signIn(t, srv.URL, "editor")
	created := ed.do("POST", "/api/admin/appointments", map[string]any{"name": "Console Client", "phone": "0663000001",
		"service": "Développement web", "date": "2026-12-02", "time": "10:00"})
	if created.Status != 201 || created.Body["appointment"].(map[string]any)["source"] != "console" {
		t.Fatalf("create: %d %s", created.Status, created.Raw)
	}
	id := created.Body["appointment"].(map[string]any)["id"].(string)
	inline := ed.do("POST", "/api/admin/appointments", map[string]any{"client": map[string]any{"nom": "Amrani", "prenom": "Lina", "numero_1": "0663000002"}})
	if inline.Status != 403 {
		t.Fatalf("an editor creating a client inline: %d %s", inline.Status, inline.Raw)
	}
	mod := signIn(t, srv.URL, "moderator")
	inline = mod.do("POST", "/api/admin/appointments", map[string]any{"client": map[string]any{"nom": "Amrani", "prenom": "Lina", "numero_1": "0663000002"}})
	if inline.Status != 201 || inline.Body["appointment"].(map[string]any)["name"] != "Lina Amrani" ||
		inline.Body["appointment"].(map[string]any)["client_id"] != inline.Body["client"].(map[string]any)["id"] {
		t.Fatalf("inline client: %d %s", inline.Status, inline.Raw)
	}

	if r := ed.do("POST", "/api/admin/appointments/"+id+"/notes", map[string]any{"note": "   "}); r.Status != 400 {
		t.Fatalf("blank note: %d", r.Status)
	}
	note := ed.do("POST", "/api/admin/appointments/"+id+"/notes", map[string]any{"note": "  Rappeler lundi  "})
	n := note.Body["note"].(map[string]any)
	if note.Status != 201 || n["note"] != "Rappeler lundi" || n["author_name"] != ed.Email || n["author_role"] != "editor" {
		t.Fatalf("note: %d %s", note.Status, note.Raw)
	}
	if list := ed.do("GET", "/api/admin/appointments/"+id+"/notes", nil); len(list.Body["items"].([]any)) != 1 {
		t.Fatalf("notes: %s", list.Raw)
	}
	if r := ed.do("DELETE", "/api/admin/notes/"+n["id"].(string), nil); r.Status != 403 {
		t.Fatalf("an editor deleting a note: %d", r.Status)
	}
	adm := signIn(t, srv.URL, "admin")
	if r := adm.do("DELETE", "/api/admin/notes/"+n["id"].(string), nil); r.Status != 200 || r.Body["message"] != "Note supprimée avec succès!" {
		t.Fatalf("delete note: %s", r.Raw)
	}

	var conv string
	if err := pool.QueryRow(t.Context(), `INSERT INTO chat_conversations (session_id, appointment_id, last_step)
		VALUES ($1, $2, 'booked') RETURNING id`, "sess-"+id, id).Scan(&conv); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(t.Context(), `INSERT INTO chat_messages (conversation_id, sender, text, source, step)
		VALUES ($1, 'user', 'Bonjour', NULL, 'greeting'), ($1, 'bot', 'Bienvenue', 'flow', 'greeting')`, conv); err != nil {
		t.Fatal(err)
	}
	tr := ed.do("GET", "/api/admin/appointments/"+id+"/transcript", nil)
	msgs := tr.Body["messages"].([]any)
	if tr.Body["found"] != true || len(msgs) != 2 || msgs[0].(map[string]any)["text"] != "Bonjour" {
		t.Fatalf("transcript: %s", tr.Raw)
	}
	if _, leaked := tr.Body["session_id"]; leaked {
		t.Fatal("the chat session id reached the console")
	}
	cal := ed.do("GET", "/api/admin/appointments/calendar?month=2026-12", nil)
	if cal.Status != 200 || cal.Body["total"].(float64) < 1 || cal.Body["first"] != "2026-12-01" || cal.Body["last"] != "2026-12-31" {
		t.Fatalf("calendar: %s", cal.Raw)
	}
	if bad := ed.do("GET", "/api/admin/appointments/calendar?month=2026-13", nil); bad.Status != 400 {
		t.Fatalf("bad month: %d", bad.Status)
	}
}
