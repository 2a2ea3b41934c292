package booking_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

// Before the meeting, against the real PostgreSQL, River and an SMTP server: the reminder
// carries "I'll be there" and "I can't come"; the second, short reminder goes only to those
// who did not answer; still silent at half its lead, staff hear of it.

var (
	reconfirmLink = regexp.MustCompile(regexp.QuoteMeta(publicURL) + `/reconfirm/([A-Za-z0-9_-]{43})\?lang=(fr|en|ar)`)
	cannotLink    = regexp.MustCompile(regexp.QuoteMeta(publicURL) + `/manage/([A-Za-z0-9_-]{43})\?lang=(fr|en|ar)&action=cancel`)
)

// reconfirmCore is mailCore that also keeps the live events it publishes, with the second
// reminder's lead at three hours.
func reconfirmCore(t *testing.T, srv *mailtest.Server) (*booking.Core, *recorder) {
	t.Helper()
	resetLife(t)
	if _, err := pool.Exec(context.Background(), `UPDATE settings SET reconfirm_lead_minutes = 180`); err != nil {
		t.Fatal(err)
	}
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	c := booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, Sender: mustTransport(t, srv.URL()), PublicURL: publicURL}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}), booking.WithPublisher(rec))
	startJobs(t, c)
	return c, rec
}

// dueNow makes the appointment's scheduled jobs of a kind of message ("reminder",
// "reconfirm") due at once, as time would.
func dueNow(t *testing.T, appointmentID, kind string) {
	t.Helper()
	tag, err := pool.Exec(context.Background(), `UPDATE river_job SET scheduled_at = now()
		WHERE state = 'scheduled' AND args->>'delivery_id' IN
			(SELECT id::text FROM deliveries WHERE appointment_id = $1 AND kind = $2)`, appointmentID, kind)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("making the %s due: %d jobs, %v", kind, tag.RowsAffected(), err)
	}
}

// checkNow makes the appointment's check at half the lead (scheduled as its second
// reminder goes out) due at once; it reports whether there was one.
func checkNow(t *testing.T, appointmentID string) bool {
	t.Helper()
	tag, err := pool.Exec(context.Background(), `UPDATE river_job SET scheduled_at = now()
		WHERE state = 'scheduled' AND kind = 'appointment_unconfirmed' AND args->>'appointment_id' = $1`, appointmentID)
	if err != nil {
		t.Fatal(err)
	}
	return tag.RowsAffected() == 1
}

// received waits for a message whose subject contains subject, and returns it.
func received(t *testing.T, srv *mailtest.Server, subject string) *mailtest.Parsed {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		for _, m := range srv.Messages() {
			if p := m.Parse(t); strings.Contains(p.Subject, subject) {
				return p
			}
		}
	}
	t.Fatalf("no message %q", subject)
	return nil
}

// unconfirmedEvents counts the appointment.unconfirmed events published for the appointment.
func (r *recorder) unconfirmed(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, e := range r.events {
		if e.Kind == booking.EventAppointmentUnconfirmed && e.Appointment != nil && e.Appointment.ID == id {
			n++
		}
	}
	return n
}

