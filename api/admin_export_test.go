package api_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

func TestCSVExportIsUTF8WithBOMAndSafe(t *testing.T) {
	srv := newConsoleServer(t)
	arabic := book(t, srv.URL, map[string]any{"name": "سامية حداد", "phone": "0664000001", "message": "موعد، من فضلك \"عاجل\""})
	evil := book(t, srv.URL, map[string]any{"name": "Evil Name", "phone": "0664000002", "message": "=HYPERLINK(\"http://x\")"})
	if _, err := pool.Exec(t.Context(), `UPDATE appointments SET name = '=HYPERLINK("http://evil.example","x")' WHERE id = $1`, evil["id"]); err != nil {
		t.Fatal(err)
	}
	ed := signIn(t, srv.URL, "editor")
	r := ed.do("GET", "/api/admin/appointments/export.csv?ids="+arabic["id"].(string)+","+evil["id"].(string), nil)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s", r.Status, r.Raw)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="appointments_2026-11-22.csv"`) {
		t.Fatalf("Content-Disposition %q", cd)
	}
	if !bytes.HasPrefix(r.Raw, []byte{0xEF, 0xBB, 0xBF}) {
		t.Fatal("no UTF-8 byte-order mark")
	}
	recs, err := csv.NewReader(bytes.NewReader(r.Raw[3:])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(recs[0], ",") != "Name,Email,Phone,Service,Date,Time,Message,Status,Created At,"+
		"Traffic Source,Campaign,First Touch,Last Touch,Answers" || len(recs) != 3 {
		t.Fatalf("records: %v", recs)
	}
	byName := map[string][]string{}
	for _, rec := range recs[1:] {
		byName[rec[0]] = rec
	}
	if rec := byName["سامية حداد"]; rec == nil || rec[6] != "موعد، من فضلك \"عاجل\"" || rec[7] != "pending" {
		t.Fatalf("Arabic row: %v", recs)
	}
	rec := byName[`'=HYPERLINK("http://evil.example","x")`]
	if rec == nil || rec[6] != `'=HYPERLINK("http://x")` {
		t.Fatalf("formula not neutralized: %v", recs)
	}
	if bad := ed.do("GET", "/api/admin/appointments/export.csv?status=nope", nil); bad.Status != 400 || errorCode(bad) != "validation" {
		t.Fatalf("bad filter: %d %s", bad.Status, bad.Raw)
	}
}
