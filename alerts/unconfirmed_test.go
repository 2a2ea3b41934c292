package alerts_test

import (
	"context"
	"net/url"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

// An appointment still unconfirmed at half the second reminder's lead alerts its owner (its
// consultant), else the staff on duty; one the customer reconfirmed alerts nobody. The second
// reminder schedules booking's check, which publishes appointment.unconfirmed; the alerts
// hear it.
func TestAnUnconfirmedAppointmentAlertsItsOwnerOrTheStaffOnDuty(t *testing.T) {
	r := newRigWith(t, sundayMorning, true)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	r.setting(t, func(st *booking.Settings) { st.ReconfirmLeadMinutes = 180 })
	silent := r.bookByForm(t, "Amine Benali", "10:00")
	owned := r.bookByForm(t, "Nadia Ouali", "11:00")
	coming := r.bookByForm(t, "Karim Haddad", "14:00")

	// The moderator consults, and owns the second appointment.
	mod := r.users["moderator"]
	if _, err := r.pool.Exec(ctx, `INSERT INTO consultants (user_id, name) VALUES ($1, 'Yacine')`, mod.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := r.pool.Exec(ctx, `UPDATE appointments SET consultant_id = $1 WHERE id = $2`, mod.ID, owned.ID); err != nil {
		t.Fatal(err)
	}
	// The third said "I'll be there".
	link, err := r.core.ManageLink(ctx, coming.ID, "fr")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	if _, err := r.core.Reconfirm(ctx, path.Base(u.Path)); err != nil {
		t.Fatal(err)
	}

	// The second reminders go out (but to the one who reconfirmed), each scheduling its
	// check at half the lead; then those run.
	if _, err := r.pool.Exec(ctx, `UPDATE river_job SET scheduled_at = now() WHERE state = 'scheduled'
		AND args->>'delivery_id' IN (SELECT id::text FROM deliveries WHERE kind = 'reconfirm')`); err != nil {
		t.Fatal(err)
	}
	checks := 0
	for deadline := time.Now().Add(10 * time.Second); checks < 2 && time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		if err := r.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'appointment_unconfirmed'`).Scan(&checks); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(300 * time.Millisecond) // time for a third, were there one
	tag, err := r.pool.Exec(ctx, `UPDATE river_job SET scheduled_at = now()
		WHERE state = 'scheduled' AND kind = 'appointment_unconfirmed'`)
	if err != nil || tag.RowsAffected() != 2 {
		t.Fatalf("%d checks at half the lead, want one per unconfirmed appointment (%v)", tag.RowsAffected(), err)
	}
	r.ledger(t, alerts.EventUnconfirmed, 4, 10*time.Second)
	time.Sleep(500 * time.Millisecond) // time for an alert about the reconfirmed one, were there one
	got := r.ledger(t, alerts.EventUnconfirmed, 4, time.Second)
	to := map[string][]string{}
	for _, a := range got {
		to[a.URL] = append(to[a.URL], a.UserEmail)
	}
	if n := len(to["/admin/appointments?open="+silent.ID]); n != 3 {
		t.Errorf("the staff on duty heard of the silent one %d times, want 3 (admin, moderator, editor): %v", n, to)
	}
	if who := to["/admin/appointments?open="+owned.ID]; len(who) != 1 || who[0] != mod.Email {
		t.Errorf("the owned one reached %v, want its consultant alone", who)
	}
	if who := to["/admin/appointments?open="+coming.ID]; len(who) != 0 {
		t.Errorf("a reconfirmed appointment alerted %v", who)
	}
	for _, a := range got {
		if strings.Contains(a.URL, silent.ID) && (!strings.Contains(a.Body, "Amine Benali") || !strings.Contains(a.Body, "0555123456") ||
			a.Title != alerts.Text("en", "unconfirmed_title")) {
			t.Errorf("the alert says %q: %q", a.Title, a.Body)
		}
	}

	// Heard again (another replica), it is the same alert.
	if err := r.alerts.Hear(ctx, booking.Event{Kind: booking.EventAppointmentUnconfirmed, Appointment: &silent}); err != nil {
		t.Fatal(err)
	}
	if again := r.ledger(t, alerts.EventUnconfirmed, 4, time.Second); len(again) != len(got) {
		t.Errorf("%d alerts after hearing it twice, want %d", len(again), len(got))
	}
}