func TestTheReminderReconfirmsOnce(t *testing.T) {
	srv := mailtest.Start(t)
	c, rec := reconfirmCore(t, srv)
	ctx := context.Background()
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	received(t, srv, "Nous avons bien reçu")

	dueNow(t, a.ID, booking.KindReminder)
	reminder := received(t, srv, "Rappel")
	yes, no := reconfirmLink.FindStringSubmatch(reminder.Text), cannotLink.FindStringSubmatch(reminder.Text)
	if yes == nil || no == nil || yes[2] != "fr" || no[2] != "fr" {
		t.Fatalf("the reminder's answers are missing:\n%s", reminder.Text)
	}
	if !strings.Contains(reminder.Text, "Je serai là") || !strings.Contains(reminder.HTML, `href="`+yes[0]+`"`) {
		t.Errorf("the reminder's answers are not worded:\n%s", reminder.Text)
	}

	// "I'll be there", followed twice: recorded once.
	first, err := c.Reconfirm(ctx, yes[1])
	if err != nil || first.Already || first.Lang != "fr" || first.Appointment.ID != a.ID || first.Appointment.Date != a.Date {
		t.Fatalf("reconfirm: %+v %v", first, err)
	}
	stored, err := c.Appointment(ctx, a.ID)
	if err != nil || stored.ReconfirmedAt == nil {
		t.Fatalf("reconfirmed_at: %+v %v", stored.ReconfirmedAt, err)
	}
	again, err := c.Reconfirm(ctx, yes[1])
	if err != nil || !again.Already {
		t.Fatalf("again: %+v %v", again, err)
	}
	if later, _ := c.Appointment(ctx, a.ID); !later.ReconfirmedAt.Equal(*stored.ReconfirmedAt) {
		t.Errorf("reconfirmed at %v, then %v", stored.ReconfirmedAt, later.ReconfirmedAt)
	}
	history, err := c.History(ctx, a.ID)
	if err != nil || len(history) != 1 || history[0].ChangedBy != booking.ActorCustomer || history[0].Code != "history_reconfirmed" {
		t.Errorf("history: %+v %v", history, err)
	}
	updates := 0
	rec.mu.Lock()
	for _, e := range rec.events {
		if e.Kind == booking.EventAppointmentUpdated && e.Appointment.ID == a.ID && e.Appointment.ReconfirmedAt != nil {
			updates++
		}
	}
	rec.mu.Unlock()
	if updates != 1 {
		t.Errorf("%d live updates, want 1", updates)
	}

	// The second reminder is skipped, and nobody is alerted.
	dueNow(t, a.ID, booking.KindReconfirm)
	if d := waitDelivery(t, c, a.ID, booking.KindReconfirm, booking.DeliverySkipped); d.Reason != booking.ReasonReconfirmed {
		t.Errorf("second reminder skipped for %q", d.Reason)
	}
	if checkNow(t, a.ID) {
		t.Error("a reconfirmed appointment is checked at half the lead")
	}
	if n := rec.unconfirmed(a.ID); n != 0 {
		t.Errorf("a reconfirmed appointment was told unconfirmed %d times", n)
	}
	for _, m := range srv.Messages() {
		if strings.Contains(m.Parse(t).Subject, "Serez-vous là") {
			t.Errorf("a second reminder went out")
		}
	}

	// A link that names nothing is 404; a cancelled appointment has nothing to reconfirm.
	if _, err := c.Reconfirm(ctx, strings.Repeat("A", 43)); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("unknown token: %v", err)
	}
	if _, err := c.CancelByCustomer(ctx, no[1]); err != nil {
		t.Fatal(err)
	}
	var gone *booking.ReconfirmGoneError
	if _, err := c.Reconfirm(ctx, yes[1]); !errors.As(err, &gone) || !gone.Cancelled || !errors.Is(err, booking.ErrGone) {
		t.Errorf("reconfirming a cancelled appointment: %v", err)
	}
}

func TestTheUnconfirmedGetTheSecondReminderAndStaffHear(t *testing.T) {
	srv := mailtest.Start(t)
	c, rec := reconfirmCore(t, srv)
	ctx := context.Background()
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "ar")
	other := bookWithMail2(t, c, freeSlot(t, c, 4, 1))

	// The second reminder: short, in the appointment's language, with the same two answers.
	dueNow(t, a.ID, booking.KindReconfirm)
	second := received(t, srv, "هل ستحضر")
	if m := reconfirmLink.FindStringSubmatch(second.Text); m == nil || m[2] != "ar" || cannotLink.FindString(second.Text) == "" {
		t.Errorf("the second reminder's answers:\n%s", second.Text)
	}
	waitDelivery(t, c, a.ID, booking.KindReconfirm, booking.DeliverySent)

	// Still unconfirmed at half the lead: staff hear of it, once.
	if !checkNow(t, a.ID) {
		t.Fatal("no check at half the lead")
	}
	waitJobsDone(t, "appointment_unconfirmed")
	if n := rec.unconfirmed(a.ID); n != 1 {
		t.Fatalf("%d unconfirmed events, want 1", n)
	}

	// A booking already inside the lead gets no second reminder and no check; a move
	// writes them again for the new start, and the old ones come to nothing.
	if _, err := pool.Exec(ctx, `UPDATE settings SET reconfirm_lead_minutes = 10080`); err != nil {
		t.Fatal(err)
	}
	c2, _ := reconfirmCoreKeep(t, srv, 10080)
	inside := bookWithMail2(t, c2, freeSlot(t, c2, 5, 0))
	page, _ := c2.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: inside.ID, Kind: booking.KindReconfirm})
	if len(page.Items) != 1 || page.Items[0].Reason != booking.ReasonBookedInsideLead || checkNow(t, inside.ID) {
		t.Errorf("a booking inside the lead: %+v", page.Items)
	}
	to := freeSlot(t, c2, 12, 0)
	if _, err := c2.Edit(ctx, other.ID, booking.Change{Date: &to.Date, Time: &to.Time}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	page, _ = c2.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: other.ID, Kind: booking.KindReconfirm})
	states := map[string]int{}
	for _, d := range page.Items {
		states[d.State+" "+d.Reason]++
	}
	if states["skipped "+booking.ReasonMoved] != 1 || states["scheduled "] != 1 {
		t.Errorf("second reminders after a move: %v", states)
	}
	// Cancelled: the second reminder is dropped.
	if _, err := c2.Edit(ctx, other.ID, booking.Change{Status: ptr(booking.StatusCancelled)}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	page, _ = c2.Deliveries(ctx, booking.DeliveryFilter{AppointmentID: other.ID, Kind: booking.KindReconfirm})
	for _, d := range page.Items {
		if d.State == booking.DeliveryScheduled {
			t.Errorf("a cancelled appointment keeps its second reminder: %+v", d)
		}
	}
}

