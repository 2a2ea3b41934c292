package calendars_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	goical "github.com/emersion/go-ical"
	"github.com/emersion/go-webdav/caldav"

	"github.com/dota-agency/dota/calendars"
)

// davCalendar is a CalDAV collection holding one calendar object; it records the
// time range it is asked for.
type davCalendar struct {
	caldav.Backend // only the query is served
	data           string
	mu             sync.Mutex
	asked          caldav.CompFilter
}

func (d *davCalendar) QueryCalendarObjects(_ context.Context, path string, q *caldav.CalendarQuery) ([]caldav.CalendarObject, error) {
	d.mu.Lock()
	d.asked = q.CompFilter
	d.mu.Unlock()
	cal, err := goical.NewDecoder(strings.NewReader(d.data)).Decode()
	if err != nil {
		return nil, err
	}
	return []caldav.CalendarObject{{Path: path + "meeting.ics", Data: cal, ETag: `"1"`}}, nil
}

// A CalDAV collection is asked for the window's events with the account's username and
// password; its recurring event blocks each occurrence.
func TestACalDAVCollectionIsRead(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, newCore(t), time.Minute)
	user := consultant(t, "Nadia")
	start := time.Now().UTC().Add(24 * time.Hour).Truncate(time.Hour)
	stamp := func(t time.Time) string { return t.Format("20060102T150405Z") }
	backend := &davCalendar{data: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:daily\r\n" +
		"DTSTAMP:20260101T000000Z\r\nSUMMARY:Stand-up\r\nDTSTART:" + stamp(start) + "\r\nDTEND:" + stamp(start.Add(30*time.Minute)) +
		"\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"}
	dav := &caldav.Handler{Backend: backend}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "nadia" || p != "s3cret" {
			w.Header().Set("WWW-Authenticate", `Basic realm="cal"`)
			http.Error(w, "who?", http.StatusUnauthorized)
			return
		}
		dav.ServeHTTP(w, r)
	}))
	defer srv.Close()
	url := srv.URL + "/calendars/nadia/work/"

	_, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "caldav", URL: url, Username: "nadia", Password: "wrong"}, "en")
	if err == nil || !strings.Contains(err.Error(), "calendar_denied") {
		t.Fatalf("a wrong password: %v", err)
	}
	st, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "caldav", URL: url, Username: "nadia", Password: "s3cret"}, "en")
	if err != nil {
		t.Fatal(err)
	}
	got := busy(t, user)
	if st.BusyCount != 3 || len(got) != 3 || !got[0].Start.Equal(start) || !got[2].End.Equal(start.Add(48*time.Hour+30*time.Minute)) {
		t.Fatalf("status %+v, busy %v", st, got)
	}
	backend.mu.Lock()
	asked := backend.asked
	backend.mu.Unlock()
	if len(asked.Comps) != 1 || asked.Comps[0].Name != "VEVENT" || asked.Comps[0].Start.IsZero() || !asked.Comps[0].End.After(start) {
		t.Fatalf("the query asked %+v", asked)
	}
	// The next read keeps the saved password.
	if good, err := svc.ReadAll(ctx); err != nil || good != 1 {
		t.Fatalf("read all: %d %v", good, err)
	}
}
