package api_test

import (
	"context"
	"testing"
)

func TestMessagesLedgerAndResend(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	booked := adm.do("POST", "/api/admin/appointments", map[string]any{"name": "Nour Mansouri",
		"email": "nour@mansouri.dz", "phone": "0770 11 22 33"})
	if booked.Status != 201 {
		t.Fatalf("book: %d %s", booked.Status, booked.Raw)
	}
	id := booked.Body["appointment"].(map[string]any)["id"].(string)

	list := adm.do("GET", "/api/admin/messages?kind=confirmation&appointment="+id, nil)
	items, _ := list.Body["items"].([]any)
	if list.Status != 200 || len(items) != 1 {
		t.Fatalf("ledger: %d %s", list.Status, list.Raw)
	}
	d := items[0].(map[string]any)
	if d["state"] != "scheduled" || d["recipient"] != "nour@mansouri.dz" || d["kind"] != "confirmation" {
		t.Fatalf("delivery: %v", d)
	}
	if r := adm.do("GET", "/api/admin/messages?status=lost", nil); r.Status != 400 {
		t.Errorf("unknown state: %d %s", r.Status, r.Raw)
	}

	// Still scheduled: nothing to send again. Once failed, staff send it again.
	if r := adm.do("POST", "/api/admin/messages/"+d["id"].(string)+"/resend", nil); r.Status != 409 || errorCode(r) != "conflict" {
		t.Errorf("resend of a scheduled message: %d %s", r.Status, r.Raw)
	}
	if _, err := pool.Exec(context.Background(), `UPDATE deliveries SET state = 'failed',
		reason = '550 mailbox unavailable' WHERE id = $1`, d["id"]); err != nil {
		t.Fatal(err)
	}
	again := adm.do("POST", "/api/admin/messages/"+d["id"].(string)+"/resend", nil)
	if again.Status != 201 || again.Body["resent_from"] != d["id"] || again.Body["state"] != "scheduled" {
		t.Fatalf("resend: %d %s", again.Status, again.Raw)
	}
	if r := adm.do("POST", "/api/admin/messages/00000000-0000-0000-0000-000000000000/resend", nil); r.Status != 404 {
		t.Errorf("resend of nothing: %d %s", r.Status, r.Raw)
	}

	// An editor reads one appointment's messages, not the whole ledger, and cannot resend.
	ed := signIn(t, srv.URL, "editor")
	if r := ed.do("GET", "/api/admin/messages?appointment="+id, nil); r.Status != 200 || r.Body["total"] != float64(2) {
		t.Errorf("editor, one appointment: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("GET", "/api/admin/messages", nil); r.Status != 403 {
		t.Errorf("editor, whole ledger: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("POST", "/api/admin/messages/"+d["id"].(string)+"/resend", nil); r.Status != 403 {
		t.Errorf("editor resends: %d %s", r.Status, r.Raw)
	}
}
