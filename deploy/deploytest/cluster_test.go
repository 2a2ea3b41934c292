//go:build cluster

package deploytest

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// cluster is a `make cluster` of the test's own: replicas of the built binary on
// free ports, on the test's database and Redis prefix, behind nginx on a free port,
// all started and stopped by deploy/cluster/cluster.sh.
type cluster struct {
	t        *testing.T
	dir      string
	env      env
	front    string   // nginx
	replicas []string // each replica's own URL, in cluster.sh's order
	vars     []string
}

func startCluster(t *testing.T, replicas int, extra ...string) *cluster {
	t.Helper()
	tool(t, "nginx", "make test-cluster installs Debian's nginx")
	e := newEnv(t)
	// nginx's workers run as nobody when the test runs as root: they must reach the
	// directory, so it cannot be a private t.TempDir.
	dir, err := os.MkdirTemp("", "dota-cluster-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, dir: dir, env: e}
	listen := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	c.front = "http://" + listen
	var addrs []string
	for range replicas {
		addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		addrs = append(addrs, addr)
		c.replicas = append(c.replicas, "http://"+addr)
	}
	c.vars = append(append(e.vars(),
		"DOTA_BIN="+dotaBin(t),
		"CLUSTER_DIR="+dir,
		"CLUSTER_LISTEN="+listen,
		"CLUSTER_REPLICAS="+strings.Join(addrs, " "),
	), extra...)
	t.Cleanup(func() {
		out, err := c.script("down")
		if err != nil {
			t.Errorf("cluster.sh down: %v\n%s", err, out)
		}
		if t.Failed() {
			c.dumpLogs()
		}
		os.RemoveAll(dir)
	})
	if out, err := c.script("up"); err != nil {
		t.Fatalf("cluster.sh up: %v\n%s", err, out)
	}
	return c
}

// script runs deploy/cluster/cluster.sh with the cluster's environment.
func (c *cluster) script(args ...string) (string, error) {
	cmd := exec.Command("bash", append([]string{filepath.Join(repoRoot(c.t), "deploy", "cluster", "cluster.sh")}, args...)...)
	cmd.Env = c.vars
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// stopReplica stops replica i (0-based) the way a rollout or a crash would.
func (c *cluster) stopReplica(i int) {
	c.t.Helper()
	if out, err := c.script("stop-replica", fmt.Sprint(i+1)); err != nil {
		c.t.Fatalf("stop replica %d: %v\n%s", i+1, err, out)
	}
}

// served returns which replica (0-based) answered a response that came through
// nginx, from the X-Dota-Upstream header the cluster's nginx adds.
func (c *cluster) served(res *http.Response) int {
	c.t.Helper()
	up := res.Header.Get("X-Dota-Upstream")
	// After a failed attempt nginx lists every upstream it tried: the last answered.
	if i := strings.LastIndex(up, ", "); i >= 0 {
		up = up[i+2:]
	}
	for i, r := range c.replicas {
		if "http://"+up == r {
			return i
		}
	}
	c.t.Fatalf("response served by %q, none of %v", res.Header.Get("X-Dota-Upstream"), c.replicas)
	return -1
}

func (c *cluster) dumpLogs() {
	files, _ := filepath.Glob(filepath.Join(c.dir, "*.log"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if len(b) > 8000 {
			b = b[len(b)-8000:]
		}
		c.t.Logf("--- %s\n%s", filepath.Base(f), b)
	}
}

// TestCluster drives two replicas through the balancer and proves they behave as one.
func TestCluster(t *testing.T) {
	c := startCluster(t, 2)

	t.Run("health through the balancer", func(t *testing.T) {
		visitor := newClient(t, c.front)
		want(t, visitor.do("GET", "/readyz", nil, nil), http.StatusOK)
		want(t, visitor.do("GET", "/healthz", nil, nil), http.StatusOK)
		want(t, visitor.do("GET", "/metrics", nil, nil), http.StatusNotFound)
		for _, r := range c.replicas {
			if !strings.Contains(scrape(t, r), "dota_dependency_up{dependency=\"redis\"} 1") {
				t.Errorf("%s does not report Redis up", r)
			}
		}
	})

	t.Run("round robin without stickiness", func(t *testing.T) {
		visitor := newClient(t, c.front)
		prev := -1
		for i := 0; i < 6; i++ {
			res := visitor.do("GET", "/api/services", nil, nil)
			want(t, res, http.StatusOK)
			got := c.served(res)
			if got == prev {
				t.Fatalf("request %d went to replica %d again: the balancer does not alternate", i+1, got+1)
			}
			prev = got
		}
	})

	t.Run("bookings through either replica share one calendar", func(t *testing.T) {
		visitor := newClient(t, c.front)
		slot := freeSlots(visitor, 1, nil)[0]
		form := map[string]string{"name": "Karim Haddad", "email": "karim@example.com", "phone": "0661 22 33 44",
			"service": "web-development", "date": slot[0], "time": slot[1]}
		var first, replay struct {
			ID string `json:"id"`
		}
		res := visitor.do("POST", "/api/appointments", form, &first, "Idempotency-Key", "cluster-retry-1")
		want(t, res, http.StatusCreated)
		firstReplica := c.served(res)

		// The retry of the same request lands on the other replica and returns the
		// first result instead of a duplicate.
		res = visitor.do("POST", "/api/appointments", form, &replay, "Idempotency-Key", "cluster-retry-1")
		want(t, res, http.StatusCreated)
		if c.served(res) == firstReplica {
			t.Fatal("the retry reached the same replica; the balancer should alternate")
		}
		if res.Header.Get("Idempotent-Replayed") != "true" || replay.ID != first.ID {
			t.Errorf("retry through the other replica: id %s (first %s), replayed %q", replay.ID, first.ID, res.Header.Get("Idempotent-Replayed"))
		}

		// Another visitor asking for the same slot, through the next replica, is told
		// it is taken: the slot's capacity is one for the whole cluster.
		form["email"], form["phone"] = "nadia@example.com", "0770 11 22 33"
		res = visitor.do("POST", "/api/appointments", form, nil)
		want(t, res, http.StatusConflict)

		var d day
		for i := 0; i < 2; i++ {
			want(t, visitor.do("GET", "/api/slots?date="+slot[0], nil, &d), http.StatusOK)
			for _, s := range d.Slots {
				if s.Time == slot[1] && s.Free {
					t.Errorf("a replica lists the booked slot %s %s as free", slot[0], slot[1])
				}
			}
		}
		created := 0.0
		for _, r := range c.replicas {
			created += metricSum(scrape(t, r), "dota_appointments_created_total", `source="form"`)
		}
		if created != 1 {
			t.Errorf("the replicas counted %v form bookings, want 1", created)
		}
	})

	t.Run("a stopped replica loses nothing", func(t *testing.T) {
		visitor := newClient(t, c.front)
		c.stopReplica(0)
		for i := 0; i < 4; i++ {
			res := visitor.do("GET", "/api/services", nil, nil)
			want(t, res, http.StatusOK)
			if got := c.served(res); got != 1 {
				t.Fatalf("request %d answered by replica %d, which was stopped", i+1, got+1)
			}
		}
		slot := freeSlots(visitor, 1, nil)[0]
		want(t, visitor.do("POST", "/api/appointments", map[string]string{"name": "Yacine Mansouri",
			"phone": "0550 99 88 77", "date": slot[0], "time": slot[1]}, nil), http.StatusCreated)
	})
}
