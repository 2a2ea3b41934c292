package booking_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// pastMeeting inserts an appointment of client (nil: none) that started hoursAgo before
// now, with the given outcome ("" none), service, source, mode and status.
func pastMeeting(t *testing.T, now time.Time, hoursAgo int, client *string, outcome, service, source, mode, status string) string {
	t.Helper()
	start := now.Add(-time.Duration(hoursAgo) * time.Hour)
	loc := algiersLoc(t)
	var id string
	err := pool.QueryRow(context.Background(), `INSERT INTO appointments (name, date, time, starts_at, client_id,
			outcome, outcome_at, service, source, mode, status)
		VALUES ('Past Meeting', $1::date, $2, $3, $4, nullif($5, ''), CASE WHEN $5 <> '' THEN $3::timestamptz END,
			$6, $7, $8, $9)
		RETURNING id::text`,
		start.In(loc).Format(time.DateOnly), start.In(loc).Format("15:04"), start, client, outcome, service, source,
		mode, status).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func newClient(t *testing.T) *string {
	t.Helper()
	var id string
	if err := pool.QueryRow(context.Background(), `INSERT INTO clients (nom, prenom) VALUES ('Haddad', 'Lina')
		RETURNING id::text`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return &id
}

func TestOutcomeIsRecordedOnceTheMeetingsTimeHasPassed(t *testing.T) {
	reset(t)
	ctx := context.Background()
	rec := &recorder{}
	before := booking.New(pool, booking.WithClock(func() time.Time { return sundayMorning }), booking.WithPublisher(rec))
	res, err := before.Book(ctx, booking.Request{Name: "Nadia Ferhat", Phone: "0555000101", Date: "2026-11-22", Time: "14:00"})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Appointment.ID
	var refused *booking.OutcomeRefusedError
	if _, err := before.RecordOutcome(ctx, id, booking.OutcomeAttended, "staff@dota.test"); !errors.As(err, &refused) ||
		refused.Fields["outcome"] != "outcome_too_early" {
		t.Fatalf("before its time: %v", err)
	}
	after := booking.New(pool, booking.WithClock(func() time.Time { return sundayMorning.Add(8 * time.Hour) }),
		booking.WithPublisher(rec))
	if _, err := after.RecordOutcome(ctx, id, "maybe", "staff@dota.test"); err == nil {
		t.Fatal("an unknown outcome was recorded")
	}
	a, err := after.RecordOutcome(ctx, id, booking.OutcomeNoShow, "staff@dota.test")
	if err != nil {
		t.Fatal(err)
	}
	if a.Outcome != booking.OutcomeNoShow || a.OutcomeAt == nil || a.ClientNoShows != 1 {
		t.Fatalf("recorded: outcome %q at %v, client no-shows %d", a.Outcome, a.OutcomeAt, a.ClientNoShows)
	}
	// A staff mistake is corrected, and both are in the history; the same outcome again
	// changes nothing.
	if _, err := after.RecordOutcome(ctx, id, booking.OutcomeAttended, "boss@dota.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := after.RecordOutcome(ctx, id, booking.OutcomeAttended, "boss@dota.test"); err != nil {
		t.Fatal(err)
	}
	h, err := after.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(h) != 2 || h[0].Code != "history_outcome_changed" || h[0].ChangedBy != "boss@dota.test" ||
		h[1].Code != "history_outcome" || h[1].ChangedBy != "staff@dota.test" ||
		!strings.Contains(h[0].Notes, "no_show") {
		t.Fatalf("history: %+v", h)
	}
	published := 0
	for _, e := range rec.events {
		if e.Kind == booking.EventAppointmentUpdated && e.Appointment != nil && e.Appointment.ID == id {
			published++
		}
	}
	if published != 2 {
		t.Fatalf("%d live events for two changes", published)
	}
	// A cancelled appointment has no outcome.
	status := booking.StatusCancelled
	if _, err := after.Edit(ctx, id, booking.Change{Status: &status}, "staff@dota.test"); err != nil {
		t.Fatal(err)
	}
	if _, err := after.RecordOutcome(ctx, id, booking.OutcomeNoShow, "staff@dota.test"); !errors.As(err, &refused) ||
		refused.Fields["outcome"] != "outcome_cancelled" {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestOutcomeFilterAndTheNoShowBadge(t *testing.T) {
	reset(t)
	ctx := context.Background()
	now := sundayMorning
	core := newCore(t, now)
	client := newClient(t)
	pastMeeting(t, now, 50, client, booking.OutcomeNoShow, "consultation", "form", "office", "confirmed")
	pastMeeting(t, now, 30, client, booking.OutcomeNoShow, "consultation", "form", "office", "pending")
	missing := pastMeeting(t, now, 3, nil, "", "consultation", "chat", "phone", "confirmed")
	pastMeeting(t, now, 4, nil, "", "consultation", "chat", "phone", booking.StatusCancelled)
	// The client books again: the new appointment carries the badge's count.
	var again string
	if err := pool.QueryRow(ctx, `INSERT INTO appointments (name, date, time, starts_at, client_id)
		VALUES ('Lina Haddad', '2026-11-24', '10:00', $1, $2) RETURNING id::text`,
		now.Add(50*time.Hour), client).Scan(&again); err != nil {
		t.Fatal(err)
	}
	page, err := core.Appointments(ctx, booking.AppointmentFilter{}, booking.Paging{Size: 20})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range page.Items {
		if a.ID == again && a.ClientNoShows != 2 {
			t.Fatalf("the new booking shows %d no-shows, want 2", a.ClientNoShows)
		}
	}
	one, err := core.Appointment(ctx, again)
	if err != nil || one.ClientNoShows < booking.NoShowBadgeAt {
		t.Fatalf("details: %d no-shows, %v", one.ClientNoShows, err)
	}
	for filter, want := range map[string]int{booking.OutcomeMissing: 1, booking.OutcomeNoShow: 2, booking.OutcomeAttended: 0} {
		page, err := core.Appointments(ctx, booking.AppointmentFilter{Outcome: filter}, booking.Paging{Size: 20})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != want || (filter == booking.OutcomeMissing && page.Items[0].ID != missing) {
			t.Fatalf("outcome=%s: %d, want %d", filter, page.Total, want)
		}
	}
	if _, err := core.Appointments(ctx, booking.AppointmentFilter{Outcome: "late"}, booking.Paging{Size: 20}); err == nil {
		t.Fatal("an unknown outcome filter was accepted")
	}
	rec, err := core.ClientOutcomes(ctx, *client)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Counts[booking.OutcomeNoShow] != 2 || !rec.NoShowBadge || len(rec.Appointments) != 2 {
		t.Fatalf("client's record: %+v", rec)
	}
}

func TestOutcomesDueAreListedByOwnerOnceADay(t *testing.T) {
	reset(t)
	ctx := context.Background()
	rec := &recorder{}
	core := booking.New(pool, booking.WithClock(func() time.Time { return sundayMorning }), booking.WithPublisher(rec))
	pastMeeting(t, sundayMorning, 3, nil, "", "consultation", "form", "office", "confirmed")
	pastMeeting(t, sundayMorning, 30, nil, "", "consultation", "form", "office", "pending")
	pastMeeting(t, sundayMorning, 30, nil, booking.OutcomeAttended, "consultation", "form", "office", "pending")
	list, err := core.PublishOutcomesDue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if list.Day != "2026-11-22" || len(list.Owners) != 1 || list.Owners[0].Owner != "" || list.Owners[0].Count != 2 {
		t.Fatalf("list: %+v", list)
	}
	if len(rec.events) != 1 || rec.events[0].Kind != booking.EventOutcomesDue {
		t.Fatalf("events: %+v", rec.events)
	}
	var sent booking.OutcomesDueList
	if err := json.Unmarshal(rec.events[0].Data, &sent); err != nil || sent.Owners[0].Count != 2 {
		t.Fatalf("event data %s: %v", rec.events[0].Data, err)
	}
}

func TestOutcomeRatesOverAPeriod(t *testing.T) {
	reset(t)
	ctx := context.Background()
	now := sundayMorning
	core := newCore(t, now)
	// 32 hours before Sunday 08:00 is Saturday 00:00 (weekday 6), 56 hours Friday's (5).
	saturday := 32
	ids := []string{
		pastMeeting(t, now, saturday, nil, booking.OutcomeAttended, "consultation", "form", "office", "confirmed"),
		pastMeeting(t, now, saturday+24, nil, booking.OutcomeNoShow, "consultation", "chat", "video", "confirmed"),
		pastMeeting(t, now, saturday+24, nil, booking.OutcomeNoShow, "web-development", "chat", "office", "confirmed"),
		pastMeeting(t, now, saturday, nil, booking.OutcomeAgencyCancelled, "consultation", "form", "office", "confirmed"),
	}
	pastMeeting(t, now, saturday, nil, "", "consultation", "form", "office", booking.StatusCancelled)
	if _, err := pool.Exec(ctx, `UPDATE appointments SET reconfirmed_at = starts_at - interval '2 hours' WHERE id = ANY($1::uuid[])`,
		ids[:2]); err != nil {
		t.Fatal(err)
	}
	st, err := core.OutcomeStats(ctx, "2026-11-01", "2026-11-22")
	if err != nil {
		t.Fatal(err)
	}
	if st.Meetings != 4 || st.Reconfirmed != 2 || st.ReconfirmationRate != 0.5 {
		t.Fatalf("reconfirmation: %d of %d, %v", st.Reconfirmed, st.Meetings, st.ReconfirmationRate)
	}
	if st.Attended != 1 || st.NoShow != 2 || st.NoShowRate != 0.6666 {
		t.Fatalf("no-shows: %d of %d, %v", st.NoShow, st.Attended+st.NoShow, st.NoShowRate)
	}
	byKey := func(rows []booking.OutcomeRate) map[string]booking.OutcomeRate {
		m := map[string]booking.OutcomeRate{}
		for _, r := range rows {
			m[r.Key] = r
		}
		return m
	}
	if r := byKey(st.BySource)["chat"]; r.Total != 2 || r.NoShow != 2 || r.Rate != 1 {
		t.Fatalf("by source: %+v", st.BySource)
	}
	if r := byKey(st.ByService)["consultation"]; r.Total != 2 || r.Rate != 0.5 {
		t.Fatalf("by service: %+v", st.ByService)
	}
	if r := byKey(st.ByMode)["office"]; r.Total != 2 || r.NoShow != 1 {
		t.Fatalf("by mode: %+v", st.ByMode)
	}
	if w := byKey(st.ByWeekday); w["6"].Total != 1 || w["5"].NoShow != 2 {
		t.Fatalf("by weekday: %+v", st.ByWeekday)
	}
	// Outside the period, nothing; a bad period is refused.
	if st, err := core.OutcomeStats(ctx, "2026-10-01", "2026-10-31"); err != nil || st.Meetings != 0 || st.NoShowRate != 0 {
		t.Fatalf("october: %+v %v", st, err)
	}
	if _, err := core.OutcomeStats(ctx, "2026-11-22", "2026-11-01"); err == nil {
		t.Fatal("a period ending before it starts was accepted")
	}
}

// followUpSettings switches the follow-up on or off.
func followUpSettings(t *testing.T, c *booking.Core, on bool) {
	t.Helper()
	st, err := c.Settings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	st.FollowUpEmail, st.FollowUpURL = on, "https://dota.example/next-step"
	if _, err := c.SaveSettings(context.Background(), st); err != nil {
		t.Fatal(err)
	}
}

func TestFollowUpAfterAnAttendedMeetingOnlyWhenSwitchedOn(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	t.Cleanup(func() { followUpSettings(t, c, false) })
	held := func(lang string, skip int) booking.Appointment {
		a := bookWithMail(t, c, freeSlot(t, c, 3, skip), lang)
		if _, err := pool.Exec(ctx, `UPDATE appointments SET starts_at = now() - interval '2 hours',
			date = (now() - interval '2 hours')::date WHERE id = $1`, a.ID); err != nil {
			t.Fatal(err)
		}
		return a
	}
	// Off: no follow-up.
	followUpSettings(t, c, false)
	off := held("en", 0)
	srv.Wait(t, 1) // its confirmation
	if _, err := c.RecordOutcome(ctx, off.ID, booking.OutcomeAttended, "staff@dota.test"); err != nil {
		t.Fatal(err)
	}
	// On: the thank-you in the customer's language, with the next step, once.
	followUpSettings(t, c, true)
	on := held("ar", 1)
	srv.Wait(t, 2)
	if _, err := c.RecordOutcome(ctx, on.ID, booking.OutcomeAttended, "staff@dota.test"); err != nil {
		t.Fatal(err)
	}
	waitDelivery(t, c, on.ID, booking.KindFollowUp, booking.DeliverySent)
	got := srv.Wait(t, 3)[2].Parse(t)
	if !strings.Contains(got.Text, "https://dota.example/next-step") || !strings.Contains(got.Subject, "شكرًا") ||
		len(got.Attachments) != 0 {
		t.Fatalf("follow-up %q: %s", got.Subject, got.Text)
	}
	// Corrected to a no-show and back, it is not sent again; the meeting with the
	// follow-up off never gets one.
	for _, o := range []string{booking.OutcomeNoShow, booking.OutcomeAttended} {
		if _, err := c.RecordOutcome(ctx, on.ID, o, "staff@dota.test"); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond)
	for _, id := range []string{off.ID, on.ID} {
		page, err := c.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: id, Kind: booking.KindFollowUp})
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int{off.ID: 0, on.ID: 1}[id]; len(page.Items) != want {
			t.Fatalf("%d follow-ups, want %d", len(page.Items), want)
		}
	}
	if n := len(srv.Messages()); n != 3 {
		t.Fatalf("%d messages, want 3", n)
	}
}

func TestFollowUpNeedsAWebAddressWhenOn(t *testing.T) {
	c := newCore(t, sundayMorning)
	st, err := c.Settings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for url, want := range map[string]string{"": "required", "ftp://x.dz/next": "url_invalid", "javascript:alert(1)": "url_invalid"} {
		st.FollowUpEmail, st.FollowUpURL = true, url
		var v *booking.ValidationError
		if err := st.Validate(); !errors.As(err, &v) || v.Fields["follow_up_url"] != want {
			t.Fatalf("%q: %v, want %s", url, err, want)
		}
	}
	st.FollowUpEmail, st.FollowUpURL = false, ""
	if err := st.Validate(); err != nil {
		t.Fatal(err)
	}
}
