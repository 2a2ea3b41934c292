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
