package main

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/api"
)

// dependencyPingTimeout bounds each scrape-time ping of PostgreSQL and Redis.
const dependencyPingTimeout = time.Second

// poolCollector reports, at each scrape, whether PostgreSQL and Redis answer this
// replica and how full its connection pools are: what the alert rules and the
// connection budget of the deployment notes are read from.
type poolCollector struct {
	db  *pgxpool.Pool
	rdb *redis.Client

	up            *prometheus.Desc
	dbConns       *prometheus.Desc
	dbMaxConns    *prometheus.Desc
	dbEmptyWaits  *prometheus.Desc
	redisConns    *prometheus.Desc
	redisTimeouts *prometheus.Desc
}

func newPoolCollector(db *pgxpool.Pool, rdb *redis.Client) *poolCollector {
	return &poolCollector{
		db: db, rdb: rdb,
		up: prometheus.NewDesc("dota_dependency_up",
			"Whether a dependency answered this replica's ping at scrape time (1) or not (0).",
			[]string{"dependency"}, nil),
		dbConns: prometheus.NewDesc("dota_db_pool_connections",
			"Connections in this replica's PostgreSQL pool, by state (acquired, idle).",
			[]string{"state"}, nil),
		dbMaxConns: prometheus.NewDesc("dota_db_pool_max_connections",
			"Largest number of connections this replica's PostgreSQL pool may open (DOTA_DB_MAX_CONNS).",
			nil, nil),
		dbEmptyWaits: prometheus.NewDesc("dota_db_pool_empty_acquires_total",
			"Acquisitions that had to wait because every PostgreSQL connection of the pool was busy.",
			nil, nil),
		redisConns: prometheus.NewDesc("dota_redis_pool_connections",
			"Connections in this replica's Redis pool, by state (active, idle).",
			[]string{"state"}, nil),
		redisTimeouts: prometheus.NewDesc("dota_redis_pool_timeouts_total",
			"Times a Redis command waited for a free pool connection past the pool time-out.",
			nil, nil),
	}
}

// Describe implements prometheus.Collector.
func (p *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{p.up, p.dbConns, p.dbMaxConns, p.dbEmptyWaits, p.redisConns, p.redisTimeouts} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (p *poolCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), dependencyPingTimeout)
	defer cancel()
	ch <- prometheus.MustNewConstMetric(p.up, prometheus.GaugeValue, answered(p.db.Ping(ctx)), "postgres")
	ch <- prometheus.MustNewConstMetric(p.up, prometheus.GaugeValue, answered(p.rdb.Ping(ctx).Err()), "redis")

	st := p.db.Stat()
	ch <- prometheus.MustNewConstMetric(p.dbConns, prometheus.GaugeValue, float64(st.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(p.dbConns, prometheus.GaugeValue, float64(st.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(p.dbMaxConns, prometheus.GaugeValue, float64(st.MaxConns()))
	ch <- prometheus.MustNewConstMetric(p.dbEmptyWaits, prometheus.CounterValue, float64(st.EmptyAcquireCount()))

	rs := p.rdb.PoolStats()
	ch <- prometheus.MustNewConstMetric(p.redisConns, prometheus.GaugeValue, max(float64(rs.TotalConns)-float64(rs.IdleConns), 0), "active")
	ch <- prometheus.MustNewConstMetric(p.redisConns, prometheus.GaugeValue, float64(rs.IdleConns), "idle")
	ch <- prometheus.MustNewConstMetric(p.redisTimeouts, prometheus.CounterValue, float64(rs.Timeouts))
}

func answered(err error) float64 {
	if err != nil {
		return 0
	}
	return 1
}

// metricsServer serves /metrics, alone, on DOTA_METRICS_ADDR: Prometheus scrapes each
// replica there, and the public listener (and so the balancer) has no /metrics.
type metricsServer struct {
	srv *http.Server
	ln  net.Listener
}

// listenMetrics binds the metrics listener now, so that an address in use stops the
// start with its reason instead of failing later in the background.
func listenMetrics(addr string) (*metricsServer, error) {
	ln, err := listen("DOTA_METRICS_ADDR", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", api.Metrics())
	return &metricsServer{ln: ln, srv: &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}}, nil
}

func (m *metricsServer) serve() error { return m.srv.Serve(m.ln) }

func (m *metricsServer) Close() error { return m.srv.Close() }
