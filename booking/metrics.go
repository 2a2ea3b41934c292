package booking

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

var appointmentsCreated = promauto.NewCounterVec(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "appointments_created_total",
	Help:      "Appointments created, by source (form, chat, console).",
}, []string{"source"})

var messagesTotal = promauto.NewCounterVec(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "messages_total",
	Help:      "Messages to customers by kind and outcome: sent, failed, skipped, or retried after a failed attempt.",
}, []string{"kind", "state"})

func init() {
	// Every series exists from the start, at zero, so a rate over it is defined.
	for _, kind := range DeliveryKinds {
		for _, state := range []string{DeliverySent, DeliveryFailed, DeliverySkipped, "retried"} {
			messagesTotal.WithLabelValues(kind, state)
		}
	}
}
