package console

import (
	"encoding/json"
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

func TestMoneyDefaultsToZero(t *testing.T) {
	t.Parallel()
	cases := map[string]float64{`150000`: 150000, `"1500.5"`: 1500.5, `"12,75"`: 12.75, `"abc"`: 0, `null`: 0,
		`true`: 0, `-5`: 0, `"1e400"`: 0, `{}`: 0}
	for in, want := range cases {
		var m Money
		if err := json.Unmarshal([]byte(in), &m); err != nil || float64(m) != want {
			t.Errorf("%s: %v %v, want %v", in, float64(m), err, want)
		}
	}
}
