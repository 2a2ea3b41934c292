package main

import (
	"testing"
)

func TestParseBench(t *testing.T) {
	out := []byte(`goos: linux
pkg: github.com/dota-agency/dota/chatbot
BenchmarkReadMessage/ar-2         	     200	    212399 ns/op	   36096 B/op	     285 allocs/op
BenchmarkReadMessage/fr-2         	     200	    156294.5 ns/op
BenchmarkReadMessage/en         	     200	    124898 ns/op	   28553 B/op	     226 allocs/op
--- some log line ns/op
PASS
ok  	github.com/dota-agency/dota/chatbot	0.513s
`)
	got := parseBench(out)
	want := []benchLine{
		{sub: "ar", nsOp: 212399, bytes: 36096, allocs: 285},
		{sub: "fr", nsOp: 156294.5, bytes: -1, allocs: -1},
		{sub: "en", nsOp: 124898, bytes: 28553, allocs: 226},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d lines, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		in   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := median(nil); got == got {
		t.Errorf("median(nil) = %v, want NaN", got)
	}
}
