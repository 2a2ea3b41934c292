package gemini

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var (
	aiRequests = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "ai", Name: "requests_total",
		Help: "Gemini requests by outcome (ok, error, timeout, rate_limited, empty, share (a visitor over their share), budget, queue_full).",
	}, []string{"outcome"})
	aiDuration = promauto.NewHistogram(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "ai", Name: "request_duration_seconds",
		Help:    "Latency of Gemini calls.",
		Buckets: []float64{.1, .25, .5, 1, 2, 3, 5, 8, 12, 15, 30},
	})
	aiUp = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "ai", Name: "up",
		Help: "1 when the startup connection test to Gemini passed, 0 when it failed.",
	})
)
