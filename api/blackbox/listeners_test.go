package blackbox

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestMetricsHaveTheirOwnListener: /metrics is served on DOTA_METRICS_ADDR only, never
// on the public port that the balancer exposes.
func TestMetricsHaveTheirOwnListener(t *testing.T) {
	srv := startDota(t, baseEnv(t, database(t)))
	must(t, "GET", srv.URL+"/api/services", nil)
	public := must(t, "GET", srv.URL+"/metrics", nil)
	if public.Status == http.StatusOK && strings.Contains(string(public.Raw), "dota_http_requests_total") ||
		strings.Contains(string(public.Raw), "go_goroutines") {
		t.Errorf("the public port serves the metrics: %d", public.Status)
	}
	m := must(t, "GET", srv.MetricsURL+"/metrics", nil)
	if m.Status != http.StatusOK || !strings.Contains(string(m.Raw), `dota_http_requests_total{code="200",method="GET",route="/api/services"}`) {
		t.Fatalf("the metrics listener: %d %.300s", m.Status, m.Raw)
	}
	if r := must(t, "GET", srv.MetricsURL+"/api/services", nil); r.Status != http.StatusNotFound {
		t.Errorf("the metrics listener serves the API: %d", r.Status)
	}
}

// TestSlowBodyIsCut: a client that sends its headers and then trickles its body — or
// stops — is cut once DOTA_BODY_TIMEOUT has passed, instead of holding the connection
// and a handler for as long as it likes. A live event stream, a long answer to a
// request without a body, outlives that time-out.
func TestSlowBodyIsCut(t *testing.T) {
	srv, _, email, password := consoleEnv(t, env{"DOTA_BODY_TIMEOUT": "1s"})

	conn, err := net.Dial("tcp", srv.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("POST /api/newsletter HTTP/1.1\r\nHost: dota\r\nContent-Type: application/json\r\n" +
		"Content-Length: 200\r\n\r\n{\"email\":")); err != nil {
		t.Fatal(err)
	}
	// Generous: the server must cut within its 1 s time-out, the test waits 15 s.
	_ = conn.SetReadDeadline(time.Now().Add(15 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server still waits for the body after 15 s")
	}
	if err == nil {
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("a body cut short: %d, want 400", res.StatusCode)
		}
	}

	s := login(t, srv.URL, email, password)
	st := s.openStream(t, srv.URL)
	defer st.cancel()
	if st.waitClosed(3 * time.Second) {
		t.Fatal("the live event stream was cut by the body time-out")
	}
}
