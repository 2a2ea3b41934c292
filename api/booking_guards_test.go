package api_test

import (
	"strings"
	"testing"
)

// TestFormKeyReusedWithAnotherBodyIsAConflict: an Idempotency-Key that booked one
// person's request answers another request with a conflict in the visitor's language,
// never with the first person's booking; the first request's retry still gets its own.
func TestFormKeyReusedWithAnotherBodyIsAConflict(t *testing.T) {
	srv := newServer(t)
	first := map[string]any{"name": "Samia Haddad", "phone": "0770 41 22 33", "email": "samia.h@example.dz",
		"date": "2026-12-14", "time": "09:00"}
	booked := do(t, "POST", srv.URL+"/api/appointments", first, "Idempotency-Key", "form-shared-key")
	if booked.Status != 201 {
		t.Fatalf("book: %d %s", booked.Status, booked.Raw)
	}
	other := map[string]any{"name": "Yacine Mansouri", "phone": "0661 77 88 99", "email": "yacine@example.dz",
		"date": "2026-12-15", "time": "10:00"}
	r := do(t, "POST", srv.URL+"/api/appointments?lang=en", other, "Idempotency-Key", "form-shared-key")
	if r.Status != 409 || errorCode(r) != "conflict" {
		t.Fatalf("another body with the key: %d %s", r.Status, r.Raw)
	}
	for _, leaked := range []string{"Samia", "samia.h@example.dz", "0770 41 22 33", booked.Body["id"].(string)} {
		if strings.Contains(string(r.Raw), leaked) {
			t.Fatalf("the answer leaks the first booking's %q: %s", leaked, r.Raw)
		}
	}
	if msg := r.Body["error"].(map[string]any)["message"]; msg != "This idempotency key was already used for another booking request. Send yours with a new key." {
		t.Fatalf("message %q", msg)
	}
	fr := do(t, "POST", srv.URL+"/api/appointments", other, "Idempotency-Key", "form-shared-key")
	if msg, _ := fr.Body["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "clé d'idempotence") {
		t.Fatalf("French message %q", msg)
	}
	again := do(t, "POST", srv.URL+"/api/appointments", first, "Idempotency-Key", "form-shared-key")
	if again.Status != 201 || again.Body["id"] != booked.Body["id"] || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("the first request's retry: %d %s", again.Status, again.Raw)
	}
}

// TestFormMatchesOneClientHoweverThePhoneIsTyped: the form's bookings of one number typed
// four ways are one client's; a number without digits is refused with the phone's message.
func TestFormMatchesOneClientHoweverThePhoneIsTyped(t *testing.T) {
	srv := newServer(t)
	clients := map[any]bool{}
	for _, phone := range []string{"0540 33 44 55", "0540-33-44-55", "0540334455", "+213 540 33 44 55"} {
		clients[book(t, srv.URL, map[string]any{"name": "Four Ways", "phone": phone})["client_id"]] = true
	}
	if len(clients) != 1 {
		t.Fatalf("one number typed four ways made %d clients", len(clients))
	}
	r := do(t, "POST", srv.URL+"/api/appointments?lang=fr", map[string]any{"name": "Plus Plus", "phone": "++++++++++"})
	e, _ := r.Body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	if r.Status != 400 || fields["phone"] != "Numéro de téléphone invalide (10-15 chiffres)" {
		t.Fatalf("++++++++++: %d %s", r.Status, r.Raw)
	}
}

// TestConsoleClientsNumbersMatchTheFormsBookings: a number staff type on a client, when
// created or changed, matches the form's bookings of that number however spelled.
func TestConsoleClientsNumbersMatchTheFormsBookings(t *testing.T) {
	srv := newConsoleServer(t)
	mod := signIn(t, srv.URL, "moderator")
	created := mod.do("POST", "/api/admin/clients", map[string]any{"nom": "Haddad", "prenom": "Rym", "numero_1": "0555 71 72 73"})
	if created.Status != 201 {
		t.Fatalf("create: %d %s", created.Status, created.Raw)
	}
	id := created.Body["client"].(map[string]any)["id"]
	if got := book(t, srv.URL, map[string]any{"name": "Rym Haddad", "phone": "+213 555 71 72 73"})["client_id"]; got != id {
		t.Fatalf("the form's booking went to client %v, want the console's %v", got, id)
	}
	if r := mod.do("PATCH", "/api/admin/clients/"+id.(string), map[string]any{"numero_2": "0661-71-72-73"}); r.Status != 200 {
		t.Fatalf("update: %d %s", r.Status, r.Raw)
	}
	if got := book(t, srv.URL, map[string]any{"name": "Rym Haddad", "phone": "0661717273"})["client_id"]; got != id {
		t.Fatalf("after a second number, the form's booking went to client %v, want %v", got, id)
	}
}
