package main

import (
	"testing"
	"time"
)

func TestBucketsRoundTrip(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 129, 255, 256, 1000, 12345, 1 << 20, 1<<40 + 17} {
		i := bucketOf(v)
		hi := highestOf(i)
		if hi < v {
			t.Errorf("value %d: bucket %d highest %d is below it", v, i, hi)
		}
		if v >= 128 && float64(hi-v) > float64(v)/64 {
			t.Errorf("value %d: bucket %d highest %d is more than 1/64 above", v, i, hi)
		}
		if i > 0 && highestOf(i-1) >= v {
			t.Errorf("value %d: previous bucket %d already reaches %d", v, i-1, highestOf(i-1))
		}
	}
}

func TestQuantiles(t *testing.T) {
	tests := []struct {
		name   string
		values []time.Duration
		q      float64
		want   time.Duration
		slack  time.Duration
	}{
		{"empty", nil, 0.99, 0, 0},
		{"one", []time.Duration{3 * time.Millisecond}, 0.5, 3 * time.Millisecond, 0},
		{"median of 1..100 ms", spread(100, time.Millisecond), 0.5, 50 * time.Millisecond, time.Millisecond},
		{"p99 of 1..100 ms", spread(100, time.Millisecond), 0.99, 99 * time.Millisecond, 2 * time.Millisecond},
		{"max is exact", spread(10, 7*time.Microsecond), 1, 70 * time.Microsecond, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h hist
			for _, v := range tt.values {
				h.record(v)
			}
			got := h.quantile(tt.q)
			if got < tt.want || got > tt.want+tt.slack {
				t.Errorf("quantile(%v) = %v, want %v (+%v)", tt.q, got, tt.want, tt.slack)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	var a, b hist
	a.record(time.Millisecond)
	b.record(5 * time.Millisecond)
	b.record(9 * time.Millisecond)
	a.merge(&b)
	if a.count() != 3 || a.quantile(1) != 9*time.Millisecond {
		t.Fatalf("merged count %d max %v", a.count(), a.quantile(1))
	}
}

func spread(n int, step time.Duration) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(i+1) * step
	}
	return out
}
