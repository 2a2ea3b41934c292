package api_test

import (
	"testing"

	"github.com/dota-agency/dota/booking"
)

// holders counts the appointments holding a slot (any status but cancelled).
func holders(t *testing.T, date, hhmm string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM appointments WHERE date = $1::date AND time = $2
		AND status <> 'cancelled'`, date, hhmm).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func alternatives(r response) []any {
	e, _ := r.Body["error"].(map[string]any)
	alts, _ := e["alternatives"].([]any)
	return alts
}

func errorMessage(r response) string {
	e, _ := r.Body["error"].(map[string]any)
	msg, _ := e["message"].(string)
	return msg
}

func TestConsoleEditObeysTheBookingRules(t *testing.T) {
	srv := newConsoleServer(t)
	ed := signIn(t, srv.URL, "editor")
	book(t, srv.URL, map[string]any{"name": "Slot Holder", "phone": "0671000001", "date": "2027-01-03", "time": "10:00"})
	mover := book(t, srv.URL, map[string]any{"name": "Slot Mover", "phone": "0671000002", "date": "2027-01-03", "time": "11:00"})
	path := "/api/admin/appointments/" + mover["id"].(string)

	full := ed.do("PATCH", path, map[string]any{"time": "10:00"})
	if full.Status != 409 || errorCode(full) != "slot_taken" || len(alternatives(full)) == 0 {
		t.Fatalf("into a full slot: %d %s", full.Status, full.Raw)
	}
	if n := holders(t, "2027-01-03", "10:00"); n != 1 {
		t.Fatalf("the full slot has %d holders", n)
	}
	friday := ed.do("PATCH", path+"?lang=en", map[string]any{"date": "2027-01-08", "time": "10:00"})
	if friday.Status != 422 || errorCode(friday) != "slot_closed" || len(alternatives(friday)) == 0 ||
		errorMessage(friday) != booking.Text("en", "slot_closed_closed_day") {
		t.Fatalf("onto a Friday: %d %s", friday.Status, friday.Raw)
	}
	odd := ed.do("PATCH", path, map[string]any{"time": "13:37"})
	if odd.Status != 400 || errorCode(odd) != "validation" {
		t.Fatalf("to 13:37: %d %s", odd.Status, odd.Raw)
	}
	if f, _ := odd.Body["error"].(map[string]any)["fields"].(map[string]any); f["time"] == nil {
		t.Fatalf("13:37 names the time: %s", odd.Raw)
	}
	past := ed.do("PATCH", path+"?lang=ar", map[string]any{"date": "2026-11-19", "time": "10:00"})
	if past.Status != 422 || errorCode(past) != "slot_closed" || errorMessage(past) != booking.Text("ar", "slot_closed_past") {
		t.Fatalf("into the past: %d %s", past.Status, past.Raw)
	}
	var date, hhmm string
	if err := pool.QueryRow(t.Context(), `SELECT to_char(date, 'YYYY-MM-DD'), time FROM appointments WHERE id = $1`,
		mover["id"]).Scan(&date, &hhmm); err != nil || date != "2027-01-03" || hhmm != "11:00" {
		t.Fatalf("a refused edit changed the appointment: %s %s %v", date, hhmm, err)
	}
	// A free slot of an open day is fine, and so is an edit that keeps the slot.
	if r := ed.do("PATCH", path, map[string]any{"date": "2027-01-04", "time": "14:00"}); r.Status != 200 {
		t.Fatalf("into a free slot: %d %s", r.Status, r.Raw)
	}
	if r := ed.do("PATCH", path, map[string]any{"name": "Slot Mover Bis", "status": "confirmed"}); r.Status != 200 {
		t.Fatalf("an edit that keeps the slot: %d %s", r.Status, r.Raw)
	}
}

func TestConsoleUncancelIntoARebookedSlotIsRefused(t *testing.T) {
	srv := newConsoleServer(t)
	mod := signIn(t, srv.URL, "moderator")
	first := book(t, srv.URL, map[string]any{"name": "First Holder", "phone": "0672000001", "date": "2027-01-05", "time": "09:00"})
	path := "/api/admin/appointments/" + first["id"].(string)
	if r := mod.do("PATCH", path, map[string]any{"status": "cancelled"}); r.Status != 200 {
		t.Fatalf("cancel: %d %s", r.Status, r.Raw)
	}
	book(t, srv.URL, map[string]any{"name": "Second Holder", "phone": "0672000002", "date": "2027-01-05", "time": "09:00"})

	back := mod.do("PATCH", path, map[string]any{"status": "pending"})
	if back.Status != 409 || errorCode(back) != "slot_taken" || len(alternatives(back)) == 0 {
		t.Fatalf("un-cancel into the re-booked slot: %d %s", back.Status, back.Raw)
	}
	bulk := mod.do("POST", "/api/admin/appointments/bulk", map[string]any{"ids": []string{first["id"].(string)},
		"action": "status", "status": "confirmed"})
	if bulk.Status != 409 || errorCode(bulk) != "slot_taken" {
		t.Fatalf("bulk un-cancel into the re-booked slot: %d %s", bulk.Status, bulk.Raw)
	}
	if n := holders(t, "2027-01-05", "09:00"); n != 1 {
		t.Fatalf("the slot has %d holders at capacity 1", n)
	}
	if h := historyRows(t, first["id"].(string)); len(h) != 1 {
		t.Fatalf("a refused change wrote history: %v", h)
	}
}

func TestConsoleBulkStatusIsAllOrNothing(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	id := func(a map[string]any) string { return a["id"].(string) }
	x := book(t, srv.URL, map[string]any{"name": "Bulk Ex", "phone": "0673000001", "date": "2027-01-06", "time": "09:00"})
	y := book(t, srv.URL, map[string]any{"name": "Bulk Why", "phone": "0673000002", "date": "2027-01-06", "time": "10:00"})
	p := book(t, srv.URL, map[string]any{"name": "Bulk Pe", "phone": "0673000003", "date": "2027-01-06", "time": "11:00"})
	cancel := adm.do("POST", "/api/admin/appointments/bulk", map[string]any{"ids": []string{id(x), id(y), id(p)},
		"action": "status", "status": "cancelled"})
	if cancel.Status != 200 || cancel.Body["count"] != float64(3) {
		t.Fatalf("bulk cancel: %d %s", cancel.Status, cancel.Raw)
	}
	book(t, srv.URL, map[string]any{"name": "Bulk Zed", "phone": "0673000004", "date": "2027-01-06", "time": "09:00"})
	// q is booked into p's freed slot and cancelled too: p and q cannot both come back.
	q := book(t, srv.URL, map[string]any{"name": "Bulk Cue", "phone": "0673000005", "date": "2027-01-06", "time": "11:00"})
	if r := adm.do("PATCH", "/api/admin/appointments/"+id(q), map[string]any{"status": "cancelled"}); r.Status != 200 {
		t.Fatalf("cancel q: %s", r.Raw)
	}

	r := adm.do("POST", "/api/admin/appointments/bulk?lang=en", map[string]any{"ids": []string{id(x), id(y), id(p), id(q)},
		"action": "status", "status": "confirmed"})
	fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
	if r.Status != 409 || errorCode(r) != "slot_taken" || errorMessage(r) != booking.Text("en", "slots_refused") ||
		len(fields) != 3 || fields[id(x)] == nil || fields[id(p)] == nil || fields[id(q)] == nil {
		t.Fatalf("bulk into full slots: %d %s", r.Status, r.Raw)
	}
	var cancelled int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM appointments WHERE id = ANY($1::uuid[]) AND status = 'cancelled'`,
		[]string{id(x), id(y), id(p), id(q)}).Scan(&cancelled); err != nil || cancelled != 4 {
		t.Fatalf("a refused bulk changed %d rows (%v)", 4-cancelled, err)
	}
	for _, slot := range []string{"09:00", "11:00"} {
		if n := holders(t, "2027-01-06", slot); n > 1 {
			t.Fatalf("%s has %d holders", slot, n)
		}
	}
	ok := adm.do("POST", "/api/admin/appointments/bulk", map[string]any{"ids": []string{id(y), id(p)},
		"action": "status", "status": "confirmed"})
	if ok.Status != 200 || ok.Body["count"] != float64(2) {
		t.Fatalf("bulk into free slots: %d %s", ok.Status, ok.Raw)
	}
}

