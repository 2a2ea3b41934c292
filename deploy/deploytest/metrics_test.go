//go:build deploy

package deploytest

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// prometheusSeries are series Prometheus itself records about its targets; the rules
// may use them although no binary exports them.
var prometheusSeries = []string{"up"}

// TestMetricsExported serves the real binary, exercises the routes whose metrics the
// dashboard and the alert rules chart, and checks that its /metrics passes `promtool
// check metrics` and exports every series those queries name.
func TestMetricsExported(t *testing.T) {
	promtool := tool(t, "promtool", "make test-deploy installs Debian's prometheus package")
	e := newEnv(t)
	runDota(t, e, "", "seed")
	base, metrics := startDota(t, e, exerciseEnv(t)...)
	exercise(t, e, base)
	text := scrape(t, metrics)

	check := exec.Command(promtool, "check", "metrics")
	check.Stdin = strings.NewReader(text)
	var out bytes.Buffer
	check.Stdout, check.Stderr = &out, &out
	if err := check.Run(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s", err, out.String())
	}

	exported := map[string]bool{}
	for _, s := range samples(text) {
		exported[s.name] = true
	}
	used := queriedMetrics(t)
	if len(used) < 10 {
		t.Fatalf("found only %d metric names in the dashboard and rules: %v", len(used), used)
	}
	for _, name := range used {
		if !exported[name.metric] && !slices.Contains(prometheusSeries, name.metric) {
			t.Errorf("%s uses %s, which the binary does not export", name.where, name.metric)
		}
	}
}

// exercise sends the requests that make every labelled series appear at least once.
func exercise(t *testing.T, e env, base string) {
	t.Helper()
	c := newClient(t, base)
	want(t, c.do("GET", "/api/services", nil, nil), http.StatusOK)
	want(t, c.do("GET", "/api/services/no-such-service", nil, nil), http.StatusNotFound)
	slot := freeSlots(c, 1, nil)[0]
	want(t, c.do("POST", "/api/appointments", map[string]string{
		"name": "Amina Benali", "email": "amina@example.com", "phone": "0555 12 34 56",
		"service": "developpement-web", "date": slot[0], "time": slot[1],
	}, nil), http.StatusCreated)
	want(t, c.do("POST", "/api/events", map[string]any{"name": "project_view"}, nil), http.StatusNoContent)
	exerciseChat(t, c)
	exerciseConsole(t, e, c)
}

// usedMetric is one metric name a query names, and where.
type usedMetric struct{ metric, where string }

// queriedMetrics lists the metric names the Grafana dashboard's and the alert rules'
// expressions use.
func queriedMetrics(t *testing.T) []usedMetric {
	t.Helper()
	var out []usedMetric
	for _, p := range dashboard(t).Panels {
		for _, q := range p.Targets {
			for _, m := range metricNames(q.Expr) {
				out = append(out, usedMetric{m, "dashboard panel " + strconvQuote(p.Title)})
			}
		}
	}
	rules, _ := filepath.Glob(filepath.Join(repoRoot(t), "deploy", "prometheus", "*.rules.yml"))
	for _, f := range rules {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rf struct {
			Groups []struct {
				Rules []struct {
					Alert  string `yaml:"alert"`
					Record string `yaml:"record"`
					Expr   string `yaml:"expr"`
				} `yaml:"rules"`
			} `yaml:"groups"`
		}
		if err := yaml.Unmarshal(b, &rf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, g := range rf.Groups {
			for _, r := range g.Rules {
				for _, m := range metricNames(r.Expr) {
					out = append(out, usedMetric{m, "alert " + r.Alert + r.Record})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].metric < out[j].metric })
	return out
}

func strconvQuote(s string) string { return `"` + s + `"` }

var (
	promStrings   = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
	promBraces    = regexp.MustCompile(`\{[^{}]*\}|\[[^\[\]]*\]`)
	promGrouping  = regexp.MustCompile(`\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)`)
	promIdent     = regexp.MustCompile(`[A-Za-z_:][A-Za-z0-9_:]*`)
	promFunction  = regexp.MustCompile(`^\s*\(`)
	promOperators = []string{"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring", "group_left", "group_right", "inf", "nan", "Inf", "NaN"}
)

// metricNames extracts the metric names of a PromQL expression: the identifiers left
// once strings, label matchers, ranges, grouping clauses, function calls and
// keywords are set aside.
func metricNames(expr string) []string {
	e := promStrings.ReplaceAllString(expr, `""`)
	e = promBraces.ReplaceAllString(e, " ")
	e = promGrouping.ReplaceAllString(e, " ")
	var names []string
	for _, loc := range promIdent.FindAllStringIndex(e, -1) {
		id := e[loc[0]:loc[1]]
		if promFunction.MatchString(e[loc[1]:]) || slices.Contains(promOperators, id) {
			continue
		}
		if loc[0] > 0 && (e[loc[0]-1] == '.' || (e[loc[0]-1] >= '0' && e[loc[0]-1] <= '9')) {
			continue // part of a number such as 0.95 or 1e3
		}
		if !slices.Contains(names, id) {
			names = append(names, id)
		}
	}
	return names
}

func TestMetricNames(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`up{job="dota"} == 0`, []string{"up"}},
		{`sum(rate(dota_http_requests_total{code=~"5.."}[5m])) / sum(rate(dota_http_requests_total[5m])) > 0.05`,
			[]string{"dota_http_requests_total"}},
		{`histogram_quantile(0.95, sum by (le, route) (rate(dota_http_request_duration_seconds_bucket{instance=~"$instance"}[$__rate_interval])))`,
			[]string{"dota_http_request_duration_seconds_bucket"}},
		{`max by (instance) (dota_db_pool_connections{state="acquired"}) / on (instance) max by (instance) (dota_db_pool_max_connections) > 0.9`,
			[]string{"dota_db_pool_connections", "dota_db_pool_max_connections"}},
		{`sum(up{job="dota"}) == 0 or absent(up{job="dota"})`, []string{"up"}},
		{`sum(increase(dota_appointments_created_total[$__range])) and bool 1e3`, []string{"dota_appointments_created_total"}},
	} {
		if got := metricNames(tc.expr); !slices.Equal(got, tc.want) {
			t.Errorf("metricNames(%s) = %v, want %v", tc.expr, got, tc.want)
		}
	}
}
