package api_test

import "testing"

func TestOpsSeriesForAdmins(t *testing.T) {
	srv := newConsoleServer(t)
	s := signIn(t, srv.URL, "admin")
	for _, w := range []string{"1h", "24h", "7d"} {
		r := s.do("GET", "/api/admin/ops?window="+w, nil)
		if r.Status != 200 || r.Body["window"] != w || len(r.Body["points"].([]any)) == 0 {
			t.Fatalf("window %s: %d %s", w, r.Status, r.Raw)
		}
	}
	if bad := s.do("GET", "/api/admin/ops?window=2d", nil); bad.Status != 400 || errorCode(bad) != "validation" {
		t.Fatalf("bad window: %d %s", bad.Status, bad.Raw)
	}
}
