package alerts

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var alertsTotal = promauto.NewCounterVec(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "staff_alerts_total",
	Help:      "Alerts to staff by event, channel and outcome: sent, failed, skipped, or retried after a failed attempt.",
}, []string{"event", "channel", "outcome"})

var subscriptionsGone = promauto.NewCounter(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "staff_push_subscriptions_gone_total",
	Help:      "Push subscriptions deleted because their push service answered 404 or 410.",
})

func init() {
	// Every series exists from the start, at zero, so a rate over it is defined.
	for _, e := range Events {
		for _, ch := range []string{ChannelPush, ChannelEmail} {
			for _, o := range []string{StateSent, StateFailed, StateSkipped, "retried"} {
				alertsTotal.WithLabelValues(e, ch, o)
			}
		}
	}
}

// count counts an attempt's outcome; a pending state is a retry.
func count(a Alert, state string) {
	if state == StatePending {
		state = "retried"
	}
	alertsTotal.WithLabelValues(a.Event, a.Channel, state).Inc()
}
