//go:build deploy

package deploytest

import (
	"bytes"
	"encoding/json"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/dota-agency/dota/api"
)

// run runs a command in the repository root and returns its standard output,
// failing the test with both outputs when it fails.
func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = repoRoot(t)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.String()
}

// composeService is what the test reads of one service of `docker compose config`.
type composeService struct {
	Image     string   `json:"image"`
	Command   []string `json:"command"`
	DependsOn map[string]struct {
		Condition string `json:"condition"`
	} `json:"depends_on"`
	Healthcheck *struct {
		Test []string `json:"test"`
	} `json:"healthcheck"`
	Build *struct {
		Dockerfile string `json:"dockerfile"`
	} `json:"build"`
	Volumes []struct {
		Type   string `json:"type"`
		Source string `json:"source"`
		Target string `json:"target"`
	} `json:"volumes"`
	Ports []struct {
		Target    int    `json:"target"`
		Published string `json:"published"`
	} `json:"ports"`
	Environment map[string]*string `json:"environment"`
	Expose      []string           `json:"expose"`
	Networks    map[string]*struct {
		IPv4Address string `json:"ipv4_address"`
	} `json:"networks"`
}

func TestComposeConfig(t *testing.T) {
	docker := tool(t, "docker", "make test-deploy installs Debian's docker.io")
	if err := exec.Command(docker, "compose", "version").Run(); err != nil {
		t.Fatalf("`docker compose` is not available (%v): make compose-cli installs the plugin", err)
	}
	run(t, docker, "compose", "-f", "deploy/compose.yaml", "config", "--quiet")
	var cfg struct {
		Services map[string]composeService `json:"services"`
	}
	if err := json.Unmarshal([]byte(run(t, docker, "compose", "-f", "deploy/compose.yaml", "config", "--format", "json")), &cfg); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"postgres", "redis", "migrate", "nginx", "prometheus", "grafana"} {
		if _, ok := cfg.Services[name]; !ok {
			t.Errorf("service %s is missing", name)
		}
	}
	migrate := cfg.Services["migrate"]
	if !slices.Equal(migrate.Command, []string{"migrate", "up"}) {
		t.Errorf("migrate runs %q, want [migrate up]", migrate.Command)
	}
	var nginxAddr netip.Addr
	if n := cfg.Services["nginx"].Networks["default"]; n != nil {
		nginxAddr, _ = netip.ParseAddr(n.IPv4Address)
	}
	if !nginxAddr.IsValid() {
		t.Fatal("nginx has no fixed address on the default network: the replicas cannot name it as their trusted proxy")
	}
	scrapeTargets := prometheusTargets(t)
	var replicas []string
	for name, s := range cfg.Services {
		if s.Image != migrate.Image || !slices.Equal(s.Command, []string{"serve"}) {
			continue
		}
		replicas = append(replicas, name)
		if c := s.DependsOn["migrate"].Condition; c != "service_completed_successfully" {
			t.Errorf("%s depends on migrate with condition %q, want service_completed_successfully", name, c)
		}
		if s.Healthcheck == nil || !slices.Equal(s.Healthcheck.Test, []string{"CMD", "/usr/local/bin/dota", "healthcheck"}) {
			t.Errorf("%s: health check %+v, want the binary's own healthcheck", name, s.Healthcheck)
		}
		if s.Build == nil || s.Build.Dockerfile != "deploy/Dockerfile" {
			t.Errorf("%s is not built from deploy/Dockerfile", name)
		}
		checkProxyEnv(t, name, s.Environment, nginxAddr)
		if v := s.Environment["DOTA_PUBLIC_URL"]; v == nil {
			t.Errorf("%s has no DOTA_PUBLIC_URL", name)
		} else if _, err := api.ParsePublicURL(*v); err != nil {
			t.Errorf("%s: DOTA_PUBLIC_URL %q: %v", name, *v, err)
		}
		if v := s.Environment["DOTA_METRICS_ADDR"]; v == nil {
			t.Errorf("%s has no DOTA_METRICS_ADDR", name)
		} else {
			_, port, _ := net.SplitHostPort(*v)
			if !slices.Contains(s.Expose, port) {
				t.Errorf("%s serves metrics on %s but exposes %v", name, *v, s.Expose)
			}
			if !slices.Contains(scrapeTargets, name+":"+port) {
				t.Errorf("Prometheus scrapes %v, not %s's metrics listener %s:%s", scrapeTargets, name, name, port)
			}
		}
		if len(s.Ports) > 0 {
			t.Errorf("%s publishes ports; only nginx should", name)
		}
	}
	if len(replicas) < 2 {
		t.Fatalf("dota replicas: %v, want at least 2", replicas)
	}
	for _, r := range replicas {
		if _, ok := cfg.Services["nginx"].DependsOn[r]; !ok {
			t.Errorf("nginx does not wait for %s", r)
		}
	}
	// Every file the services mount exists in the repository.
	for name, s := range cfg.Services {
		for _, v := range s.Volumes {
			if v.Type != "bind" {
				continue
			}
			if _, err := os.Stat(v.Source); err != nil {
				t.Errorf("%s mounts %s, which does not exist", name, v.Source)
			}
		}
	}
}

