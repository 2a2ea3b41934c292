package catalogue

import (
	"encoding/json"
	"testing"
)

func TestMoneyDefaultsToZero(t *testing.T) {
	cases := map[string]float64{`150000`: 150000, `"1500.5"`: 1500.5, `"12,75"`: 12.75, `"abc"`: 0, `null`: 0,
		`true`: 0, `-5`: 0, `"1e400"`: 0, `{}`: 0}
	for in, want := range cases {
		var m Money
		if err := json.Unmarshal([]byte(in), &m); err != nil || float64(m) != want {
			t.Errorf("%s: %v %v, want %v", in, float64(m), err, want)
		}
	}
}
