package booking_test

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

// The appointment's life after booking, against the real PostgreSQL, River and an SMTP
// server: every message is received, in the booking's language, with its manage link and
// a calendar file that a parser reads back.

const publicURL = "https://dota.example"

// mailCore is a core on the real clock that sends through srv and works its jobs, retrying
// quickly; the jobs stop when the test ends.
func mailCore(t *testing.T, srv *mailtest.Server) *booking.Core {
	t.Helper()
	var sender mail.Sender
	var err error
	if srv != nil {
		sender, err = mail.NewTransport(srv.URL())
	} else {
		sender, err = mail.NewTransport("")
	}
	if err != nil {
		t.Fatal(err)
	}
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	c := booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, Sender: sender, PublicURL: publicURL}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}))
	startJobs(t, c)
	return c
}

func startJobs(t *testing.T, c *booking.Core) {
	t.Helper()
	if err := c.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = c.StopJobs(ctx)
	})
}

// resetLife empties the tables and River's jobs, with the notice and lead a test expects.
func resetLife(t *testing.T) {
	t.Helper()
	reset(t)
	if _, err := pool.Exec(context.Background(), `TRUNCATE river_job;
		UPDATE settings SET reminder_lead_minutes = 1440, min_notice_minutes = 1440`); err != nil {
		t.Fatal(err)
	}
}

