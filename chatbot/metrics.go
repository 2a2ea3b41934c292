package chatbot

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var (
	chatMessages = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "messages_total",
		Help: "Bot answers to chat messages, by language and answer source (rule, ai, cache, fallback).",
	}, []string{"lang", "source"})
	flowTransitions = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "flow_transitions_total",
		Help: "Moves of the conversation from one step to another.",
	}, []string{"from", "to"})
	bookingsCompleted = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "bookings_completed_total",
		Help: "Appointments booked through the chat.",
	})
	bookingsAbandoned = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "bookings_abandoned_total",
		Help: "Booking flows cancelled or restarted by the visitor, by the step they were at.",
	}, []string{"step"})
	bookingFailures = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "booking_failures_total",
		Help: "Chat bookings that could not be saved, by reason (slot_taken, slot_closed, invalid, error).",
	}, []string{"reason"})
	aiRequests = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "ai", Name: "requests_total",
		Help: "Gemini requests by outcome (ok, error, timeout, rate_limited, empty, share (a visitor over their share), budget, queue_full).",
	}, []string{"outcome"})
	aiDuration = promauto.NewHistogram(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "ai", Name: "request_duration_seconds",
		Help:    "Latency of Gemini calls.",
		Buckets: []float64{.1, .25, .5, 1, 2, 3, 5, 8, 12, 15, 30},
	})
	aiQueueDepth = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "ai", Name: "queue_depth",
		Help: "AI calls waiting ahead of the latest one in the shared queue.",
	})
	aiUp = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "ai", Name: "up",
		Help: "1 when the startup connection test to Gemini passed, 0 when it failed.",
	})
	rateLimited = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "rate_limited_total",
		Help: "Chat requests refused by a rate limit, by scope (ip, session).",
	}, []string{"scope"})
	cacheLookups = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "cache_lookups_total",
		Help: "Chat cache lookups, by cache (reply, catalogue) and result (hit, miss, stale).",
	}, []string{"cache", "result"})
	transcriptErrors = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_errors_total",
		Help: "Chat messages that could not be stored in PostgreSQL.",
	})
)
