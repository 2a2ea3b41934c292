package alerts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/privacy"
)

// A person's export holds the words alerts about them were sent with; their erasure
// removes them and keeps the alerts.
func TestAlertsAboutAPersonAreExportedAndErased(t *testing.T) {
	r := newRig(t, sundayMorning)
	ctx := context.Background()
	if _, err := catalogue.New(r.pool).Seed(ctx); err != nil {
		t.Fatal(err)
	}
	a := r.bookByForm(t, "Amine Benali", "10:00")
	r.bookByForm(t, "Sara Haddad", "11:00")
	if err := r.alerts.Raise(ctx, alerts.Event{Name: alerts.EventMessageFailed, Subject: "d-1", URL: "/admin/messages?status=failed",
		Args: map[string]string{"kind": "confirmation", "recipient": "amine@example.com", "reason": "550"}}); err != nil {
		t.Fatal(err)
	}
	r.ledger(t, "", 5, 3*time.Second) // two bookings to the admin and the moderator, the failure to the admin
	part := r.alerts.PersonalPart()
	person := privacy.Person{Name: "Amine Benali", Emails: []string{"amine@example.com"}, AppointmentIDs: []string{a.ID}}
	exported, err := part.Export(ctx, person)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(exported.([]alerts.ExportedAlert)); n != 3 {
		t.Fatalf("exported %d alerts, want 3: %+v", n, exported)
	}
	var erased int
	if err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		var err error
		erased, _, err = part.Erase(ctx, tx, person)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if erased != 3 {
		t.Errorf("erased %d alerts, want 3", erased)
	}
	p, err := r.alerts.List(ctx, alerts.Filter{Lang: "en", Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	var sara int
	for _, al := range p.Items {
		if strings.Contains(al.Body, "Amine") || strings.Contains(al.Body, "amine@") {
			t.Errorf("still said: %q", al.Body)
		}
		if strings.Contains(al.Body, "Sara Haddad") {
			sara++
		}
	}
	if p.Total != 5 || sara != 2 {
		t.Errorf("%d alerts, %d about Sara: the others must stay", p.Total, sara)
	}
}
