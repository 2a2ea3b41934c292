package blackbox

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// staff is a signed-in console user: the session cookie and the CSRF token.
type staff struct {
	Email, Password string
	Token, CSRF     string
	ID              string
}

// createAdmin makes a console user with the binary's `admin create`.
func createAdmin(t testing.TB, e env, email, role, password string) {
	t.Helper()
	cmd := exec.Command(binary(t), "admin", "create", "--email", email, "--role", role, "--password-stdin")
	cmd.Env = e.list()
	cmd.Stdin = strings.NewReader(password + "\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("admin create: %v\n%s", err, out)
	}
}

// login signs in and returns the session, or fails the test.
func login(t testing.TB, base, email, password string, header ...string) *staff {
	t.Helper()
	r, cookie := signIn(t, base, email, password, "", header...)
	if r.Status != http.StatusOK || cookie == nil {
		t.Fatalf("sign-in as %s: %d %s", email, r.Status, r.Raw)
	}
	csrf, _ := r.Body["csrf_token"].(string)
	user, _ := r.Body["user"].(map[string]any)
	id, _ := user["id"].(string)
	return &staff{Email: email, Password: password, Token: cookie.Value, CSRF: csrf, ID: id}
}

// signIn posts the credentials, with a session cookie already set when preset is not
// empty, and returns the answer and the session cookie it sets.
func signIn(t testing.TB, base, email, password, preset string, header ...string) (reply, *http.Cookie) {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/api/admin/login",
		strings.NewReader(fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)))
	req.Header.Set("Content-Type", "application/json")
	if preset != "" {
		req.AddCookie(&http.Cookie{Name: "dota_session", Value: preset})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	r := readReply(res)
	for _, c := range res.Cookies() {
		if c.Name == "dota_session" {
			return r, c
		}
	}
	return r, nil
}

func readReply(res *http.Response) reply {
	raw, _ := io.ReadAll(res.Body)
	out := reply{Status: res.StatusCode, Header: res.Header, Raw: raw}
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// do sends a console request with the session's cookie and, unless csrf says otherwise,
// its CSRF token.
func (s *staff) do(t testing.TB, base, method, path string, body any, csrf ...string) reply {
	t.Helper()
	token := s.CSRF
	if len(csrf) > 0 {
		token = csrf[0]
	}
	h := []string{"Cookie", "dota_session=" + s.Token}
	if token != "" {
		h = append(h, "X-CSRF-Token", token)
	}
	r, err := call(client, method, base+path, body, h...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return r
}

// stream is an open console live-event stream.
type stream struct {
	events chan string // event names, in order
	closed chan struct{}
	cancel context.CancelFunc
}

// openStream opens /api/admin/events with the session and reads it in the background.
func (s *staff) openStream(t testing.TB, base string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/admin/events", nil)
	req.Header.Set("Cookie", "dota_session="+s.Token)
	req.Header.Set("Accept", "text/event-stream")
	res, err := (&http.Client{}).Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		cancel()
		res.Body.Close()
		t.Fatalf("events: %d", res.StatusCode)
	}
	st := &stream{events: make(chan string, 100), closed: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(st.closed)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event:"); ok {
				select {
				case st.events <- strings.TrimSpace(name):
				default:
				}
			}
		}
	}()
	t.Cleanup(cancel)
	return st
}

// waitEvent waits for an event named name; false when none came within timeout.
func (st *stream) waitEvent(name string, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for {
		select {
		case n := <-st.events:
			if n == name {
				return true
			}
		case <-deadline:
			return false
		}
	}
}

// waitClosed reports whether the server ended the stream within timeout.
func (st *stream) waitClosed(timeout time.Duration) bool {
	select {
	case <-st.closed:
		return true
	case <-time.After(timeout):
		return false
	}
}

// metric reads a counter or gauge, summed over its labels, from /metrics of the metrics
// listener at base.
func metric(t testing.TB, base, name string) float64 {
	t.Helper()
	r := must(t, "GET", base+"/metrics", nil)
	sum := 0.0
	for _, line := range strings.Split(string(r.Raw), "\n") {
		if !strings.HasPrefix(line, name) || strings.HasPrefix(line, "#") {
			continue
		}
		rest := strings.TrimPrefix(line, name)
		if rest == "" || (rest[0] != ' ' && rest[0] != '{') {
			continue
		}
		f := strings.Fields(line)
		v, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err == nil {
			sum += v
		}
	}
	return sum
}
