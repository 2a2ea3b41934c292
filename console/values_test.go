package console

import (
	"testing"
)

func TestSafeCell(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		`=HYPERLINK("http://x")`: `'=HYPERLINK("http://x")`,
		"+213 555":               "'+213 555",
		"-2+3":                   "'-2+3",
		"@SUM(A1)":               "'@SUM(A1)",
		"\tcmd":                  "'\tcmd",
		"\rcmd":                  "'\rcmd",
		"سامية":                  "سامية",
		"Samia = ok":             "Samia = ok",
		"":                       "",
	}
	for in, want := range cases {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}
