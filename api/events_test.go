package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/migrations/testdb"
)

// sseEvent is one event read from a stream.
type sseEvent struct {
	ID   string
	Kind string
	Data map[string]any
}

// subscribe opens the console's event stream and returns the events it reads.
func (s *staff) subscribe(t *testing.T) (<-chan sseEvent, context.CancelFunc) {
	t.Helper()
	return openStream(t, s.client, s.base+"/api/admin/events", nil)
}

// openStream reads a server-sent-event stream until the test ends or cancel is called.
func openStream(t *testing.T, client *http.Client, url string, header http.Header) (<-chan sseEvent, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("stream %s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 64)
	go func() {
		defer res.Body.Close()
		defer close(out)
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "id: "):
				ev.ID = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "event: "):
				ev.Kind = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &ev.Data)
			case line == "" && ev.Kind != "":
				out <- ev
				ev = sseEvent{}
			}
		}
	}()
	t.Cleanup(cancel)
	return out, cancel
}

func waitFor(t *testing.T, events <-chan sseEvent, kind string, within time.Duration) sseEvent {
	t.Helper()
	deadline := time.After(within)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("the stream closed before %s", kind)
			}
			if ev.Kind == kind {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %s within %s", kind, within)
		}
	}
}

func TestBookingReachesAnotherReplicasStream(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	one := newConsoleServerOn(t, prefix, rdb)
	two := newConsoleServerOn(t, prefix, rdb)
	admin := signIn(t, two.URL, "admin")
	editor := signIn(t, two.URL, "editor")
	adminEvents, _ := admin.subscribe(t)
	editorEvents, _ := editor.subscribe(t)
	english := signIn(t, two.URL, "admin")
	englishEvents, _ := openStream(t, english.client, english.base+"/api/admin/events?lang=en", nil)

	r := do(t, "POST", one.URL+"/api/appointments", map[string]any{"name": "Replica Test", "phone": "0550998877"})
	if r.Status != 201 {
		t.Fatalf("book: %d %s", r.Status, r.Raw)
	}
	ev := waitFor(t, adminEvents, "appointment.created", time.Second)
	if ev.Data["appointment"].(map[string]any)["id"] != r.Body["id"] {
		t.Fatalf("event: %v", ev.Data)
	}
	// Each reader reads the notification in their language.
	for events, want := range map[<-chan sseEvent]string{adminEvents: "Nouveau rendez-vous : Replica Test",
		englishEvents: "New appointment: Replica Test"} {
		if n := waitFor(t, events, "notification.created", time.Second).Data["notification"].(map[string]any); n["title"] != want {
			t.Errorf("notification %v, want the title %q", n, want)
		}
	}
	waitFor(t, editorEvents, "appointment.created", time.Second)
	// The editor may not see notifications: the next event they get is the next appointment's.
	r2 := do(t, "POST", one.URL+"/api/appointments", map[string]any{"name": "Replica Deux", "phone": "0550998866"})
	select {
	case ev := <-editorEvents:
		if ev.Kind != "appointment.created" || ev.Data["appointment"].(map[string]any)["id"] != r2.Body["id"] {
			t.Fatalf("the editor received %s %v", ev.Kind, ev.Data)
		}
	case <-time.After(time.Second):
		t.Fatal("no second appointment for the editor")
	}
}

func TestAStalledClientDoesNotHoldBackTheOthers(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	srv := newConsoleServerOn(t, prefix, rdb)
	adm := signIn(t, srv.URL, "admin")
	// A client that opens the stream and never reads from it.
	stalled := signIn(t, srv.URL, "admin")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/admin/events", nil)
	res, err := stalled.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	events, _ := adm.subscribe(t)

	pub := live.NewPublisher[booking.Event](rdb, prefix, nil)
	big := strings.Repeat("x", 4000)
	const n = 400
	for i := range n {
		pub.Publish(context.Background(), booking.Event{Kind: booking.EventAppointmentUpdated,
			Appointment: &booking.Appointment{ID: strconv.Itoa(i), Message: big}})
	}
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev := <-events:
			if ev.Data["appointment"].(map[string]any)["id"] == strconv.Itoa(n-1) {
				return
			}
		case <-deadline:
			t.Fatal("the reading client did not get every event while another client stalled")
		}
	}
}

func TestStreamsCloseWhenTheSessionEnds(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	ed := signIn(t, srv.URL, "editor")
	edEvents, _ := ed.subscribe(t)
	admEvents, _ := adm.subscribe(t)
	id := ed.do("GET", "/api/admin/me", nil).Body["user"].(map[string]any)["id"].(string)
	if r := adm.do("PATCH", "/api/admin/users/"+id, map[string]any{"is_active": false}); r.Status != 200 {
		t.Fatalf("deactivate: %s", r.Raw)
	}
	closed := func(events <-chan sseEvent) bool {
		select {
		case _, ok := <-events:
			return !ok
		case <-time.After(time.Second):
			return false
		}
	}
	if !closed(edEvents) {
		t.Fatal("a deactivated user's stream stayed open")
	}
	if r := adm.do("POST", "/api/admin/logout", nil); r.Status != 200 {
		t.Fatalf("logout: %d", r.Status)
	}
	if !closed(admEvents) {
		t.Fatal("the stream outlived the logout")
	}
}
