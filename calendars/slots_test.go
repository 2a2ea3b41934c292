package calendars_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
)

// A consultant's own calendar, served by a local address, marks an hour busy: within one
// polling period that hour is no longer offered for their service, and the other hours
// stay offered.
func TestABusyHourLeavesTheSlotsWithinAPoll(t *testing.T) {
	ctx := context.Background()
	svc := calendars.New(pool, calendars.Config{Poll: 300 * time.Millisecond, AllowPrivate: true, Timeout: 5 * time.Second,
		PublicURL: publicURL})
	core := newCore(t, booking.WithJobs(booking.JobsConfig{
		AddWorkers: []func(*river.Workers) error{svc.AddWorkers},
		Periodic:   []*river.PeriodicJob{svc.Periodic()},
	}))
	svc.Attach(core)
	user := consultant(t, "Yacine")
	only := booking.SlotsFor{Service: "developpement-web"}
	slot := freeSlotFor(t, core, only)
	day := func() map[string]bool {
		d, err := core.Day(ctx, slot.Date, "en", only)
		if err != nil {
			t.Fatal(err)
		}
		free := map[string]bool{}
		for _, s := range d.Slots {
			free[s.Time] = s.Free
		}
		return free
	}
	if !day()[slot.Time] {
		t.Fatalf("%s %s is not free to begin with", slot.Date, slot.Time)
	}
	srv := newCalendarServer(t, icsFile())
	if _, err := svc.SetSource(ctx, user, calendars.SourceInput{Kind: "ics", URL: srv.URL}, "en"); err != nil {
		t.Fatal(err)
	}
	st, err := core.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	start, err := time.ParseInLocation("2006-01-02 15:04", slot.Date+" "+slot.Time, st.Location())
	if err != nil {
		t.Fatal(err)
	}
	stamp := func(t time.Time) string { return t.UTC().Format("20060102T150405Z") }
	srv.set(icsFile("UID:x\r\nDTSTART:"+stamp(start.Add(10*time.Minute))+"\r\nDTEND:"+stamp(start.Add(40*time.Minute))+"\r\n"), http.StatusOK)

	runCtx, cancel := context.WithCancel(ctx)
	if err := core.StartJobs(runCtx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, scancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer scancel()
		_ = core.StopJobs(sctx)
		cancel()
	})
	deadline := time.Now().Add(15 * time.Second)
	for day()[slot.Time] && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	free := day()
	if free[slot.Time] {
		t.Fatalf("%s %s is still offered after the calendar's read", slot.Date, slot.Time)
	}
	others := 0
	for hhmm, ok := range free {
		if ok && hhmm != slot.Time {
			others++
		}
	}
	if others == 0 {
		t.Fatalf("no other hour of %s is offered: %v", slot.Date, free)
	}
}

// freeSlotFor is an open slot at least three days ahead for f.
func freeSlotFor(t *testing.T, c *booking.Core, f booking.SlotsFor) booking.SlotRef {
	t.Helper()
	d := time.Now().AddDate(0, 0, 3)
	for i := 0; i < 30; i++ {
		day, err := c.Day(context.Background(), d.Format("2006-01-02"), "en", f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range day.Slots {
			if !day.Closed && s.Free && !s.Past {
				return booking.SlotRef{Date: day.Date, Time: s.Time}
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no free slot")
	return booking.SlotRef{}
}
