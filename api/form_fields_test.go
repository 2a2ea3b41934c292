package api_test

import (
	"testing"
)

// The form's name and service reach the customer's mailbox (the To line, the greeting,
// the subject and the calendar file), sent from the agency's own address: the name must
// be a person's name, by the chat's rule, and the service one of the catalogue's, stored
// as the catalogue writes it.
func TestTheFormTakesAPersonsNameAndACatalogueService(t *testing.T) {
	srv := newServer(t)
	fields := func(r response) map[string]any {
		e, _ := r.Body["error"].(map[string]any)
		f, _ := e["fields"].(map[string]any)
		return f
	}
	lure := "client: URGENT payez 5000 DZD sur https://evil.example/pay"
	for _, c := range []struct {
		name, lang, field, name2, service, want string
	}{
		{"the name of a lure", "en", "name", lure, "", "The name may only contain letters, spaces, hyphens and apostrophes"},
		{"the name of a lure, in French", "fr", "name", lure, "", "Le nom ne peut contenir que des lettres, espaces, tirets et apostrophes"},
		{"a service off the catalogue", "en", "service", "Samia Haddad", lure, "Choose one of the services on the list."},
		{"a service off the catalogue, in Arabic", "ar", "service", "Samia Haddad", "Plomberie", "اختر إحدى الخدمات من القائمة."},
	} {
		r := do(t, "POST", srv.URL+"/api/appointments?lang="+c.lang, map[string]any{"name": c.name2,
			"phone": "0770 11 22 44", "email": "samia@example.dz", "service": c.service})
		if r.Status != 400 || errorCode(r) != "validation" || fields(r)[c.field] != c.want {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Raw)
		}
	}

	// A catalogue service, named in any language or by its slug, is stored by its slug.
	for i, named := range []string{"Web Development", "  développement   WEB ", "developpement-web", "تطوير المواقع"} {
		r := do(t, "POST", srv.URL+"/api/appointments?lang=en", map[string]any{"name": "Samia Haddad",
			"phone": "0770 11 22 4" + string(rune('5'+i)), "service": named})
		if r.Status != 201 || r.Body["service"] != "developpement-web" {
			t.Errorf("service %q: %d %s", named, r.Status, r.Raw)
		}
	}
	// No service at all stays a general appointment.
	if r := do(t, "POST", srv.URL+"/api/appointments", map[string]any{"name": "Samia Haddad", "phone": "0770 11 22 49"}); r.Status != 201 || r.Body["service"] != "" {
		t.Errorf("no service: %d %s", r.Status, r.Raw)
	}
}
