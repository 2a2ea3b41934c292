package reader

import (
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The patterns Sanitize removes, as regular expressions: the tests' oracle.
var (
	scriptProtocol = regexp.MustCompile(`(?i)(java|vb)script\s*:|data\s*:\s*text/html`)
	eventHandler   = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
)

func TestSanitize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  bonjour  ", "bonjour"},
		{"<script>alert(1)</script>", "scriptalert(1)/script"},
		{"javascript:alert(1)", "alert(1)"},
		{"JaVaScRiPt :alert(1)", "alert(1)"},
		{"javajavascript:script:x", "x"},
		{`<img src=x onerror=alert(1)>`, "img src=x alert(1)"},
		{"click onClick = go", "click  go"},
		{"mon=ok", "mon=ok"},
		{"   ", ""},
		{"<>", ""},
		{strings.Repeat("é", 1200), strings.Repeat("é", MaxInputRunes)},
		{"مرحبا <b>", "مرحبا b"},
		{"javavbscript:script:x", "x"},
		{"vbvbscript :script:y", "y"},
		{"datadata:text/html: TEXT/HTML<p>", "p"},
		{"a onjavascript:click = b", "a  b"},
		{"x2onload=1 _onload=2 é onload=3", "x2onload=1 _onload=2 é 3"},
		{"java\u017fcript:1 on\u212aey=2", "1 2"},
		{"on=1 onx=2", "on=1 2"},
	}
	for _, tt := range tests {
		if got := Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"bonjour", "<script>", "javascript:x", "a onload=b", "onclick=onclick==", "\x00\xff",
		strings.Repeat("x", 1001), "javasjavascript:cript:", "ononerror=error="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkSanitized(t, s, Sanitize(s)) })
}

// checkSanitized fails t when out, Sanitize's answer to s, breaks one of its promises.
func checkSanitized(t *testing.T, s, out string) {
	t.Helper()
	switch {
	case !utf8.ValidString(out):
		t.Fatalf("invalid UTF-8 from %.200q", s)
	case utf8.RuneCountInString(out) > MaxInputRunes:
		t.Fatalf("%d runes from %.200q", utf8.RuneCountInString(out), s)
	case strings.ContainsAny(out, "<>"):
		t.Fatalf("angle bracket left in %.200q", out)
	case scriptProtocol.MatchString(out), eventHandler.MatchString(out):
		t.Fatalf("script text left in %q", out)
	case out != strings.TrimSpace(out):
		t.Fatalf("not trimmed: %q", out)
	}
	if Sanitize(out) != out {
		t.Fatalf("not idempotent: %q", out)
	}
}

// FuzzSanitizeCost sends nested payloads, a prefix repeated k times around a pattern and
// a suffix repeated k times, the shape where removing one match makes the next: the
// result keeps every promise, and the time per byte stays small. The bound is generous,
// for a loaded machine and the race detector: the 22 KB seed once took seconds (a 36 KB
// one, 16 s), and now takes well under a millisecond.
func FuzzSanitizeCost(f *testing.F) {
	const (
		maxPayload = 64 << 10
		perByte    = time.Microsecond
		slack      = 200 * time.Millisecond
	)
	f.Add("java", "javascript:", "script:", uint16(2000))
	f.Add("vb", "vbscript:", " script :", uint16(2000))
	f.Add("data", "data:text/html", ":text/html", uint16(1300))
	f.Add(" onx", "javascript:", " =", uint16(3000))
	f.Add("jav", "on", "ascript:", uint16(100))
	f.Fuzz(func(t *testing.T, prefix, core, suffix string, k uint16) {
		if unit := len(prefix) + len(suffix); unit > 0 {
			k = uint16(int(k) % (maxPayload/unit + 1))
		}
		payload := strings.Repeat(prefix, int(k)) + core + strings.Repeat(suffix, int(k))
		var (
			out  string
			took time.Duration
		)
		// The fastest of three runs, so that a pause of the machine is not counted.
		for try := 0; try < 3; try++ {
			start := time.Now()
			out = Sanitize(payload)
			if d := time.Since(start); try == 0 || d < took {
				took = d
			}
			if took <= slack {
				break
			}
		}
		if limit := slack + time.Duration(len(payload))*perByte; took > limit {
			t.Fatalf("%d bytes took %v (%v a byte), over %v", len(payload), took, took/time.Duration(max(1, len(payload))), limit)
		}
		checkSanitized(t, payload, out)
	})
}
