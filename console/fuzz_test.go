package console

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// FuzzSafeCell checks the CSV export's cell escaping: no cell starts with a character a
// spreadsheet would run as a formula, the value is kept whole behind at most one
// apostrophe, and the row reads back from the CSV exactly as written.
func FuzzSafeCell(f *testing.F) {
	for _, s := range []string{"=HYPERLINK(\"http://evil\",\"x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx", "\rx",
		"<script>alert(1)</script>", "Amel, \"la\" cliente", "ligne\nsuivante", "", "'déjà", "نور", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := SafeCell(s)
		if got != s && got != "'"+s {
			t.Fatalf("SafeCell(%q) = %q: the value changed", s, got)
		}
		if got != "" && strings.ContainsRune("=+-@\t\r", rune(got[0])) {
			t.Fatalf("SafeCell(%q) = %q starts a formula", s, got)
		}
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.Write([]string{got, "fin"}); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil || len(rows) != 1 || len(rows[0]) != 2 {
			t.Fatalf("%q: the row reads back as %q (%v)", got, rows, err)
		}
		// encoding/csv reads a quoted \r\n as \n, as spreadsheets do.
		if want := strings.ReplaceAll(got, "\r\n", "\n"); rows[0][0] != want || rows[0][1] != "fin" {
			t.Fatalf("%q reads back as %q", got, rows[0])
		}
	})
}
