package alerts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

func (r *rig) bookByForm(t *testing.T, name, hhmm string) booking.Appointment {
	t.Helper()
	res, err := r.core.Book(context.Background(), booking.Request{Name: name, Email: "client@example.com",
		Phone: "0555123456", Service: "developpement-web", Date: "2026-11-29", Time: hhmm, Source: booking.SourceForm})
	if err != nil {
		t.Fatal(err)
	}
	return res.Appointment
}

// E-mail alerts go through the customers' mail transport, in the user's language, with
// the link to the page; the agency's email_notifications switch turns them off.
func TestEmailAlertsFollowTheAgencySwitch(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := r.alerts.SetPreferences(ctx, r.users["admin"], alerts.PreferencesInput{Language: "en",
		Choices: []alerts.Choice{{Event: alerts.EventNewBooking, Channel: alerts.ChannelEmail}}}); err != nil {
		t.Fatal(err)
	}
	a := r.bookByForm(t, "Amine Benali", "10:00")
	msgs := r.smtp.Wait(t, 1)
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	m := msgs[0].Parse(t)
	if !strings.Contains(m.To, "admin@dota.test") || m.Subject != "New appointment" {
		t.Errorf("to %q, subject %q", m.To, m.Subject)
	}
	if link := "https://dota.test/admin/appointments?open=" + a.ID; !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, link) {
		t.Errorf("no link to the appointment in\n%s", m.Text)
	}
	if !strings.Contains(m.Text, "Amine Benali") || !strings.Contains(m.Text, "not read") {
		t.Errorf("text:\n%s", m.Text)
	}
	// The moderator hears of it too, by push (their role's default), in no browser.
	if got := adminsOnly(r.ledger(t, alerts.EventNewBooking, 2, 2*time.Second)); len(got) != 1 ||
		got[0].State != alerts.StateSent || got[0].Channel != alerts.ChannelEmail {
		t.Fatalf("ledger: %+v", got)
	}

	r.setting(t, func(st *booking.Settings) { st.EmailNotifications = false })
	r.bookByForm(t, "Sara Haddad", "11:00")
	got := adminsOnly(r.ledger(t, alerts.EventNewBooking, 4, 3*time.Second))
	if len(got) != 2 || got[0].State != alerts.StateSkipped || got[0].LastError != alerts.SkipEmailOff {
		t.Fatalf("with the switch off: %+v", got)
	}
	if n := len(r.smtp.Messages()); n != 1 {
		t.Errorf("%d messages sent, want the first only", n)
	}
	p, err := r.alerts.Preferences(ctx, r.users["admin"])
	if err != nil {
		t.Fatal(err)
	}
	if p.Email.Enabled || !p.Email.Configured || !p.Push.Enabled || p.Push.PublicKey == "" || p.Language != "en" {
		t.Errorf("preferences: %+v", p)
	}
}

func adminsOnly(list []alerts.Alert) []alerts.Alert {
	var out []alerts.Alert
	for _, a := range list {
		if a.UserEmail == "admin@dota.test" {
			out = append(out, a)
		}
	}
	return out
}

// Outside office hours only those who asked hear of an event; a user who chose none
// hears nothing; staff who booked it themselves are not told.
func TestOutsideOfficeHoursOnlyWhatTheUserAskedFor(t *testing.T) {
	r := newRig(t, fridayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.choose(t, "moderator", alerts.EventNewBooking, alerts.ChannelPush, true)
	r.choose(t, "admin", alerts.EventNewBooking, alerts.ChannelNone, true)
	for _, role := range []string{"admin", "moderator", "editor"} {
		r.subscribe(t, role, "/push/"+role)
	}
	r.bookByForm(t, "Amine Benali", "10:00")
	if m := r.push.next(2 * time.Second); m.Path != "/push/moderator" {
		t.Fatalf("pushed to %s", m.Path)
	}
	r.push.none(500 * time.Millisecond)
	if _, err := r.core.Book(ctx, booking.Request{Name: "Staff Booked", Phone: "0555123457", Service: "developpement-web",
		Date: "2026-11-29", Time: "11:00", Source: booking.SourceConsole}); err != nil {
		t.Fatal(err)
	}
	r.push.none(time.Second)
}

// The ledger lists each alert with its state and filters by state and event.
func TestTheLedgerListsStates(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.subscribe(t, "admin", "/push/admin")
	r.push.answer("/push/admin", 400) // refused for good: failed
	r.subscribe(t, "moderator", "/push/moderator")
	r.choose(t, "editor", alerts.EventNewBooking, alerts.ChannelPush, false) // in no browser: skipped
	r.bookByForm(t, "Amine Benali", "10:00")                                 // admin failed, moderator sent
	r.push.next(2 * time.Second)
	r.ledger(t, alerts.EventNewBooking, 3, 3*time.Second)
	if err := r.alerts.Raise(ctx, alerts.Event{Name: alerts.EventBackupFailed, Subject: "run-1", URL: "/admin/settings",
		Args: map[string]string{"reason": "pg_dump: not found"}}); err != nil {
		t.Fatal(err)
	}
	r.ledger(t, alerts.EventBackupFailed, 1, 2*time.Second)
	for state, want := range map[string]int{"": 4, alerts.StateSent: 2, alerts.StateFailed: 1, alerts.StateSkipped: 1} {
		p, err := r.alerts.List(ctx, alerts.Filter{State: state, Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != want || len(p.Items) != want {
			t.Errorf("state %q: %d (%d items), want %d", state, p.Total, len(p.Items), want)
		}
	}
	p, err := r.alerts.List(ctx, alerts.Filter{Event: alerts.EventBackupFailed, Lang: "en"})
	if err != nil || len(p.Items) != 1 {
		t.Fatalf("%+v %v", p, err)
	}
	b := p.Items[0]
	// Backups fail by e-mail to admins, outside office hours too; e-mail is on and sent.
	if b.UserEmail != "admin@dota.test" || b.Channel != alerts.ChannelEmail || b.Title != "The backup failed" ||
		!strings.Contains(b.Body, "pg_dump: not found") {
		t.Errorf("backup alert: %+v", b)
	}
	// Raising it again writes nothing new.
	if err := r.alerts.Raise(ctx, alerts.Event{Name: alerts.EventBackupFailed, Subject: "run-1", URL: "/admin/settings"}); err != nil {
		t.Fatal(err)
	}
	if p, _ := r.alerts.List(ctx, alerts.Filter{}); p.Total != 4 {
		t.Errorf("%d alerts after raising one again", p.Total)
	}
	if _, err := r.alerts.List(ctx, alerts.Filter{State: "lost"}); err == nil {
		t.Error("an unknown state was accepted")
	}
}