// checkProxyEnv checks that a replica trusts the given proxy address's X-Forwarded-For,
// and no other network than a private one.
func checkProxyEnv(t *testing.T, name string, env map[string]*string, proxy netip.Addr) {
	t.Helper()
	if _, old := env["DOTA_TRUST_PROXY"]; old {
		t.Errorf("%s sets DOTA_TRUST_PROXY, which the binary refuses: use DOTA_TRUSTED_PROXIES", name)
	}
	v := env["DOTA_TRUSTED_PROXIES"]
	if v == nil {
		t.Errorf("%s sits behind a proxy but trusts none (DOTA_TRUSTED_PROXIES)", name)
		return
	}
	nets, err := api.ParseTrustedProxies(*v)
	if err != nil {
		t.Errorf("%s: DOTA_TRUSTED_PROXIES %q: %v", name, *v, err)
		return
	}
	covers := false
	for _, n := range nets {
		if !n.Addr().IsPrivate() && !n.Addr().IsLoopback() {
			t.Errorf("%s trusts %s, beyond private networks: anyone there could forge X-Forwarded-For", name, n)
		}
		covers = covers || n.Contains(proxy)
	}
	if proxy.IsValid() && !covers {
		t.Errorf("%s trusts %v, not its proxy %s", name, nets, proxy)
	}
}

