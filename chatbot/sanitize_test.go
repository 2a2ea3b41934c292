package chatbot

import (
	"strings"
	"testing"
	"unicode/utf8"
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
	f.Fuzz(func(t *testing.T, s string) {
		out := Sanitize(s)
		switch {
		case !utf8.ValidString(out):
			t.Fatalf("invalid UTF-8 from %q", s)
		case utf8.RuneCountInString(out) > MaxInputRunes:
			t.Fatalf("%d runes from %q", utf8.RuneCountInString(out), s)
		case strings.ContainsAny(out, "<>"):
			t.Fatalf("angle bracket left in %q", out)
		case scriptProtocol.MatchString(out), eventHandler.MatchString(out):
			t.Fatalf("script text left in %q", out)
		case out != strings.TrimSpace(out):
			t.Fatalf("not trimmed: %q", out)
		}
		if Sanitize(out) != out {
			t.Fatalf("not idempotent: %q", out)
		}
	})
}
