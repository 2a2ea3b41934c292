package main

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/migrations/testdb"
)

func TestPoolCollector(t *testing.T) {
	pool, _ := testdb.New(t)
	rdb, _ := testdb.Redis(t)
	// A Redis nobody serves.
	down := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 200 * time.Millisecond, MaxRetries: -1})
	t.Cleanup(func() { down.Close() })

	for _, tc := range []struct {
		name  string
		rdb   *redis.Client
		redis string
	}{
		{"both answer", rdb, "1"},
		{"redis down", down, "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := prometheus.NewPedanticRegistry()
			reg.MustRegister(newPoolCollector(pool, tc.rdb))
			want := `
# HELP dota_dependency_up Whether a dependency answered this replica's ping at scrape time (1) or not (0).
# TYPE dota_dependency_up gauge
dota_dependency_up{dependency="postgres"} 1
dota_dependency_up{dependency="redis"} ` + tc.redis + `
`
			if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "dota_dependency_up"); err != nil {
				t.Error(err)
			}
			if n, err := testutil.GatherAndCount(reg); err != nil || n != 9 {
				t.Errorf("gathered %d series (%v), want 9", n, err)
			}
			if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
				t.Errorf("lint: %v %v", problems, err)
			}
		})
	}

	t.Run("pool usage", func(t *testing.T) {
		conn, err := pool.Acquire(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Release()
		reg := prometheus.NewPedanticRegistry()
		reg.MustRegister(newPoolCollector(pool, rdb))
		want := `
# HELP dota_db_pool_max_connections Largest number of connections this replica's PostgreSQL pool may open (DOTA_DB_MAX_CONNS).
# TYPE dota_db_pool_max_connections gauge
dota_db_pool_max_connections ` + strconv.Itoa(int(pool.Stat().MaxConns())) + `
`
		if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "dota_db_pool_max_connections"); err != nil {
			t.Error(err)
		}
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		acquired := -1.0
		for _, f := range families {
			for _, m := range f.GetMetric() {
				if f.GetName() == "dota_db_pool_connections" && m.GetLabel()[0].GetValue() == "acquired" {
					acquired = m.GetGauge().GetValue()
				}
			}
		}
		if acquired != 1 {
			t.Errorf("acquired connections = %v with one held, want 1", acquired)
		}
	})
}
