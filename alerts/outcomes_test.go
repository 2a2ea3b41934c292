package alerts_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/dota-agency/dota/alerts"
)

// The day's list of past meetings without an outcome reaches each owner once: the
// consultant their own, the admins and moderators those nobody holds.
func TestOutcomesDueRaiseOneAlertPerOwnerAndDay(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	editor := r.users["editor"]
	if _, err := r.pool.Exec(ctx, `INSERT INTO consultants (user_id, name) VALUES ($1, 'Yacine')`, editor.ID); err != nil {
		t.Fatal(err)
	}
	for i, owner := range []any{editor.ID, editor.ID, nil} {
		start := sundayMorning.Add(-time.Duration(24*(i+1)) * time.Hour)
		if _, err := r.pool.Exec(ctx, `INSERT INTO appointments (name, date, time, starts_at, consultant_id, status)
			VALUES ('Past', $1::date, '10:00', $2, $3, 'confirmed')`, start.Format(time.DateOnly), start, owner); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // twice the same day: still one alert each
		if _, err := r.core.PublishOutcomesDue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	r.ledger(t, alerts.EventOutcomesDue, 3, 5*time.Second)
	time.Sleep(300 * time.Millisecond) // time for a second alert each, were there one
	got := r.ledger(t, alerts.EventOutcomesDue, 3, time.Second)
	var who []string
	for _, a := range got {
		who = append(who, a.UserEmail+" "+a.URL)
	}
	sort.Strings(who)
	want := []string{
		"admin@dota.test /admin/appointments?outcome=missing",
		"editor@dota.test /admin/appointments?outcome=missing&consultant=me",
		"moderator@dota.test /admin/appointments?outcome=missing",
	}
	if len(who) != len(want) {
		t.Fatalf("alerts: %v", who)
	}
	for i := range want {
		if who[i] != want[i] {
			t.Fatalf("alerts: %v, want %v", who, want)
		}
	}
	for _, a := range got {
		if a.UserEmail == "editor@dota.test" && a.Body != alerts.Text("en", "outcomes_due_body", "count", "2") {
			t.Fatalf("editor's alert: %q", a.Body)
		}
	}
}
