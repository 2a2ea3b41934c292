package reader

import (
	"testing"
	"time"
)

// Darija says yes and no in Arabic letters as it does in Latin ones: "sahit" and "صحيت",
// "haka" and "هكا" (that's it), "machi haka" and "ماشي هكا".
func TestDarijaYesInBothScripts(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	for in, want := range map[string]bool{
		"صحيت، هكا": true, "sahit, haka": true, "ايوا هكاك": true, "iwa hakka": true, "هذا صحيح": true,
		"نعم، كل شيء صحيح": true, "صحيتو": true,
		"ماشي هكا": false, "machi haka": false, "غالط": false, "الإيمايل غالط": false, "هكا، بصح نهار الخميس": false,
	} {
		if got := PlainYes(Words(in), ParseWhen(in, now, false)); got != want {
			t.Errorf("PlainYes(%q) = %v, want %v", in, got, want)
		}
	}
}