func TestNoSecondReminderWhenTheLeadIsZero(t *testing.T) {
	srv := mailtest.Start(t)
	c, _ := reconfirmCoreKeep(t, srv, 0)
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "en")
	page, err := c.Deliveries(context.Background(), booking.DeliveryFilter{AppointmentID: a.ID, Kind: booking.KindReconfirm})
	if err != nil || page.Total != 0 || checkNow(t, a.ID) {
		t.Errorf("with a lead of 0: %+v %v", page.Items, err)
	}
}

// "I can't come" is the manage page's cancel: the freed slot goes to the first in line.
func TestICantComeFreesTheSlotToTheWaitlist(t *testing.T) {
	srv := mailtest.Start(t)
	c, _ := reconfirmCore(t, srv)
	ctx := context.Background()
	slot := freeSlot(t, c, 4, 0)
	held := bookWithMail(t, c, slot, "fr")
	first := waiter(t, c, slot, "Samira Haddad", "en")
	waiter(t, c, slot, "Yacine Mebarki", "ar")
	dueNow(t, held.ID, booking.KindReminder)
	no := cannotLink.FindStringSubmatch(received(t, srv, "Rappel").Text)
	if no == nil {
		t.Fatal("no \"I can't come\" link")
	}
	start := time.Now()
	if _, err := c.CancelByCustomer(ctx, no[1]); err != nil {
		t.Fatal(err)
	}
	offerMail(t, srv, "samira@wait.dz", "en")
	waitState(t, c, slot, first.ID, booking.WaitOffered)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the offer took %v", took)
	}
}

// reconfirmCoreKeep is reconfirmCore with another lead for the second reminder.
func reconfirmCoreKeep(t *testing.T, srv *mailtest.Server, lead int) (*booking.Core, *recorder) {
	t.Helper()
	ctx := context.Background()
	rec := &recorder{}
	r, err := mail.NewRenderer("Dota <rdv@dota.example>", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE settings SET reconfirm_lead_minutes = $1`, lead); err != nil {
		t.Fatal(err)
	}
	c := booking.New(pool, booking.WithMail(booking.Mail{Renderer: r, Sender: mustTransport(t, srv.URL()), PublicURL: publicURL}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}), booking.WithPublisher(rec))
	startJobs(t, c)
	return c, rec
}

// bookWithMail2 books for another person than bookWithMail's.
func bookWithMail2(t *testing.T, c *booking.Core, slot booking.SlotRef) booking.Appointment {
	t.Helper()
	res, err := c.Book(context.Background(), booking.Request{Name: "Lina Saadi", Email: "lina@saadi.dz",
		Phone: "0555987654", Service: "Développement web", Date: slot.Date, Time: slot.Time, Language: "fr"})
	if err != nil {
		t.Fatal(err)
	}
	return res.Appointment
}

// waitJobsDone waits up to 15 s for River to have worked every due job of kind.
func waitJobsDone(t *testing.T, kind string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		var n int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = $1
			AND state IN ('available', 'running', 'retryable') OR (kind = $1 AND state = 'scheduled' AND scheduled_at <= now())`,
			kind).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
	t.Fatalf("the %s jobs were not worked", kind)
}
