package api_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestAServiceIsFoundWhateverTheLanguageItWasBookedIn: the same service booked in English,
// French and Arabic is stored once by its slug, so the console's filter (by slug, or by a
// name in any language) finds every booking of it, the dashboard shows one bar for it,
// and the export names it in the reader's language.
func TestAServiceIsFoundWhateverTheLanguageItWasBookedIn(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	for i, b := range []struct{ lang, service string }{
		{"en", "Photo and video shooting"}, {"fr", "Shooting photo et vidéo"}, {"ar", "التصوير الفوتوغرافي والفيديو"},
	} {
		r := do(t, "POST", srv.URL+"/api/appointments?lang="+b.lang, map[string]any{"name": "Louisa Identite",
			"phone": "0661 22 33 4" + string(rune('0'+i)), "service": b.service})
		if r.Status != 201 || r.Body["service"] != "shooting-photo-video" {
			t.Fatalf("book in %s: %d %s", b.lang, r.Status, r.Raw)
		}
	}
	for _, filter := range []string{"shooting-photo-video", "Shooting photo et vidéo", "Photo and video shooting"} {
		r := adm.do("GET", "/api/admin/appointments?q=Identite&service="+url.QueryEscape(filter), nil)
		if r.Status != 200 || r.Body["total"] != float64(3) {
			t.Errorf("filter %q: %d %s", filter, r.Status, r.Raw)
		}
	}
	d := adm.do("GET", "/api/admin/dashboard", nil)
	bars := 0
	for _, s := range d.Body["by_service"].([]any) {
		switch s.(map[string]any)["service"] {
		case "shooting-photo-video":
			bars++
		case "Shooting photo et vidéo", "Photo and video shooting":
			t.Errorf("a bar by name: %v", s)
		}
	}
	if bars != 1 {
		t.Errorf("%d bars for the shoot, want one: %s", bars, d.Raw)
	}
	csv := adm.do("GET", "/api/admin/appointments/export.csv?q=Identite&lang=en", nil)
	if csv.Status != 200 || strings.Count(string(csv.Raw), "Photo and video shooting") != 3 || strings.Contains(string(csv.Raw), "shooting-photo-video") {
		t.Errorf("export in English:\n%s", csv.Raw)
	}
}
