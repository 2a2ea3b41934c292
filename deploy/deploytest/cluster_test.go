//go:build cluster

package deploytest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/geminitest"
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
	metrics  []string // each replica's metrics listener, in the same order
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
	var addrs, metricsAddrs []string
	for range replicas {
		addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		addrs = append(addrs, addr)
		c.replicas = append(c.replicas, "http://"+addr)
		m := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		metricsAddrs = append(metricsAddrs, m)
		c.metrics = append(c.metrics, "http://"+m)
	}
	c.vars = append(append(e.vars(),
		"DOTA_BIN="+dotaBin(t),
		"CLUSTER_DIR="+dir,
		"CLUSTER_LISTEN="+listen,
		"CLUSTER_REPLICAS="+strings.Join(addrs, " "),
		"CLUSTER_METRICS="+strings.Join(metricsAddrs, " "),
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

// The limits the cluster runs with: the real defaults for the conversation limits, a
// small AI budget so that the test can exhaust it.
const (
	sessionLimit = 20 // DOTA_CHAT_SESSION_RATE's default
	openLimit    = 10 // DOTA_CHAT_IP_OPEN_RATE's default, under DOTA_CHAT_IP_RATE's (60)
	aiBudget     = 4
	adminEmail   = "ops@example.com"
	adminPass    = "correct horse battery staple"
	eventWait    = 10 * time.Second
)

// TestCluster drives two replicas through the balancer and proves they behave as one.
func TestCluster(t *testing.T) {
	gemini := geminitest.New(t, "An answer from the fake Gemini.")
	c := startCluster(t, 2,
		"GEMINI_API_KEY=test-key",
		"DOTA_GEMINI_BASE_URL="+gemini.URL,
		"DOTA_AI_QUEUE_INTERVAL=10ms",
		fmt.Sprintf("DOTA_AI_BUDGET_PER_MINUTE=%d", aiBudget),
	)
	// The team is always in, so that a hand-off waits for staff whenever the test runs: the
	// agency profile the seed filled holds the office hours; the replicas read the change
	// once their settings cache (booking.DefaultSettingsTTL) has run out.
	alwaysOpen(t, c.env)
	runDota(t, c.env, adminPass+"\n", "admin", "create", "--email", adminEmail, "--role", "admin", "--password-stdin")

	t.Run("health through the balancer", func(t *testing.T) {
		visitor := newClient(t, c.front)
		want(t, visitor.do("GET", "/readyz", nil, nil), http.StatusOK)
		want(t, visitor.do("GET", "/healthz", nil, nil), http.StatusOK)
		want(t, visitor.do("GET", "/metrics", nil, nil), http.StatusNotFound)
		// The site itself, from either replica.
		for range c.replicas {
			res := visitor.do("GET", "/", nil, nil)
			want(t, res, http.StatusOK)
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Errorf("GET / through the balancer: Content-Type %q", ct)
			}
		}
		for i, m := range c.metrics {
			if !strings.Contains(scrape(t, m), "dota_dependency_up{dependency=\"redis\"} 1") {
				t.Errorf("%s does not report Redis up", c.replicas[i])
			}
			// The replica's public port has no metrics either.
			if res := newClient(t, c.replicas[i]).do("GET", "/metrics", nil, nil); res.StatusCode == http.StatusOK {
				t.Errorf("%s serves /metrics on its public port", c.replicas[i])
			}
		}
	})

	t.Run("a hand-off with the visitor and staff on different replicas", func(t *testing.T) {
		visitor := newClient(t, c.replicas[0])
		var r struct {
			SessionID string `json:"session_id"`
			Messages  []struct {
				ID string `json:"id"`
			} `json:"messages"`
			Handoff *struct {
				State string `json:"state"`
			} `json:"handoff"`
		}
		want(t, visitor.do("POST", "/api/chat/sessions", map[string]string{"lang": "fr"}, &r), http.StatusCreated)
		sid := r.SessionID
		want(t, visitor.do("POST", "/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "je veux parler à un humain"}, &r),
			http.StatusOK)
		if r.Handoff == nil || r.Handoff.State != "waiting" {
			t.Fatalf("no hand-off: %+v", r)
		}
		s := openStream(t, visitor, c.replicas[0], "/api/chat/sessions/"+sid+"/stream?after="+r.Messages[len(r.Messages)-1].ID)
		s.waitConnected(t, eventWait)

		staff := newClient(t, c.replicas[1])
		var p struct {
			CSRFToken string `json:"csrf_token"`
		}
		want(t, staff.do("POST", "/api/admin/login", map[string]string{"email": adminEmail, "password": adminPass}, &p), http.StatusOK)
		staff.headers["X-CSRF-Token"] = p.CSRFToken
		var page struct {
			Items []struct {
				ID string `json:"id"`
			} `json:"items"`
		}
		want(t, staff.do("GET", "/api/admin/conversations?state=waiting&q=humain", nil, &page), http.StatusOK)
		if len(page.Items) != 1 {
			t.Fatalf("waiting conversations: %+v", page)
		}
		id := page.Items[0].ID
		want(t, staff.do("POST", "/api/admin/conversations/"+id+"/claim", nil, nil), http.StatusOK)
		s.waitEvent(t, "message", `"state":"staff"`, eventWait)
		want(t, staff.do("POST", "/api/admin/conversations/"+id+"/messages", map[string]string{"text": "Bonjour, ici l'équipe."}, nil),
			http.StatusCreated)
		s.waitEvent(t, "message", "ici l'équipe", eventWait)
		want(t, staff.do("POST", "/api/admin/conversations/"+id+"/release", nil, nil), http.StatusOK)
		s.waitEvent(t, "message", `"state":"ended"`, eventWait)
		r.Handoff, r.Messages = nil, nil
		want(t, visitor.do("POST", "/api/chat/sessions/"+sid+"/messages", map[string]string{"text": "quels sont vos tarifs ?"}, &r),
			http.StatusOK)
		if r.Handoff != nil || len(r.Messages) == 0 {
			t.Fatalf("Dota did not take the conversation back: %+v", r)
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
			"service": "developpement-web", "date": slot[0], "time": slot[1]}
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
		for _, m := range c.metrics {
			created += metricSum(scrape(t, m), "dota_appointments_created_total", `source="form"`)
		}
		if created != 1 {
			t.Errorf("the replicas counted %v form bookings, want 1", created)
		}
	})

	t.Run("a conversation alternating replicas books", func(t *testing.T) {
		visitor := fromAddress(newClient(t, c.front), "127.0.0.2")
		before := c.metric("dota_appointments_created_total", `source="chat"`)
		cv := startConversation(t, c, visitor, 1)
		cv.until("booked")
		if cv.last.AppointmentID == "" {
			t.Fatalf("booked without an appointment id: %+v", cv.last.Messages)
		}
		for i := 1; i < len(cv.served); i++ {
			if cv.served[i] == cv.served[i-1] {
				t.Fatalf("messages %d and %d went to the same replica: %v", i, i+1, cv.served)
			}
		}
		if got := c.metric("dota_appointments_created_total", `source="chat"`) - before; got != 1 {
			t.Errorf("the replicas counted %v chat bookings, want 1", got)
		}
		// Either replica reads the whole conversation back: the greeting, then each
		// message of the visitor with at least one answer.
		var seen []int
		for range c.replicas {
			var r chatReply
			res := visitor.do("GET", "/api/chat/sessions/"+cv.last.SessionID, nil, &r)
			want(t, res, http.StatusOK)
			seen = append(seen, c.served(res))
			if r.Step != "booked" || r.Collected.Name != "Samir Khelifi" || len(r.Messages) < 2*len(cv.served)-1 {
				t.Errorf("replica %d reads the conversation as step %s, name %q, %d messages",
					c.served(res)+1, r.Step, r.Collected.Name, len(r.Messages))
			}
		}
		if seen[0] == seen[1] {
			t.Error("both reads went to the same replica")
		}
		admin := signIn(t, c)
		var appt struct {
			Source string `json:"source"`
			Email  string `json:"email"`
		}
		want(t, admin.do("GET", "/api/admin/appointments/"+cv.last.AppointmentID, nil, &appt), http.StatusOK)
		if appt.Source != "chat" || appt.Email != cv.last.Collected.Email {
			t.Errorf("the console shows the chat booking as source %q, e-mail %q", appt.Source, appt.Email)
		}
	})

	t.Run("limits hold across replicas", func(t *testing.T) {
		freshWindow(t)
		t.Run("per conversation", func(t *testing.T) {
			visitor := fromAddress(newClient(t, c.front), "127.0.0.3")
			cv := startConversation(t, c, visitor, 2)
			accepted := map[int]int{}
			for range sessionLimit + 5 {
				res := cv.send("Where is your office?")
				switch res.StatusCode {
				case http.StatusOK:
					accepted[c.served(res)]++
				case http.StatusTooManyRequests:
				default:
					want(t, res, http.StatusOK)
				}
			}
			if accepted[0]+accepted[1] != sessionLimit || accepted[0] == 0 || accepted[1] == 0 {
				t.Errorf("accepted %d by replica 1 and %d by replica 2: want %d in all, from both", accepted[0], accepted[1], sessionLimit)
			}
		})
		t.Run("per client address", func(t *testing.T) {
			visitor := fromAddress(newClient(t, c.front), "127.0.0.4")
			accepted, refused := map[int]int{}, 0
			for range openLimit + 5 {
				res := visitor.do("POST", "/api/chat/sessions", map[string]string{"lang": "fr"}, nil)
				switch res.StatusCode {
				case http.StatusCreated:
					accepted[c.served(res)]++
				case http.StatusTooManyRequests:
					refused++
				default:
					want(t, res, http.StatusCreated)
				}
			}
			if accepted[0]+accepted[1] != openLimit || accepted[0] == 0 || accepted[1] == 0 {
				t.Errorf("accepted %d by replica 1 and %d by replica 2: want %d in all, from both", accepted[0], accepted[1], openLimit)
			}
			// Another visitor is not affected.
			other := fromAddress(newClient(t, c.front), "127.0.0.5")
			want(t, other.do("POST", "/api/chat/sessions", map[string]string{"lang": "fr"}, nil), http.StatusCreated)
			if got := c.metric("dota_chat_rate_limited_total", `scope="ip"`); got != float64(refused) {
				t.Errorf("the replicas counted %v refusals, the visitor saw %d", got, refused)
			}
		})
		t.Run("AI budget", func(t *testing.T) {
			visitor := fromAddress(newClient(t, c.front), "127.0.0.6")
			cv := startConversation(t, c, visitor, 3)
			calls := gemini.Calls()
			okBefore := c.metric("dota_ai_requests_total", `outcome="ok"`)
			served := map[int]bool{}
			for i := range 2 * aiBudget {
				res := cv.send(fmt.Sprintf("Question %d: what is the airspeed of an unladen swallow?", i))
				want(t, res, http.StatusOK)
				served[c.served(res)] = true
			}
			if got := gemini.Calls() - calls; got != aiBudget {
				t.Errorf("Gemini was called %d times, want the budget of %d for the whole service", got, aiBudget)
			}
			if got := c.metric("dota_ai_requests_total", `outcome="ok"`) - okBefore; got != aiBudget {
				t.Errorf("the replicas counted %v answers from Gemini, want %d", got, aiBudget)
			}
			if got := c.metric("dota_ai_requests_total", `outcome="budget"`); got != aiBudget {
				t.Errorf("the replicas counted %v questions over budget, want %d", got, aiBudget)
			}
			if len(served) != 2 {
				t.Error("the questions did not reach both replicas")
			}
		})
	})

	t.Run("a booking through one replica reaches streams on both", func(t *testing.T) {
		admin := signIn(t, c)
		var streams []*stream
		for _, r := range c.replicas {
			s := openStream(t, admin, r, "/api/admin/events")
			s.waitConnected(t, eventWait)
			streams = append(streams, s)
		}
		visitor := newClient(t, c.front)
		slot := freeSlots(visitor, 1, nil)[0]
		var appt struct {
			ID string `json:"id"`
		}
		want(t, visitor.do("POST", "/api/appointments", map[string]string{"name": "Lina Ait", "phone": "0660 10 20 30",
			"date": slot[0], "time": slot[1]}, &appt), http.StatusCreated)
		for i, s := range streams {
			ev := s.waitEvent(t, "appointment.created", appt.ID, eventWait)
			if !strings.Contains(ev.Data, "Lina Ait") {
				t.Errorf("replica %d's stream: %s", i+1, ev.Data)
			}
		}
	})

	t.Run("a replica stopped mid-conversation loses nothing", func(t *testing.T) {
		admin := signIn(t, c)
		s := openStream(t, admin, c.front, "/api/admin/events")
		streamOn := c.served(s.waitConnected(t, eventWait))
		other := 1 - streamOn

		visitor := fromAddress(newClient(t, c.front), "127.0.0.7")
		cv := startConversation(t, c, visitor, 4)
		cv.until("service")
		if !slices.Contains(cv.served, streamOn) {
			t.Fatalf("replica %d served none of the conversation: %v", streamOn+1, cv.served)
		}
		var before chatReply
		want(t, visitor.do("GET", "/api/chat/sessions/"+cv.last.SessionID, nil, &before), http.StatusOK)

		c.stopReplica(streamOn)
		// The console's stream ends with the replica and comes back through the other.
		if got := c.served(s.waitConnected(t, eventWait)); got != other {
			t.Fatalf("the stream reconnected to replica %d, want %d", got+1, other+1)
		}

		n := len(cv.served)
		cv.until("booked")
		for _, r := range cv.served[n:] {
			if r != other {
				t.Fatalf("a message was answered by the stopped replica: %v", cv.served)
			}
		}
		if cv.last.AppointmentID == "" || cv.last.Collected.Name != "Samir Khelifi" || cv.last.Collected.Email != before.Collected.Email {
			t.Errorf("after the stop: appointment %q, name %q, e-mail %q (before: %q)",
				cv.last.AppointmentID, cv.last.Collected.Name, cv.last.Collected.Email, before.Collected.Email)
		}
		var after chatReply
		want(t, visitor.do("GET", "/api/chat/sessions/"+cv.last.SessionID, nil, &after), http.StatusOK)
		if len(after.Messages) <= len(before.Messages) {
			t.Fatalf("the conversation has %d messages after the stop, %d before", len(after.Messages), len(before.Messages))
		}
		for i, m := range before.Messages {
			if after.Messages[i].Text != m.Text {
				t.Fatalf("message %d changed across the stop: %q became %q", i+1, m.Text, after.Messages[i].Text)
			}
		}
		// The booking made on the remaining replica reaches the reconnected stream.
		s.waitEvent(t, "appointment.created", cv.last.AppointmentID, eventWait)

		// Plain requests keep working, on the remaining replica only.
		for i := 0; i < 4; i++ {
			res := visitor.do("GET", "/api/services", nil, nil)
			want(t, res, http.StatusOK)
			if got := c.served(res); got != other {
				t.Fatalf("request %d answered by replica %d, which was stopped", i+1, got+1)
			}
		}
	})
}

// metric adds a series over every running replica.
func (c *cluster) metric(name string, labels ...string) float64 {
	c.t.Helper()
	var sum float64
	for i, r := range c.replicas {
		res, err := http.Get(r + "/readyz")
		if err != nil {
			continue // stopped
		}
		res.Body.Close()
		sum += metricSum(scrape(c.t, c.metrics[i]), name, labels...)
	}
	return sum
}

// signIn signs the cluster's admin in through the balancer and returns their client,
// which sends the CSRF token with every request.
func signIn(t *testing.T, c *cluster) *client {
	t.Helper()
	admin := newClient(t, c.front)
	var p struct {
		CSRFToken string `json:"csrf_token"`
	}
	want(t, admin.do("POST", "/api/admin/login", map[string]string{"email": adminEmail, "password": adminPass}, &p), http.StatusOK)
	admin.headers["X-CSRF-Token"] = p.CSRFToken
	return admin
}

// freshWindow waits, when the current minute is nearly over, for the next one, so that
// the per-minute budgets the test counts are not split across two windows.
func freshWindow(t *testing.T) {
	if left := time.Until(time.Now().Truncate(time.Minute).Add(time.Minute)); left < 20*time.Second {
		t.Logf("waiting %s for a fresh one-minute window", left.Round(time.Second))
		time.Sleep(left + 100*time.Millisecond)
	}
}

// alwaysOpen sets the agency profile's office hours to every day, all day, and waits until
// every replica reads them.
func alwaysOpen(t *testing.T, e env) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, e.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `UPDATE settings SET agency = agency || '{"hours": {"days": ["sun", "mon", "tue",
		"wed", "thu", "fri", "sat"], "opens": "00:00", "closes": "24:00"}}'::jsonb WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(booking.DefaultSettingsTTL + 500*time.Millisecond)
}