// freeSlot is an open slot at least days ahead, on the real calendar.
func freeSlot(t *testing.T, c *booking.Core, days int, skip int) booking.SlotRef {
	t.Helper()
	d := time.Now().In(algiersLoc(t)).AddDate(0, 0, days)
	for i := 0; i < 30; i++ {
		day, err := c.Day(context.Background(), d.Format("2006-01-02"), "en")
		if err != nil {
			t.Fatal(err)
		}
		if !day.Closed {
			for _, s := range day.Slots {
				if s.Free && !s.Past {
					if skip == 0 {
						return booking.SlotRef{Date: day.Date, Time: s.Time}
					}
					skip--
				}
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	t.Fatal("no free slot")
	return booking.SlotRef{}
}

func algiersLoc(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Africa/Algiers")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func bookWithMail(t *testing.T, c *booking.Core, slot booking.SlotRef, lang string) booking.Appointment {
	t.Helper()
	res, err := c.Book(context.Background(), booking.Request{Name: "Amine Belkacem", Email: "amine@belk.dz",
		Phone: "0555123499", Service: "Développement web", Date: slot.Date, Time: slot.Time, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	return res.Appointment
}

var manageLink = regexp.MustCompile(regexp.QuoteMeta(publicURL) + `/manage/([A-Za-z0-9_-]{43})\?lang=(fr|en|ar)`)

// calendar parses a message's invite and returns its method and event.
func calendar(t *testing.T, p *mailtest.Parsed) (string, *ics.VEvent) {
	t.Helper()
	a := p.Attachment("invite.ics")
	if a == nil {
		t.Fatalf("no invite.ics in %q", p.Subject)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	var method string
	for _, prop := range cal.CalendarProperties {
		if prop.IANAToken == string(ics.PropertyMethod) {
			method = prop.Value
		}
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	return method, events[0]
}

func prop(e *ics.VEvent, p ics.ComponentProperty) string {
	if v := e.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

func TestLifeOfAnAppointmentByMail(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	slot := freeSlot(t, c, 4, 0)
	a := bookWithMail(t, c, slot, "ar")

	// The confirmation, in Arabic, right to left, with the manage link and a REQUEST.
	got := srv.Wait(t, 1)[0].Parse(t)
	if !strings.Contains(got.HTML, `dir="rtl"`) || !strings.Contains(got.HTML, `lang="ar"`) {
		t.Errorf("the Arabic message is not right to left:\n%s", got.HTML)
	}
	m := manageLink.FindStringSubmatch(got.Text)
	if m == nil || m[2] != "ar" {
		t.Fatalf("no manage link in Arabic in:\n%s", got.Text)
	}
	method, ev := calendar(t, got)
	uid := prop(ev, ics.ComponentPropertyUniqueId)
	if method != "REQUEST" || uid != a.ID+"@dota.example" || prop(ev, ics.ComponentPropertySequence) != "0" {
		t.Errorf("confirmation: method %s uid %s sequence %s", method, uid, prop(ev, ics.ComponentPropertySequence))
	}
	if want := a.StartsAt.UTC().Format("20060102T150405Z"); prop(ev, ics.ComponentPropertyDtStart) != want {
		t.Errorf("DTSTART %s, want %s", prop(ev, ics.ComponentPropertyDtStart), want)
	}
	token := m[1]

	// The customer sees it and moves it through the link: a move message, SEQUENCE 1.
	view, err := c.Manage(ctx, token)
	if err != nil || !view.CanCancel || !view.CanReschedule || view.Lang != "ar" {
		t.Fatalf("manage: %+v %v", view, err)
	}
	to := freeSlot(t, c, 5, 1)
	moved, err := c.RescheduleByCustomer(ctx, token, to.Date, to.Time)
	if err != nil || moved.Date != to.Date || moved.Time != to.Time {
		t.Fatalf("reschedule: %+v %v", moved, err)
	}
	got = srv.Wait(t, 2)[1].Parse(t)
	method, ev = calendar(t, got)
	if method != "REQUEST" || prop(ev, ics.ComponentPropertyUniqueId) != uid || prop(ev, ics.ComponentPropertySequence) != "1" {
		t.Errorf("moved: method %s uid %s sequence %s", method, prop(ev, ics.ComponentPropertyUniqueId),
			prop(ev, ics.ComponentPropertySequence))
	}

	// Staff confirm it: the confirmation by staff keeps the sequence.
	if _, err := c.Edit(ctx, a.ID, booking.Change{Status: ptr("confirmed")}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	got = srv.Wait(t, 3)[2].Parse(t)
	if _, ev = calendar(t, got); prop(ev, ics.ComponentPropertySequence) != "1" {
		t.Errorf("confirmed: sequence %s", prop(ev, ics.ComponentPropertySequence))
	}

	// The customer cancels: CANCEL, STATUS:CANCELLED, SEQUENCE 2; a second cancel conflicts.
	if _, err := c.CancelByCustomer(ctx, token); err != nil {
		t.Fatal(err)
	}
	got = srv.Wait(t, 4)[3].Parse(t)
	method, ev = calendar(t, got)
	if method != "CANCEL" || prop(ev, ics.ComponentPropertyStatus) != "CANCELLED" ||
		prop(ev, ics.ComponentPropertySequence) != "2" || prop(ev, ics.ComponentPropertyUniqueId) != uid {
		t.Errorf("cancelled: method %s status %s sequence %s", method, prop(ev, ics.ComponentPropertyStatus),
			prop(ev, ics.ComponentPropertySequence))
	}
	if _, err := c.CancelByCustomer(ctx, token); !errors.Is(err, booking.ErrConflict) {
		t.Errorf("second cancel: %v, want a conflict", err)
	}

	// The history names the customer for the move and the cancellation, staff for the
	// confirmation; the reminders of both starts were skipped.
	history, err := c.History(ctx, a.ID)
	if err != nil || len(history) != 3 {
		t.Fatalf("history: %+v %v", history, err)
	}
	for i, want := range []string{booking.ActorCustomer, "staff@dota.dz", booking.ActorCustomer} {
		if got := history[len(history)-1-i].ChangedBy; got != want {
			t.Errorf("history row %d by %q, want %q", i, got, want)
		}
	}
	if history[2].Localize("en"); !strings.HasPrefix(history[2].Notes, "Moved from "+slot.Date) {
		t.Errorf("the move's history: %q", history[2].Notes)
	}
	page, err := c.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: a.ID, Kind: booking.KindReminder})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range page.Items {
		if d.State != booking.DeliverySkipped {
			t.Errorf("reminder %s is %s (%s)", d.ID, d.State, d.Reason)
		}
	}
	if page.Total != 2 {
		t.Errorf("%d reminders, want one per start", page.Total)
	}
}

func TestCustomerChangesInsideTheNoticeAreRefused(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	// A week's notice: an appointment four days ahead is inside it.
	if _, err := pool.Exec(ctx, `UPDATE settings SET min_notice_minutes = 10080`); err != nil {
		t.Fatal(err)
	}
	bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	m := manageLink.FindStringSubmatch(srv.Wait(t, 1)[0].Parse(t).Text)
	if m == nil {
		t.Fatal("no manage link")
	}
	view, err := c.Manage(ctx, m[1])
	if err != nil || view.CanCancel || view.CanReschedule {
		t.Fatalf("inside the notice the link still offers changes: %+v %v", view, err)
	}
	var late *booking.TooLateError
	if _, err := c.CancelByCustomer(ctx, m[1]); !errors.As(err, &late) {
		t.Errorf("cancel inside the notice: %v", err)
	} else if st, _ := c.Settings(ctx); st.Agency.Phone() == "" || !strings.Contains(late.LocalizedMessage("fr"), st.Agency.Phone()) {
		msg := late.LocalizedMessage("fr")
		t.Errorf("the refusal does not say how to reach the agency: %s", msg)
	}
	to := freeSlot(t, c, 20, 0)
	if _, err := c.RescheduleByCustomer(ctx, m[1], to.Date, to.Time); !errors.As(err, &late) {
		t.Errorf("reschedule inside the notice: %v", err)
	}
	if _, err := c.Manage(ctx, strings.Repeat("A", 43)); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("unknown token: %v", err)
	}
	if _, err := c.Manage(ctx, "../../etc"); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("malformed token: %v", err)
	}
}

func TestFailedDeliveryIsRetriedAndShownInTheLedger(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	srv.FailNext(2, 451)
	c := mailCore(t, srv)
	ctx := context.Background()
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "en")
	got := srv.Wait(t, 1)[0].Parse(t)
	if !strings.Contains(got.Subject, "") || got.Attachment("invite.ics") == nil {
		t.Errorf("confirmation: %q", got.Subject)
	}
	d := waitDelivery(t, c, a.ID, booking.KindConfirmation, booking.DeliverySent)
	if d.Attempts != 3 || d.SentAt == nil {
		t.Errorf("ledger after two temporary failures: %+v", d)
	}

	// A permanent refusal is recorded as failed, with the server's reason, and not retried;
	// staff resend it and it goes out.
	srv.FailNext(1, 550)
	if _, err := c.Edit(ctx, a.ID, booking.Change{Status: ptr("confirmed")}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	failed := waitDelivery(t, c, a.ID, booking.KindConfirmed, booking.DeliveryFailed)
	if !strings.Contains(failed.Reason, "550") {
		t.Errorf("failed without the server's reason: %+v", failed)
	}
	again, err := c.Resend(ctx, failed.ID, "staff@dota.dz")
	if err != nil || again.ResentFrom != failed.ID {
		t.Fatalf("resend: %+v %v", again, err)
	}
	srv.Wait(t, 2)
	if _, err := c.Resend(ctx, "00000000-0000-0000-0000-000000000000", "staff@dota.dz"); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("resend of nothing: %v", err)
	}
}

func TestWithoutSMTPMessagesAreRecordedAsNotSent(t *testing.T) {
	resetLife(t)
	c := mailCore(t, nil)
	if c.MailConfigured() {
		t.Fatal("a core without SMTP says mail is configured")
	}
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	d := waitDelivery(t, c, a.ID, booking.KindConfirmation, booking.DeliverySkipped)
	if d.Reason != booking.ReasonNotConfigured || d.Subject == "" {
		t.Errorf("not rendered, or not said why: %+v", d)
	}
}

func TestReminderIsSentOnceAcrossWorkersAndARestart(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	ctx := context.Background()
	first := mailCore(t, srv)
	second := mailCore(t, srv)
	slot := freeSlot(t, first, 4, 0)
	other := freeSlot(t, first, 6, 0)
	a := bookWithMail(t, first, slot, "fr")
	srv.Wait(t, 1) // the confirmation

	// Moved away and back: the reminder of the first start is written once more, not twice.
	for _, to := range []booking.SlotRef{other, slot} {
		if _, err := first.Edit(ctx, a.ID, booking.Change{Date: &to.Date, Time: &to.Time}, "staff@dota.dz"); err != nil {
			t.Fatal(err)
		}
	}
	// (The first move's message may be skipped as superseded by the second: it says less.)

	// One replica restarts while the reminder is due; time comes for it.
	stopCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := first.StopJobs(stopCtx); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE river_job SET scheduled_at = now()
		WHERE state = 'scheduled' AND args->>'delivery_id' IN
			(SELECT id::text FROM deliveries WHERE appointment_id = $1 AND kind = 'reminder')`, a.ID); err != nil {
		t.Fatal(err)
	}
	restarted := booking.New(pool, booking.WithMail(booking.Mail{Sender: mustTransport(t, srv.URL()), PublicURL: publicURL}))
	startJobs(t, restarted)

	waitDelivery(t, second, a.ID, booking.KindReminder, booking.DeliverySent)
	time.Sleep(2 * time.Second) // time for a second reminder to show up, were there one
	reminders := 0
	for _, r := range srv.Messages() {
		if p := r.Parse(t); strings.Contains(p.Text, "Rappel") || strings.Contains(p.Subject, "Rappel") {
			reminders++
		}
	}
	if reminders != 1 {
		t.Errorf("%d reminders received, want 1", reminders)
	}
	page, err := second.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: a.ID, Kind: booking.KindReminder})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]int{}
	for _, d := range page.Items {
		states[d.State+" "+d.Reason]++
	}
	if states["sent "] != 1 || page.Total != 3 {
		t.Errorf("reminders in the ledger: %v", states)
	}
}

func TestNoReminderInsideTheLeadNorForABookingWithoutEmail(t *testing.T) {
	resetLife(t)
	ctx := context.Background()
	c := newCore(t, time.Now())
	// A lead of a week: a booking four days ahead is inside it.
	if _, err := pool.Exec(ctx, `UPDATE settings SET reminder_lead_minutes = 10080`); err != nil {
		t.Fatal(err)
	}
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	page, err := c.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: a.ID})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, d := range page.Items {
		kinds[d.Kind] = d.State + " " + d.Reason
	}
	if kinds[booking.KindReminder] != "skipped "+booking.ReasonBookedInsideLead || kinds[booking.KindConfirmation] != "scheduled " {
		t.Errorf("ledger: %v", kinds)
	}
	res, err := c.Book(ctx, booking.Request{Name: "Sans Mail", Phone: "0555000111", Date: freeSlot(t, c, 8, 0).Date,
		Time: freeSlot(t, c, 8, 0).Time})
	if err != nil {
		t.Fatal(err)
	}
	if page, _ := c.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: res.Appointment.ID}); page.Total != 0 {
		t.Errorf("a booking without e-mail has %d messages", page.Total)
	}
}

func mustTransport(t *testing.T, url string) *mail.Transport {
	t.Helper()
	tr, err := mail.NewTransport(url)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// waitDelivery waits up to 15 s for the appointment's delivery of kind to reach state.
func waitDelivery(t *testing.T, c *booking.Core, appointmentID, kind, state string) booking.Delivery {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var last []booking.Delivery
	for time.Now().Before(deadline) {
		page, err := c.Deliveries(context.Background(), booking.DeliveryFilter{AppointmentID: appointmentID, Kind: kind})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range page.Items {
			if d.State == state {
				return d
			}
		}
		last = page.Items
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no %s delivery reached %s: %+v", kind, state, last)
	return booking.Delivery{}
}
