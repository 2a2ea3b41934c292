package calendars_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
)

// An event in a consultant's calendar, served by an ICS address, marks that hour busy
// after one run of the periodic read; free and cancelled events block nothing.
func TestAReadMarksTheEventsHourBusy(t *testing.T) {
	ctx := context.Background()
	core := newCore(t)
	svc := newService(t, core, 300*time.Millisecond)
	user := consultant(t, "Yacine")
	srv := newCalendarServer(t, icsFile())
	if _, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL + "/cal.ics"}, "en"); err != nil {
		t.Fatal(err)
	}
	if got := busy(t, user); len(got) != 0 {
		t.Fatalf("an empty calendar blocks %v", got)
	}
	start := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	stamp := func(t time.Time) string { return t.Format("20060102T150405Z") }
	srv.set(icsFile(
		"UID:meeting-1\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Board meeting\r\nDTSTART:"+stamp(start)+"\r\nDTEND:"+stamp(start.Add(time.Hour))+"\r\n",
		"UID:free-1\r\nDTSTAMP:20260101T000000Z\r\nTRANSP:TRANSPARENT\r\nDTSTART:"+stamp(start.Add(3*time.Hour))+"\r\nDTEND:"+stamp(start.Add(4*time.Hour))+"\r\n",
		"UID:off-1\r\nDTSTAMP:20260101T000000Z\r\nSTATUS:CANCELLED\r\nDTSTART:"+stamp(start.Add(5*time.Hour))+"\r\nDTEND:"+stamp(start.Add(6*time.Hour))+"\r\n",
	), http.StatusOK)

	jobs := newCore(t, booking.WithJobs(booking.JobsConfig{
		AddWorkers: []func(*river.Workers) error{svc.AddWorkers},
		Periodic:   []*river.PeriodicJob{svc.Periodic()},
	}))
	svc.Attach(jobs)
	runCtx, cancel := context.WithCancel(ctx)
	if err := jobs.StartJobs(runCtx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer scancel()
		_ = jobs.StopJobs(sctx)
		cancel()
	})
	deadline := time.Now().Add(15 * time.Second)
	for len(busy(t, user)) == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	got := busy(t, user)
	if len(got) != 1 || !got[0].Start.Equal(start) || !got[0].End.Equal(start.Add(time.Hour)) {
		t.Fatalf("busy %v, want %s for an hour", got, start)
	}
	st, err := svc.Status(ctx, user, "en")
	if err != nil {
		t.Fatal(err)
	}
	if st.BusyCount != 1 || st.LastError != "" || st.LastOKAt == nil || st.SourceURL != srv.URL+"/cal.ics" {
		t.Fatalf("status %+v", st)
	}
	var titles int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM consultant_calendars WHERE source_url LIKE '%Board%'`).Scan(&titles); err != nil || titles != 0 {
		t.Fatal("a title was stored")
	}
}

// A calendar that fails keeps the ranges of its last good read, and says why and when.
func TestAFailingCalendarKeepsTheLastRanges(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, newCore(t), time.Minute)
	user := consultant(t, "Amina")
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)
	srv := newCalendarServer(t, icsFile("UID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:"+start.Format("20060102T150405Z")+
		"\r\nDURATION:PT2H\r\n"))
	if _, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL}, "en"); err != nil {
		t.Fatal(err)
	}
	before, err := svc.Status(ctx, user, "en")
	if err != nil {
		t.Fatal(err)
	}
	if len(busy(t, user)) != 1 {
		t.Fatalf("busy %v", busy(t, user))
	}
	srv.set("", http.StatusInternalServerError)
	time.Sleep(10 * time.Millisecond)
	if good, err := svc.ReadAll(ctx); err != nil || good != 0 {
		t.Fatalf("read all: %d %v", good, err)
	}
	got := busy(t, user)
	if len(got) != 1 || !got[0].Start.Equal(start) || !got[0].End.Equal(start.Add(2*time.Hour)) {
		t.Fatalf("after a failed read: %v", got)
	}
	after, err := svc.Status(ctx, user, "en")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(after.LastError, "500") || after.LastOKAt == nil || !after.LastOKAt.Equal(*before.LastOKAt) ||
		!after.LastReadAt.After(*before.LastReadAt) || after.BusyCount != 1 {
		t.Fatalf("status after a failed read: %+v (before %+v)", after, before)
	}
	// Read well again: the error goes.
	srv.set(icsFile(), http.StatusOK)
	if good, err := svc.ReadAll(ctx); err != nil || good != 1 {
		t.Fatalf("read all: %d %v", good, err)
	}
	if st, _ := svc.Status(ctx, user, "en"); st.LastError != "" || st.BusyCount != 0 {
		t.Fatalf("status after a good read: %+v", st)
	}
}

// An address that cannot be read is refused with the reason; one on this machine is
// refused unless the server allows private addresses; removing the calendar frees what
// it blocked.
func TestSettingACalendarChecksItFirst(t *testing.T) {
	ctx := context.Background()
	core := newCore(t)
	svc := newService(t, core, time.Minute)
	user := consultant(t, "Karim")
	srv := newCalendarServer(t, "")
	srv.set("", http.StatusNotFound)
	_, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL}, "en")
	var v *booking.ValidationError
	if !errors.As(err, &v) || !strings.Contains(v.LocalizedFields("en")["source_url"], "404") {
		t.Fatalf("a 404 address: %v", err)
	}
	srv.set("<html>not a calendar</html>", http.StatusOK)
	if _, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL}, "fr"); !errors.As(err, &v) ||
		v.LocalizedFields("fr")["source_url"] != calendars.Text("fr", "calendar_unreadable") {
		t.Fatalf("a page that is no calendar: %v", err)
	}
	if _, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: "ftp://x.test/cal"}, "en"); !errors.As(err, &v) ||
		v.Fields["source_url"] != "calendar_url_invalid" {
		t.Fatalf("an ftp address: %v", err)
	}
	strict := calendars.New(pool, calendars.Config{PublicURL: publicURL})
	strict.Attach(core)
	srv.set(icsFile(), http.StatusOK)
	if _, err := strict.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL}, "en"); !errors.As(err, &v) ||
		v.Fields["source_url"] != "calendar_not_public" {
		t.Fatalf("an address on this machine: %v", err)
	}
	if _, err := svc.SetSource(ctx, consultantless(t), calendars.SourceInput{URL: srv.URL}, "en"); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("a user who is no consultant: %v", err)
	}
	start := time.Now().UTC().Add(96 * time.Hour).Truncate(time.Hour)
	srv.set(icsFile("UID:b\r\nDTSTART:"+start.Format("20060102T150405Z")+"\r\nDTEND:"+start.Add(time.Hour).Format("20060102T150405Z")+"\r\n"), http.StatusOK)
	st, err := svc.SetSource(ctx, user, calendars.SourceInput{URL: srv.URL, Username: "me", Password: "secret"}, "en")
	if err != nil || st.BusyCount != 1 || st.SourceKind != "ics" || st.SourceUsername != "me" {
		t.Fatalf("set: %+v %v", st, err)
	}
	st, err = svc.SetSource(ctx, user, calendars.SourceInput{}, "en")
	if err != nil || st.BusyCount != 0 || st.SourceURL != "" || st.LastOKAt != nil {
		t.Fatalf("removed: %+v %v", st, err)
	}
}

// consultantless is a staff user who is no consultant.
func consultantless(t *testing.T) string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `INSERT INTO admin_users (email, role, password_hash)
		VALUES ($1, 'editor', 'x') RETURNING id::text`, "n"+time.Now().Format("150405.000000")+"@dota.test").Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}
