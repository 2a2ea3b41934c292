package transcript

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var (
	transcriptErrors = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_errors_total",
		Help: "Chat messages given up by the transcript writer: PostgreSQL refused their turn's data even alone.",
	})
	transcriptWriteFailures = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_write_failures_total",
		Help: "Failed attempts of the transcript writer (PostgreSQL or Redis out of reach, a lock, a time-out); the turns are tried again.",
	})
	transcriptBacklog = promauto.NewGauge(prometheus.GaugeOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_backlog",
		Help: "Turns waiting in the transcript's stream for the writer, as this replica last saw it.",
	})
	transcriptBacklogWaits = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_backlog_waits_total",
		Help: "Turns that found the transcript's backlog full, by outcome (taken once room came, refused).",
	}, []string{"outcome"})
	transcriptWrites = promauto.NewHistogram(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "chat", Name: "transcript_write_turns",
		Help:    "Turns stored by one write of the transcript writer.",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256},
	})
)

var transcriptsPurged = promauto.NewCounter(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "chat_transcripts_purged_total",
	Help:      "Transcripts of conversations that booked nothing, deleted after the retention period.",
})

func init() {
	// Every outcome is exported from the start, so dashboards and alerts see zeros, not gaps.
	for _, o := range []string{"taken", "refused"} {
		transcriptBacklogWaits.WithLabelValues(o)
	}
}
