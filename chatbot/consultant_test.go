package chatbot

import (
	"context"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// Two consultants take consultations; the visitor asks for one of them by name.
func TestTheVisitorAsksForAConsultantByName(t *testing.T) {
	e, core := newEngine(t, sundayMorning, Config{})
	ctx := context.Background()
	var ids [2]string
	for i, email := range []string{"amel@consultant.chat.test", "yacine@consultant.chat.test"} {
		if err := pool.QueryRow(ctx, `INSERT INTO admin_users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
			email).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		_, _ = pool.Exec(ctx, `TRUNCATE consultants CASCADE; DELETE FROM admin_users WHERE email LIKE '%@consultant.chat.test'`)
	})
	week := []booking.WeeklyRange{}
	for d := 0; d <= 4; d++ {
		week = append(week, booking.WeeklyRange{Weekday: d, Starts: "09:00", Ends: "18:00"})
	}
	for i, name := range []string{"Amel Cherif", "Yacine Amrani"} {
		if _, err := core.SaveConsultant(ctx, ids[i], booking.ConsultantInput{Name: name,
			Services: []string{"consultation"}, Hours: week}); err != nil {
			t.Fatal(err)
		}
	}
	// Amel is the least loaded; Monday at 10:00 is free for both.
	c := start(t, e, "fr")
	for _, step := range []struct{ say, want string }{
		{"je voudrais un rendez-vous avec Yacine", StepName}, {"Samir Haddad", StepEmail},
		{"samir.haddad@example.dz", StepPhone}, {"0555 12 34 77", StepCompany}, {"passer", StepService},
		{"consultation", StepMode}, {"au bureau", StepDate}, {"demain", StepTime}, {"10h", StepConfirm},
	} {
		c.say(step.say)
		c.expect(step.want)
	}
	c.say("oui")
	c.expect(StepBooked)
	a, err := core.Appointment(ctx, c.last.AppointmentID)
	if err != nil {
		t.Fatal(err)
	}
	if a.ConsultantID != ids[1] || a.ConsultantName != "Yacine Amrani" {
		t.Fatalf("booked with %q (%s), want Yacine", a.ConsultantName, a.ConsultantID)
	}
}
