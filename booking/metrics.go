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

var waitlistJoins = promauto.NewCounterVec(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "waitlist_joins_total",
	Help:      "People who joined a full slot's waitlist, by where they joined (form, chat).",
}, []string{"source"})

var waitlistOffers = promauto.NewCounter(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "waitlist_offers_total",
	Help:      "Freed places offered to the first in a waitlist.",
})

var waitlistOutcomes = promauto.NewCounterVec(prometheus.CounterOpts{
	Namespace: "dota",
	Name:      "waitlist_outcomes_total",
	Help:      "How waitlist places ended: booked (an offer accepted), declined, expired (an offer not answered in time), lapsed (the slot came too near before a place freed).",
}, []string{"outcome"})

func init() {
	for _, source := range []string{WaitlistForm, WaitlistChat} {
		waitlistJoins.WithLabelValues(source)
	}
	for _, outcome := range []string{WaitBooked, WaitDeclined, WaitExpired, WaitLapsed} {
		waitlistOutcomes.WithLabelValues(outcome)
	}
}
