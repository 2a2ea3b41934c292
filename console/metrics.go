package console

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var (
	signIns = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "console", Name: "sign_ins_total",
		Help: "Console sign-in attempts, by outcome (success, invalid, throttled).",
	}, []string{"outcome"})
	passwordChecks = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "console", Name: "password_checks_total",
		Help: "argon2id password verifications. Every sign-in with a password makes one, the e-mail known or not.",
	})

	// SSEClients counts the console streams open on this replica.
	SSEClients = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Name: "sse_clients",
		Help: "Console live-event streams open on this replica.",
	})
	// SSEDropped counts events not delivered to a stream that could not keep up.
	SSEDropped = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Name: "sse_events_dropped_total",
		Help: "Live events dropped for a console stream that could not keep up.",
	})
)
