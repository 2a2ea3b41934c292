package api_test

import (
	"strings"
	"testing"
)

func TestServicesSayTheirMeetingModes(t *testing.T) {
	srv := newServer(t)
	r := do(t, "GET", srv.URL+"/api/services/consultation?lang=en", nil)
	modes, _ := r.Body["modes"].([]any)
	if r.Status != 200 || len(modes) != 3 || r.Body["default_mode"] != "office" {
		t.Fatalf("consultation: %d modes %v default %v", r.Status, r.Body["modes"], r.Body["default_mode"])
	}
	r = do(t, "GET", srv.URL+"/api/services?lang=en", nil)
	for _, it := range r.Body["items"].([]any) {
		s := it.(map[string]any)
		if m, _ := s["modes"].([]any); len(m) == 0 || s["default_mode"] == nil {
			t.Errorf("%v: modes %v default %v", s["slug"], s["modes"], s["default_mode"])
		}
	}
}

func TestTheFormBooksAMeetingModeAndStaffChangeIt(t *testing.T) {
	srv := newConsoleServer(t)
	video := book(t, srv.URL, map[string]any{"name": "Nadia Video", "phone": "0661000201", "service": "consultation",
		"mode": "video", "date": "2027-01-12", "time": "09:00"})
	link, _ := video["meeting_url"].(string)
	if video["mode"] != "video" || !strings.HasPrefix(link, "https://meet.jit.si/dota-") {
		t.Fatalf("booked by video: %v %q", video["mode"], link)
	}
	office := book(t, srv.URL, map[string]any{"name": "Nadia Office", "phone": "0661000202", "service": "consultation",
		"date": "2027-01-12", "time": "10:00"})
	if office["mode"] != "office" || office["meeting_url"] != "" {
		t.Fatalf("booked without a mode: %v %q", office["mode"], office["meeting_url"])
	}
	refused := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Nadia Refused",
		"phone": "0661000203", "service": "developpement-web", "mode": "video", "date": "2027-01-12", "time": "11:00"})
	fields, _ := refused.Body["error"].(map[string]any)["fields"].(map[string]any)
	if refused.Status != 400 || errorCode(refused) != "validation" || fields["mode"] == nil {
		t.Fatalf("a mode the service does not offer: %d %s", refused.Status, refused.Raw)
	}

	mod := signIn(t, srv.URL, "moderator")
	id := office["id"].(string)
	r := mod.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"mode": "video"})
	ap, _ := r.Body["appointment"].(map[string]any)
	if r.Status != 200 || ap["mode"] != "video" || !strings.HasPrefix(ap["meeting_url"].(string), "https://meet.jit.si/") {
		t.Fatalf("to video: %d %s", r.Status, r.Raw)
	}
	detail := mod.do("GET", "/api/admin/appointments/"+id, nil)
	if detail.Body["mode"] != "video" || detail.Body["meeting_url"] != ap["meeting_url"] {
		t.Fatalf("detail: %s", detail.Raw)
	}
	if r := mod.do("PATCH", "/api/admin/appointments/"+id, map[string]any{"mode": "fax"}); r.Status != 400 ||
		errorCode(r) != "validation" {
		t.Fatalf("an unknown mode: %d %s", r.Status, r.Raw)
	}
}

func TestAdministratorsSayHowAServiceMeets(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	t.Cleanup(func() {
		adm.do("PUT", "/api/admin/services/formation/modes", map[string]any{"modes": []string{"office"}, "default_mode": "office"})
	})
	r := adm.do("PUT", "/api/admin/services/formation/modes?lang=en", map[string]any{
		"modes": []string{"video", "office", "video"}, "default_mode": "video"})
	svc, _ := r.Body["service"].(map[string]any)
	if r.Status != 200 || r.Body["message"] != "Meeting modes saved" || svc["default_mode"] != "video" ||
		len(svc["modes"].([]any)) != 2 || svc["modes"].([]any)[0] != "office" {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	pub := do(t, "GET", srv.URL+"/api/services/formation", nil)
	if pub.Body["default_mode"] != "video" || len(pub.Body["modes"].([]any)) != 2 {
		t.Fatalf("the public catalogue: %s", pub.Raw)
	}
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"modes": []string{}, "default_mode": "office"}, "modes"},
		{map[string]any{"modes": []string{"office", "fax"}, "default_mode": "office"}, "modes"},
		{map[string]any{"modes": []string{"office", "phone"}, "default_mode": "video"}, "default_mode"},
	} {
		r := adm.do("PUT", "/api/admin/services/formation/modes", c.body)
		fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != 400 || errorCode(r) != "validation" || fields[c.field] == nil {
			t.Errorf("%v: %d %s", c.body, r.Status, r.Raw)
		}
	}
	if r := adm.do("PUT", "/api/admin/services/nothing-here/modes", map[string]any{"modes": []string{"office"},
		"default_mode": "office"}); r.Status != 404 {
		t.Fatalf("an unknown service: %d %s", r.Status, r.Raw)
	}
	mod := signIn(t, srv.URL, "moderator")
	if r := mod.do("PUT", "/api/admin/services/formation/modes", map[string]any{"modes": []string{"office"},
		"default_mode": "office"}); r.Status != 403 {
		t.Fatalf("a moderator: %d %s", r.Status, r.Raw)
	}
}
