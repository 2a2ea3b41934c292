package main

import (
	"math/bits"
	"time"
)

// hist is a log-linear latency histogram in the manner of HdrHistogram: values below
// 128 µs are counted exactly, larger ones in buckets 1/64 of their power of two wide, so
// every recorded latency is reported within 1.6 % of its true value. It is not safe for
// concurrent use; each worker records into its own and the results are merged.
type hist struct {
	counts [64 * 64]uint64
	n      uint64
	max    uint64
}

const subBuckets = 64

// bucketOf maps a value in microseconds to its bucket.
func bucketOf(v uint64) int {
	if v < 2*subBuckets {
		return int(v)
	}
	e := bits.Len64(v) - 7 // v>>e lies in [64, 128)
	return subBuckets*e + int(v>>e)
}

// highestOf is the largest value that falls in bucket i.
func highestOf(i int) uint64 {
	if i < 2*subBuckets {
		return uint64(i)
	}
	e := i/subBuckets - 1
	s := uint64(i - subBuckets*e)
	return (s+1)<<e - 1
}

// record adds one latency.
func (h *hist) record(d time.Duration) {
	v := uint64(max(d.Microseconds(), 0))
	h.counts[bucketOf(v)]++
	h.n++
	h.max = max(h.max, v)
}

// merge adds every value of o.
func (h *hist) merge(o *hist) {
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.n += o.n
	h.max = max(h.max, o.max)
}

// count is how many values were recorded.
func (h *hist) count() uint64 { return h.n }

// quantile returns the latency at or below which the fraction q of values lie, as the
// highest value equivalent to its bucket (never below the true value).
func (h *hist) quantile(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	rank := uint64(q*float64(h.n) + 0.5)
	rank = min(max(rank, 1), h.n)
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= rank {
			return time.Duration(min(highestOf(i), h.max)) * time.Microsecond
		}
	}
	return time.Duration(h.max) * time.Microsecond
}

// ms is a duration in milliseconds, for the report.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
