package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
)

// securityFields reads a security.txt body into its fields, each with every value given.
func securityFields(t *testing.T, body string) map[string][]string {
	t.Helper()
	fields := map[string][]string{}
	for _, line := range strings.Split(body, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("security.txt: a line that is no field: %q", line)
		}
		fields[name] = append(fields[name], value)
	}
	return fields
}

// TestSecurityTxt holds /.well-known/security.txt to RFC 9116: text/plain in UTF-8, a
// Contact (the settings' contact e-mail) and one Expires in the
// future and under a year away, the languages the agency reads, and its own address.
func TestSecurityTxt(t *testing.T) {
	var core *booking.Core
	srv := newServer(t, func(d *api.Deps) { core = d.Booking })
	read := func() map[string][]string {
		t.Helper()
		res := do(t, "GET", srv.URL+"/.well-known/security.txt", nil)
		if res.Status != 200 || res.Header.Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Fatalf("security.txt: %d %s\n%s", res.Status, res.Header.Get("Content-Type"), res.Raw)
		}
		return securityFields(t, string(res.Raw))
	}

	seeded, err := core.Settings(context.Background())
	if err != nil || seeded.ContactEmail == "" {
		t.Fatalf("the seed names no contact e-mail: %+v %v", seeded, err)
	}
	f := read()
	if got := f["Contact"]; len(got) != 1 || got[0] != "mailto:"+seeded.ContactEmail {
		t.Errorf("Contact %q, want the agency's address as the seed set it", got)
	}
	if got := f["Expires"]; len(got) != 1 {
		t.Errorf("Expires %q, want one", got)
	} else if at, err := time.Parse(time.RFC3339, got[0]); err != nil || !at.After(time.Now().Add(30*24*time.Hour)) ||
		at.After(time.Now().AddDate(1, 0, 0)) {
		t.Errorf("Expires %q (%v): want a date of RFC 3339 more than a month and less than a year away", got[0], err)
	}
	if got := f["Preferred-Languages"]; len(got) != 1 || got[0] != "fr, en, ar" {
		t.Errorf("Preferred-Languages %q", got)
	}
	if got := f["Canonical"]; len(got) != 1 || got[0] != publicURL+"/.well-known/security.txt" {
		t.Errorf("Canonical %q, want the address under DOTA_PUBLIC_URL", got)
	}

	ctx := context.Background()
	before := seeded
	t.Cleanup(func() {
		if _, err := core.SaveSettings(ctx, before); err != nil {
			t.Error(err)
		}
	})
	st := before
	st.ContactEmail = "securite@agence.example"
	if _, err := core.SaveSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
	if got := read()["Contact"]; len(got) != 1 || got[0] != "mailto:securite@agence.example" {
		t.Errorf("Contact %q, want the settings' contact e-mail", got)
	}
}