func TestConsoleNewClientIsCreatedOnlyWithTheBooking(t *testing.T) {
	srv := newConsoleServer(t)
	mod := signIn(t, srv.URL, "moderator")
	book(t, srv.URL, map[string]any{"name": "Early Bird", "phone": "0674000001", "date": "2027-01-07", "time": "10:00"})
	clients := func() int {
		var n int
		if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM clients WHERE numero_1 = '0674000002'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	body := map[string]any{"date": "2027-01-07", "time": "10:00", "client": map[string]any{"nom": "Dupont",
		"prenom": "Marie Claire", "numero_1": "0674000002", "numero_2": "0674000003", "siteweb": "https://dupont.dz"}}
	for range 2 {
		r := mod.do("POST", "/api/admin/appointments", body, "Idempotency-Key", "console-new-client-1")
		if r.Status != 409 || errorCode(r) != "slot_taken" {
			t.Fatalf("booking a full slot: %d %s", r.Status, r.Raw)
		}
		if n := clients(); n != 0 {
			t.Fatalf("a refused booking left %d clients behind", n)
		}
	}
	body["time"] = "11:00"
	first := mod.do("POST", "/api/admin/appointments", body, "Idempotency-Key", "console-new-client-1")
	if first.Status != 201 {
		t.Fatalf("booking a free slot: %d %s", first.Status, first.Raw)
	}
	cl := first.Body["client"].(map[string]any)
	ap := first.Body["appointment"].(map[string]any)
	if cl["prenom"] != "Marie Claire" || cl["nom"] != "Dupont" || cl["numero_2"] != "0674000003" ||
		cl["siteweb"] != "https://dupont.dz" || ap["client_id"] != cl["id"] || ap["name"] != "Marie Claire Dupont" {
		t.Fatalf("the new client: %s", first.Raw)
	}
	again := mod.do("POST", "/api/admin/appointments", body, "Idempotency-Key", "console-new-client-1")
	if again.Status != 201 || again.Header.Get("Idempotent-Replayed") != "true" ||
		again.Body["appointment"].(map[string]any)["id"] != ap["id"] {
		t.Fatalf("a retry with the same key: %d %s", again.Status, again.Raw)
	}
	var appts int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM appointments WHERE idempotency_key = 'console-new-client-1'`).
		Scan(&appts); err != nil || appts != 1 || clients() != 1 {
		t.Fatalf("%d appointments and %d clients after the retries (%v)", appts, clients(), err)
	}
}
