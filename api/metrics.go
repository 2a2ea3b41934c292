package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics serves the Prometheus exposition of the process's metrics. The binary serves
// it on a listener of its own (DOTA_METRICS_ADDR), never on the public router.
func Metrics() http.Handler { return promhttp.Handler() }

var (
	httpRequests = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "http", Name: "requests_total",
		Help: "HTTP requests, by method, route and status code.",
	}, []string{"method", "route", "code"})
	httpDuration = promauto.NewHistogramVec(prometheus.HistogramOpts{
		Namespace: "dota", Subsystem: "http", Name: "request_duration_seconds",
		Help:    "HTTP request latency, by method and route.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 15},
	}, []string{"method", "route"})
	analyticsEvents = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Name: "analytics_events_total",
		Help: "First-party analytics events sent by the public site, by name.",
	}, []string{"name"})
	formRefusals = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Name: "form_refusals_total",
		Help: "Public form submissions refused by the abuse guard, by form and reason (rate_limited, honeypot, challenge).",
	}, []string{"form", "reason"})
)

// routeOf names the matched route, or the web app for everything it serves.
func routeOf(c *gin.Context) string {
	if r := c.FullPath(); r != "" {
		return r
	}
	return "web"
}

func instrument() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.URL.Path == "/api/admin/events" {
			c.Next() // a stream's lifetime is not a latency
			return
		}
		start := time.Now()
		c.Next()
		route := routeOf(c)
		httpRequests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
		httpDuration.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
	}
}
