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
	aiQueueDepth = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "ai", Name: "queue_depth",
		Help: "AI calls waiting ahead of the latest one in the shared queue.",
	})
	rateLimited = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "rate_limited_total",
		Help: "Chat requests refused by a rate limit, by scope (ip, session, stream).",
	}, []string{"scope"})
	cacheLookups = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "cache_lookups_total",
		Help: "Chat cache lookups, by cache (reply, catalogue) and result (hit, miss, stale).",
	}, []string{"cache", "result"})
	handoffsStarted = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "started_total",
		Help: "Conversations handed to staff, by reason (asked, failures, callback).",
	}, []string{"reason"})
	handoffsTaken = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "taken_total",
		Help: "Waiting conversations a staff member took.",
	})
	handoffsTimedOut = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "timed_out_total",
		Help: "Waiting conversations nobody took within the hand-off timeout: Dota took them back.",
	})
	handoffsReleased = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "released_total",
		Help: "Conversations staff handed back to Dota.",
	})
	handoffsTakenOver = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "taken_over_total",
		Help: "Conversations a staff member took over from another.",
	})
	handoffsStaffAway = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "staff_away_total",
		Help: "Conversations Dota took back from the staff member holding them, by reason (idle: silent for staff_idle_release_minutes; gone: account deactivated or deleted).",
	}, []string{"reason"})
	handoffFirstReply = promauto.NewHistogram(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "first_reply_seconds",
		Help:    "Time from a hand-off to the first staff answer.",
		Buckets: []float64{5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600},
	})
	handoffWaiting = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "waiting",
		Help: "Visitors waiting for a person now.",
	})
	handoffOldestWait = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "handoff", Name: "oldest_wait_seconds",
		Help: "How long the visitor who has waited longest for a person has waited.",
	})
	chatStreams = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "chat", Name: "streams",
		Help: "Visitors' event streams open on this replica.",
	})
)

func init() {
	// Every reason is exported from the start, so dashboards and alerts see zeros, not gaps.
	for _, r := range []string{ReasonAsked, ReasonFailures, ReasonCallback} {
		handoffsStarted.WithLabelValues(r)
	}
	for _, r := range []string{awayIdle, awayGone} {
		handoffsStaffAway.WithLabelValues(r)
	}
}
