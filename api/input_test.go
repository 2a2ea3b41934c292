package api_test

import "testing"

// TestURLWithNULOrInvalidUTF8 checks that a path or query parameter PostgreSQL cannot
// store is refused as bad input, not sent to the database to fail as a 500.
func TestURLWithNULOrInvalidUTF8(t *testing.T) {
	srv := newServer(t)
	for _, tc := range []struct {
		path   string
		status int
		code   string
	}{
		{"/api/services/%00", 404, "not_found"},
		{"/api/services/web%ff/projects", 404, "not_found"},
		{"/api/projects?category=%00", 400, "validation"},
		{"/api/projects?category=caf%c3", 400, "validation"},
		{"/api/slots?date=%ff", 400, "validation"},
		{"/api/services?%ff=1", 400, "validation"},
		{"/api/projects?category=caf%C3%A9", 200, ""},
	} {
		r := do(t, "GET", srv.URL+tc.path, nil)
		if r.Status != tc.status || errorCode(r) != tc.code {
			t.Errorf("%s: %d %s, want %d %q", tc.path, r.Status, r.Raw, tc.status, tc.code)
		}
	}
}
