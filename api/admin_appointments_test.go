package api_test

import (
	"fmt"
	"testing"
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
	if len(p2.Body["items"].([]any)) != 2 {
		t.Fatalf("page 2: %s", p2.Raw)
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