// prometheusTargets lists the dota job's scrape targets in deploy/prometheus/prometheus.yml.
func prometheusTargets(t *testing.T) []string {
	t.Helper()
	var cfg struct {
		ScrapeConfigs []struct {
			JobName       string `yaml:"job_name"`
			StaticConfigs []struct {
				Targets []string `yaml:"targets"`
			} `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	readYAML(t, filepath.Join(repoRoot(t), "deploy", "prometheus", "prometheus.yml"), &cfg)
	var out []string
	for _, sc := range cfg.ScrapeConfigs {
		if sc.JobName == "dota" {
			for _, st := range sc.StaticConfigs {
				out = append(out, st.Targets...)
			}
		}
	}
	return out
}

// dockerfile checks the multi-stage build's shape: web build, Go build, a non-root
// distroless runtime with a health check.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	froms := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(text, -1)
	if len(froms) != 3 {
		t.Fatalf("stages: %v, want web, build and runtime", froms)
	}
	for i, prefix := range []string{"node:", "golang:", "gcr.io/distroless/static"} {
		if !strings.HasPrefix(froms[i][1], prefix) {
			t.Errorf("stage %d is FROM %s, want %s…", i+1, froms[i][1], prefix)
		}
	}
	for _, must := range []string{"npm ci", "npm run build", "CGO_ENABLED=0", "COPY --from=web /src/web/dist ./web/dist",
		"USER nonroot", `HEALTHCHECK`, `"healthcheck"]`, `ENTRYPOINT ["/usr/local/bin/dota"]`} {
		if !strings.Contains(text, must) {
			t.Errorf("deploy/Dockerfile lacks %q", must)
		}
	}
	ignore, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "Dockerfile.dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{".git", "**/node_modules", ".env"} {
		if !slices.Contains(strings.Fields(string(ignore)), must) {
			t.Errorf("deploy/Dockerfile.dockerignore does not leave out %s", must)
		}
	}
}

// object is one Kubernetes object, as parsed YAML.
type object map[string]any

// get walks a path of keys and list indexes through nested YAML.
func (o object) get(path ...any) any {
	var cur any = map[string]any(o)
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := cur.(map[string]any)
			if !ok {
				return nil
			}
			cur = m[k]
		case int:
			l, ok := cur.([]any)
			if !ok || k >= len(l) {
				return nil
			}
			cur = l[k]
		}
	}
	return cur
}

func (o object) str(path ...any) string {
	switch v := o.get(path...).(type) {
	case string:
		return v
	case nil:
		return ""
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

func (o object) num(path ...any) float64 {
	f, _ := strconv.ParseFloat(o.str(path...), 64)
	return f
}

func kustomize(t *testing.T) string {
	t.Helper()
	if k := os.Getenv("KUSTOMIZE"); k != "" {
		return k
	}
	k := filepath.Join(repoRoot(t), "bin", "kustomize")
	if _, err := os.Stat(k); err != nil {
		t.Fatalf("%s is missing: make kustomize installs it (or set KUSTOMIZE)", k)
	}
	return k
}

func parseObjects(t *testing.T, text string) []object {
	t.Helper()
	var out []object
	for _, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(text, -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		var o object
		if err := yaml.Unmarshal([]byte(doc), &o); err != nil {
			t.Fatalf("rendered YAML does not parse: %v\n%s", err, doc)
		}
		out = append(out, o)
	}
	return out
}

func TestKustomizeBuild(t *testing.T) {
	objs := parseObjects(t, run(t, kustomize(t), "build", "deploy/k8s"))
	byKind := map[string]object{}
	for _, o := range objs {
		kind := o.str("kind")
		if _, dup := byKind[kind]; dup {
			t.Errorf("two objects of kind %s", kind)
		}
		byKind[kind] = o
	}
	for _, kind := range []string{"Deployment", "Service", "Ingress", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap", "Job"} {
		if byKind[kind] == nil {
			t.Fatalf("kustomize build deploy/k8s renders no %s", kind)
		}
	}
	if byKind["Secret"] != nil {
		t.Error("the base renders a Secret; it must only ship a template")
	}

	dep, cm := byKind["Deployment"], byKind["ConfigMap"]
	if n := dep.num("spec", "replicas"); n < 2 {
		t.Errorf("Deployment replicas = %v, want at least 2", n)
	}
	c := object(dep.get("spec", "template", "spec", "containers", 0).(map[string]any))
	if p := c.str("readinessProbe", "httpGet", "path"); p != "/readyz" {
		t.Errorf("readiness probe on %q, want /readyz", p)
	}
	if p := c.str("livenessProbe", "httpGet", "path"); p != "/healthz" {
		t.Errorf("liveness probe on %q, want /healthz", p)
	}
	for _, kind := range []string{"requests", "limits"} {
		for _, res := range []string{"cpu", "memory"} {
			if c.str("resources", kind, res) == "" {
				t.Errorf("container has no %s.%s", kind, res)
			}
		}
	}
	preStop := c.num("lifecycle", "preStop", "sleep", "seconds")
	if preStop < 5 {
		t.Errorf("preStop delay %vs, want at least 5s for endpoints to drop the pod", preStop)
	}
	shutdown, err := time.ParseDuration(cm.str("data", "DOTA_SHUTDOWN_TIMEOUT"))
	if err != nil {
		t.Fatalf("ConfigMap DOTA_SHUTDOWN_TIMEOUT: %v", err)
	}
	if grace := dep.num("spec", "template", "spec", "terminationGracePeriodSeconds"); grace < preStop+shutdown.Seconds()+5 {
		t.Errorf("terminationGracePeriodSeconds %v < preStop %v + shutdown %v + 5s margin", grace, preStop, shutdown.Seconds())
	}
	if c.str("envFrom", 0, "configMapRef", "name") != cm.str("metadata", "name") {
		t.Errorf("the container reads ConfigMap %q, the base renders %q", c.str("envFrom", 0, "configMapRef", "name"), cm.str("metadata", "name"))
	}
	if c.str("envFrom", 1, "secretRef", "name") != "dota-secrets" {
		t.Error("the container does not read the dota-secrets Secret")
	}
	if dep.str("spec", "strategy", "rollingUpdate", "maxUnavailable") != "0" {
		t.Error("a rollout may take a replica away before its successor is ready (maxUnavailable != 0)")
	}
	podLabels := dep.get("spec", "template", "metadata", "labels").(map[string]any)
	matches := func(sel any) bool {
		m, ok := sel.(map[string]any)
		if !ok || len(m) == 0 {
			return false
		}
		for k, v := range m {
			if podLabels[k] != v {
				return false
			}
		}
		return true
	}
	if !matches(byKind["Service"].get("spec", "selector")) {
		t.Error("the Service does not select the Deployment's pods")
	}
	if byKind["Service"].str("spec", "sessionAffinity") == "ClientIP" {
		t.Error("the Service pins clients to a pod")
	}
	if !matches(byKind["PodDisruptionBudget"].get("spec", "selector", "matchLabels")) {
		t.Error("the PodDisruptionBudget does not select the Deployment's pods")
	}

	// Forwarded headers count from the ingress controller's pods only; absolute addresses
	// name the Ingress's host; metrics are on their own port, which the Service leaves out.
	cmEnv := map[string]*string{}
	for k, v := range cm.get("data").(map[string]any) {
		s := v.(string)
		cmEnv[k] = &s
	}
	checkProxyEnv(t, "the ConfigMap", cmEnv, netip.Addr{})
	if host := byKind["Ingress"].str("spec", "rules", 0, "host"); cm.str("data", "DOTA_PUBLIC_URL") != "https://"+host {
		t.Errorf("DOTA_PUBLIC_URL = %q, the Ingress serves https://%s", cm.str("data", "DOTA_PUBLIC_URL"), host)
	}
	_, metricsPort, err := net.SplitHostPort(cm.str("data", "DOTA_METRICS_ADDR"))
	if err != nil {
		t.Fatalf("ConfigMap DOTA_METRICS_ADDR %q: %v", cm.str("data", "DOTA_METRICS_ADDR"), err)
	}
	var containerMetrics string
	for _, p := range c.get("ports").([]any) {
		if po := object(p.(map[string]any)); po.str("name") == "metrics" {
			containerMetrics = po.str("containerPort")
		}
	}
	if containerMetrics != metricsPort {
		t.Errorf("the container's metrics port is %q, DOTA_METRICS_ADDR listens on %s", containerMetrics, metricsPort)
	}
	if a := dep.str("spec", "template", "metadata", "annotations", "prometheus.io/port"); a != metricsPort {
		t.Errorf("Prometheus is told to scrape port %q, metrics are on %s", a, metricsPort)
	}
	for _, p := range byKind["Service"].get("spec", "ports").([]any) {
		if tp := object(p.(map[string]any)).str("targetPort"); tp == "metrics" || tp == metricsPort {
			t.Error("the Service exposes the metrics port: the Ingress could reach it")
		}
	}

	ing := byKind["Ingress"]
	if ing.str("metadata", "annotations", "nginx.ingress.kubernetes.io/proxy-buffering") != "off" {
		t.Error("the Ingress buffers responses: live events would stall")
	}
	if n, _ := strconv.Atoi(ing.str("metadata", "annotations", "nginx.ingress.kubernetes.io/proxy-read-timeout")); n < 3600 {
		t.Errorf("the Ingress read time-out is %ds, want at least an hour for live streams", n)
	}
	if ing.str("spec", "rules", 0, "http", "paths", 0, "backend", "service", "name") != byKind["Service"].str("metadata", "name") {
		t.Error("the Ingress does not route to the Service")
	}

	hpa := byKind["HorizontalPodAutoscaler"]
	if hpa.str("spec", "scaleTargetRef", "name") != dep.str("metadata", "name") || hpa.num("spec", "minReplicas") < 2 {
		t.Error("the HorizontalPodAutoscaler does not scale the Deployment from at least 2 replicas")
	}
	if hpa.str("spec", "metrics", 0, "resource", "name") != "cpu" {
		t.Error("the HorizontalPodAutoscaler does not scale on CPU")
	}

	job := byKind["Job"]
	jc := object(job.get("spec", "template", "spec", "containers", 0).(map[string]any))
	if jc.str("args") != `["migrate","up"]` {
		t.Errorf("the Job runs %s, want migrate up", jc.str("args"))
	}
	if jc.str("image") != c.str("image") {
		t.Errorf("the Job runs image %s, the Deployment %s", jc.str("image"), c.str("image"))
	}

	// The README's first rollout step applies what the migration needs, and only that.
	var step1 []string
	for _, o := range objs {
		if comp := o.str("metadata", "labels", "app.kubernetes.io/component"); comp == "config" || comp == "migrate" {
			step1 = append(step1, o.str("kind"))
		}
	}
	if slices.Sort(step1); !slices.Equal(step1, []string{"ConfigMap", "Job"}) {
		t.Errorf("the migrate step of a rollout applies %v, want the ConfigMap and the Job", step1)
	}

	// The Secret template parses, names what the binary reads, and holds no secret.
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "k8s", "secret.template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sec := parseObjects(t, string(b))[0]
	if sec.str("kind") != "Secret" || sec.str("metadata", "name") != "dota-secrets" {
		t.Fatalf("secret.template.yaml is a %s named %s", sec.str("kind"), sec.str("metadata", "name"))
	}
	for _, key := range []string{"DATABASE_URL", "REDIS_URL"} {
		if v := sec.str("stringData", key); !strings.Contains(v, "PASSWORD") {
			t.Errorf("secret template %s = %q: want a placeholder", key, v)
		}
	}
}

func TestPrometheusRules(t *testing.T) {
	promtool := tool(t, "promtool", "make test-deploy installs Debian's prometheus package")
	rules, err := filepath.Glob(filepath.Join(repoRoot(t), "deploy", "prometheus", "*.rules.yml"))
	if err != nil || len(rules) == 0 {
		t.Fatalf("no deploy/prometheus/*.rules.yml (%v)", err)
	}
	run(t, promtool, append([]string{"check", "rules"}, rules...)...)
	tests, _ := filepath.Glob(filepath.Join(repoRoot(t), "deploy", "prometheus", "*.rules.test.yml"))
	if len(tests) == 0 {
		t.Fatal("the alert rules have no unit tests")
	}
	run(t, promtool, append([]string{"test", "rules"}, tests...)...)
	run(t, promtool, "check", "config", filepath.Join("deploy", "prometheus", "prometheus.yml"))
}

func TestGrafanaProvisioning(t *testing.T) {
	root := repoRoot(t)
	var ds struct {
		Datasources []struct {
			UID  string `yaml:"uid"`
			Type string `yaml:"type"`
			URL  string `yaml:"url"`
		} `yaml:"datasources"`
	}
	readYAML(t, filepath.Join(root, "deploy", "grafana", "provisioning", "datasources", "prometheus.yml"), &ds)
	if len(ds.Datasources) != 1 || ds.Datasources[0].Type != "prometheus" {
		t.Fatalf("datasources: %+v", ds.Datasources)
	}
	var prov struct {
		Providers []struct {
			Options struct {
				Path string `yaml:"path"`
			} `yaml:"options"`
		} `yaml:"providers"`
	}
	readYAML(t, filepath.Join(root, "deploy", "grafana", "provisioning", "dashboards", "dota.yml"), &prov)
	compose, err := os.ReadFile(filepath.Join(root, "deploy", "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(prov.Providers) != 1 || !strings.Contains(string(compose), "./grafana/dashboards:"+prov.Providers[0].Options.Path+":ro") {
		t.Errorf("the dashboard provider reads %+v, which compose.yaml does not mount", prov.Providers)
	}
	d := dashboard(t)
	if d.UID == "" || d.Title == "" || len(d.Panels) == 0 {
		t.Fatalf("dashboard: uid %q, title %q, %d panels", d.UID, d.Title, len(d.Panels))
	}
	ids := map[int]bool{}
	for _, p := range d.Panels {
		if ids[p.ID] {
			t.Errorf("panel id %d is used twice", p.ID)
		}
		ids[p.ID] = true
		if p.Type == "row" {
			continue
		}
		if p.Datasource.UID != ds.Datasources[0].UID {
			t.Errorf("panel %q reads data source %q, provisioning names %q", p.Title, p.Datasource.UID, ds.Datasources[0].UID)
		}
		if len(p.Targets) == 0 {
			t.Errorf("panel %q has no query", p.Title)
		}
	}
	// What the issue asks operators to see.
	var titles []string
	for _, p := range d.Panels {
		titles = append(titles, strings.ToLower(p.Title))
	}
	all := strings.Join(titles, "\n")
	for _, want := range []string{"latency", "answer source", "ai latency", "queue depth", "rate-limit", "by source", "stream"} {
		if !strings.Contains(all, want) {
			t.Errorf("no dashboard panel about %q", want)
		}
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// grafanaDashboard is what the tests read of deploy/grafana/dashboards/dota.json.
type grafanaDashboard struct {
	UID    string `json:"uid"`
	Title  string `json:"title"`
	Panels []struct {
		ID         int    `json:"id"`
		Type       string `json:"type"`
		Title      string `json:"title"`
		Datasource struct {
			UID string `json:"uid"`
		} `json:"datasource"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

func dashboard(t *testing.T) grafanaDashboard {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "deploy", "grafana", "dashboards", "dota.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d grafanaDashboard
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatalf("dota.json: %v", err)
	}
	return d
}
