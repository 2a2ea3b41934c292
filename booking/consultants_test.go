package booking_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/dota-agency/dota/booking"
)

// Tuesday and Wednesday of the week after sundayMorning.
const (
	tuesday   = "2026-11-24"
	wednesday = "2026-11-25"
)

// team makes two consultants who take web development: Amel works Tuesday and Wednesday
// mornings; Yacine, who also takes the AI bots, Tuesday 10:00-11:00 and afternoon, and
// Wednesday morning. Both are removed when the test ends.
func team(t *testing.T, core *booking.Core) (amel, yacine string) {
	t.Helper()
	reset(t)
	ctx := context.Background()
	ids := make([]string, 2)
	for i, email := range []string{"amel@consultants.test", "yacine@consultants.test"} {
		if err := pool.QueryRow(ctx, `INSERT INTO admin_users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
			email).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		_, _ = pool.Exec(ctx, `TRUNCATE consultants CASCADE; DELETE FROM waitlist;
			DELETE FROM admin_users WHERE email LIKE '%@consultants.test'`)
	})
	if _, err := core.SaveConsultant(ctx, ids[0], booking.ConsultantInput{Name: "Amel",
		Services: []string{"developpement-web"},
		Hours:    []booking.WeeklyRange{{Weekday: 2, Starts: "09:00", Ends: "12:00"}, {Weekday: 3, Starts: "09:00", Ends: "12:00"}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := core.SaveConsultant(ctx, ids[1], booking.ConsultantInput{Name: "Yacine",
		Services: []string{"developpement-web", "bots-ia"},
		Hours: []booking.WeeklyRange{{Weekday: 2, Starts: "14:00", Ends: "17:00"}, {Weekday: 2, Starts: "10:00", Ends: "11:00"},
			{Weekday: 3, Starts: "09:00", Ends: "12:00"}},
	}); err != nil {
		t.Fatal(err)
	}
	return ids[0], ids[1]
}

// freeTimes are the free slots of a day for f.
func freeTimes(t *testing.T, core *booking.Core, date string, f booking.SlotsFor) []string {
	t.Helper()
	day, err := core.Day(context.Background(), date, "fr", f)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, s := range day.Slots {
		if s.Free {
			out = append(out, s.Time)
		}
	}
	return out
}

func consultantRequest(i int, date, hhmm, consultant string) booking.Request {
	return booking.Request{Name: "Visiteur", Phone: fmt.Sprintf("0555%06d", i), Service: "developpement-web",
		Date: date, Time: hhmm, ConsultantID: consultant, Source: booking.SourceConsole}
}

func TestConsultantsSlotsAreTheUnionOfTheirHours(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, _ := team(t, core)
	for _, tt := range []struct {
		name string
		f    booking.SlotsFor
		want []string
	}{
		{"any service", booking.SlotsFor{}, []string{"09:00", "10:00", "11:00", "14:00", "15:00", "16:00"}},
		{"web development", booking.SlotsFor{Service: "developpement-web"}, []string{"09:00", "10:00", "11:00", "14:00", "15:00", "16:00"}},
		{"AI bots: Yacine alone", booking.SlotsFor{Service: "bots-ia"}, []string{"10:00", "14:00", "15:00", "16:00"}},
		{"Amel's", booking.SlotsFor{Consultant: amel}, []string{"09:00", "10:00", "11:00"}},
		{"a service nobody takes", booking.SlotsFor{Service: "shooting-photo-video"}, []string{}},
	} {
		if got := freeTimes(t, core, tuesday, tt.f); !slices.Equal(got, tt.want) {
			t.Errorf("%s: free %v, want %v", tt.name, got, tt.want)
		}
	}
	day, err := core.Day(context.Background(), tuesday, "fr")
	if err != nil {
		t.Fatal(err)
	}
	if s := day.Slots[slices.IndexFunc(day.Slots, func(s booking.Slot) bool { return s.Time == "10:00" })]; s.Remaining != 2 {
		t.Errorf("10:00 has %d places, want 2 (both consultants)", s.Remaining)
	}
	// A day off closes the consultant's hours.
	if _, err := core.SaveConsultant(context.Background(), amel, booking.ConsultantInput{Name: "Amel",
		Services: []string{"developpement-web"}, Hours: []booking.WeeklyRange{{Weekday: 2, Starts: "09:00", Ends: "12:00"}},
		DaysOff: []string{tuesday}}); err != nil {
		t.Fatal(err)
	}
	if got := freeTimes(t, core, tuesday, booking.SlotsFor{}); !slices.Equal(got, []string{"10:00", "14:00", "15:00", "16:00"}) {
		t.Errorf("with Amel off: free %v", got)
	}
}

// Racers for one consultant's slot: one books it, every other is told it is taken, and
// the other consultant stays bookable at that hour.
func TestConsultantSlotRacers(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, yacine := team(t, core)
	ctx := context.Background()
	const n = 200
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = core.Book(ctx, consultantRequest(i, tuesday, "10:00", amel))
		}()
	}
	wg.Wait()
	ok, taken := 0, 0
	for _, err := range errs {
		var st *booking.SlotTakenError
		switch {
		case err == nil:
			ok++
		case errors.As(err, &st):
			taken++
			for _, alt := range st.Alternatives {
				if alt.Date == tuesday && alt.Time == "10:00" {
					t.Errorf("alternative %v is the slot refused", alt)
				}
			}
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	if ok != 1 || taken != n-1 {
		t.Fatalf("%d booked and %d slot_taken, want 1 and %d", ok, taken, n-1)
	}
	res, err := core.Book(ctx, consultantRequest(n, tuesday, "10:00", ""))
	if err != nil {
		t.Fatalf("the other consultant at that hour: %v", err)
	}
	if res.Appointment.ConsultantID != yacine || res.Appointment.ConsultantName != "Yacine" {
		t.Fatalf("assigned %q (%s), want Yacine", res.Appointment.ConsultantID, res.Appointment.ConsultantName)
	}
	if _, err := core.Book(ctx, consultantRequest(n+1, tuesday, "10:00", "")); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("a third booking at 10:00: %v, want slot taken", err)
	}
}

func TestConsultantsRoundRobinByLoad(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, yacine := team(t, core)
	ctx := context.Background()
	for i, step := range []struct{ date, hhmm, want string }{
		{tuesday, "10:00", amel},     // a tie: by name
		{wednesday, "09:00", yacine}, // Amel has one this week
		{wednesday, "10:00", amel},   // one each: by name again
		{wednesday, "11:00", yacine},
	} {
		res, err := core.Book(ctx, consultantRequest(i, step.date, step.hhmm, ""))
		if err != nil {
			t.Fatal(err)
		}
		if res.Appointment.ConsultantID != step.want {
			t.Errorf("booking %d (%s %s) went to %s, want %s", i, step.date, step.hhmm,
				res.Appointment.ConsultantName, step.want)
		}
	}
}

func TestConsultantBusyRangeRemovesTheHour(t *testing.T) {
	core := newCore(t, sundayMorning)
	_, yacine := team(t, core)
	if _, err := pool.Exec(context.Background(), `INSERT INTO consultant_busy (user_id, starts_at, ends_at)
		VALUES ($1, '2026-11-24 14:30+01', '2026-11-24 15:10+01')`, yacine); err != nil {
		t.Fatal(err)
	}
	if got := freeTimes(t, core, tuesday, booking.SlotsFor{Service: "bots-ia"}); !slices.Equal(got, []string{"10:00", "16:00"}) {
		t.Fatalf("free %v, want 10:00 and 16:00", got)
	}
	if _, err := core.Book(context.Background(), booking.Request{Name: "Visiteur", Phone: "0555000001",
		Service: "bots-ia", Date: tuesday, Time: "15:00", Source: booking.SourceConsole}); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("booking a busy hour: %v, want slot taken", err)
	}
}

func TestConsultantHeldByAnOffer(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, _ := team(t, core)
	if _, err := pool.Exec(context.Background(), `INSERT INTO waitlist (date, time, starts_at, name, email, phone,
			language, source, state, offered_at, hold_until, consultant_id)
		VALUES ($1::date, '09:00', '2026-11-24 09:00+01', 'Nadia', 'nadia@example.dz', '0555000002', 'fr', 'form',
			'offered', now(), now() + interval '30 minutes', $2)`, tuesday, amel); err != nil {
		t.Fatal(err)
	}
	if got := freeTimes(t, core, tuesday, booking.SlotsFor{Consultant: amel}); !slices.Equal(got, []string{"10:00", "11:00"}) {
		t.Fatalf("Amel's free slots %v: 09:00 is held by the offer", got)
	}
}

func TestConsultantReassignAndMove(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, yacine := team(t, core)
	ctx := context.Background()
	res, err := core.Book(ctx, consultantRequest(1, tuesday, "10:00", amel))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Appointment.ID
	str := func(s string) *string { return &s }

	a, err := core.Edit(ctx, id, booking.Change{ConsultantID: &yacine}, "staff@dota.dz")
	if err != nil || a.ConsultantID != yacine || a.ConsultantName != "Yacine" {
		t.Fatalf("reassign to Yacine: %+v, %v", a, err)
	}
	// Yacine takes no meeting at 09:00: a move there goes to Amel, who is free.
	a, err = core.Edit(ctx, id, booking.Change{Time: str("09:00")}, "staff@dota.dz")
	if err != nil || a.ConsultantID != amel {
		t.Fatalf("move to 09:00: %s, %v; want Amel", a.ConsultantName, err)
	}
	// Back to 10:00: Amel is free then too, and kept.
	a, err = core.Edit(ctx, id, booking.Change{Time: str("10:00")}, "staff@dota.dz")
	if err != nil || a.ConsultantID != amel {
		t.Fatalf("move to 10:00: %s, %v; want Amel kept", a.ConsultantName, err)
	}
	// Reassigning to someone who does not work then is a taken slot.
	if _, err := core.Edit(ctx, id, booking.Change{Time: str("09:00"), ConsultantID: &yacine}, "staff@dota.dz"); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("reassign to Yacine at 09:00: %v, want slot taken", err)
	}
	// To someone who is not a consultant of the service: invalid.
	other, err := core.Book(ctx, booking.Request{Name: "Visiteur", Phone: "0555000009", Service: "bots-ia",
		Date: tuesday, Time: "14:00", Source: booking.SourceConsole})
	if err != nil || other.Appointment.ConsultantID != yacine {
		t.Fatalf("an AI bots booking: %+v, %v", other.Appointment, err)
	}
	var v *booking.ValidationError
	if _, err := core.Edit(ctx, other.Appointment.ID, booking.Change{ConsultantID: &amel}, "staff@dota.dz"); !errors.As(err, &v) || v.Fields["consultant_id"] == "" {
		t.Fatalf("reassign to Amel, who does not take AI bots: %v, want a validation error on consultant_id", err)
	}
	if _, err := core.Book(ctx, booking.Request{Name: "Visiteur", Phone: "0555000010", Service: "bots-ia",
		Date: tuesday, Time: "10:00", ConsultantID: amel, Source: booking.SourceConsole}); !errors.As(err, &v) || v.Fields["consultant_id"] == "" {
		t.Fatalf("booking Amel for AI bots: %v, want a validation error on consultant_id", err)
	}
	// The history says who it went to.
	hist, err := core.History(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(hist, func(h booking.HistoryEntry) bool { return h.Code == "history_reassigned" }) {
		t.Errorf("no reassign in the history: %+v", hist)
	}
	// The list filters by consultant.
	page, err := core.Appointments(ctx, booking.AppointmentFilter{Consultant: yacine}, booking.Paging{Page: 1, Size: 10})
	if err != nil || len(page.Items) != 1 || page.Items[0].ID != other.Appointment.ID {
		t.Fatalf("Yacine's appointments: %+v, %v", page.Items, err)
	}
	cal, err := core.Calendar(ctx, booking.CalendarQuery{From: tuesday, To: wednesday, Consultant: amel})
	if err != nil || cal.Total != 1 {
		t.Fatalf("Amel's week: %+v, %v", cal, err)
	}
}

func TestSaveConsultantValidates(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, _ := team(t, core)
	ctx := context.Background()
	for _, tt := range []struct {
		in    booking.ConsultantInput
		field string
	}{
		{booking.ConsultantInput{Name: "", Services: []string{"developpement-web"}}, "name"},
		{booking.ConsultantInput{Name: "Amel", Services: []string{"astrologie"}}, "services"},
		{booking.ConsultantInput{Name: "Amel", Hours: []booking.WeeklyRange{{Weekday: 2, Starts: "12:00", Ends: "09:00"}}}, "hours"},
		{booking.ConsultantInput{Name: "Amel", Hours: []booking.WeeklyRange{{Weekday: 7, Starts: "09:00", Ends: "12:00"}}}, "hours"},
		{booking.ConsultantInput{Name: "Amel", Hours: []booking.WeeklyRange{{Weekday: 2, Starts: "09:00", Ends: "12:00"},
			{Weekday: 2, Starts: "11:00", Ends: "13:00"}}}, "hours"},
		{booking.ConsultantInput{Name: "Amel", DaysOff: []string{"2026-02-30"}}, "days_off"},
	} {
		var v *booking.ValidationError
		if _, err := core.SaveConsultant(ctx, amel, tt.in); !errors.As(err, &v) || v.Fields[tt.field] == "" {
			t.Errorf("%+v: %v, want a validation error on %s", tt.in, err, tt.field)
		}
	}
	if _, err := core.SaveConsultant(ctx, "00000000-0000-0000-0000-000000000001",
		booking.ConsultantInput{Name: "Personne"}); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("an unknown user: %v, want not found", err)
	}
	c, err := core.SaveConsultant(ctx, amel, booking.ConsultantInput{Name: " Amel  B ", Services: []string{"Développement Web"},
		Hours: []booking.WeeklyRange{{Weekday: 0, Starts: "14:00", Ends: "17:00"}, {Weekday: 0, Starts: "09:00", Ends: "12:00"}}})
	if err != nil || c.Name != "Amel B" || !slices.Equal(c.Services, []string{"developpement-web"}) || len(c.Hours) != 2 ||
		c.Hours[0].Starts != "09:00" || !c.Active {
		t.Fatalf("saved %+v, %v", c, err)
	}
	list, err := core.PublicConsultants(ctx, "bots-ia")
	if err != nil || len(list) != 1 || list[0].Name != "Yacine" {
		t.Fatalf("AI bots' consultants: %+v, %v", list, err)
	}
	if err := core.RemoveConsultant(ctx, amel); err != nil {
		t.Fatal(err)
	}
	if err := core.RemoveConsultant(ctx, amel); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("removing again: %v", err)
	}
}

// A freed place offered to the next in line holds a consultant for them, and the
// booking that accepts it gets that consultant.
func TestConsultantOfferHoldsItsConsultant(t *testing.T) {
	core := newCore(t, sundayMorning)
	amel, _ := team(t, core)
	ctx := context.Background()
	slot := booking.SlotRef{Date: tuesday, Time: "09:00"} // Amel's alone
	first, err := core.Book(ctx, consultantRequest(1, tuesday, "09:00", ""))
	if err != nil {
		t.Fatal(err)
	}
	j := waiter(t, core, slot, "Nadia Ouali", "fr")
	cancelled := booking.StatusCancelled
	if _, err := core.Edit(ctx, first.Appointment.ID, booking.Change{Status: &cancelled}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	if err := core.SettleWaitlist(ctx, slot.Date, slot.Time); err != nil {
		t.Fatal(err)
	}
	var held string
	if err := pool.QueryRow(ctx, `SELECT coalesce(consultant_id::text, '') FROM waitlist WHERE id = $1 AND state = 'offered'`,
		j.ID).Scan(&held); err != nil || held != amel {
		t.Fatalf("the offer holds %q (%v), want Amel", held, err)
	}
	if _, err := core.Book(ctx, consultantRequest(2, tuesday, "09:00", "")); !errors.Is(err, booking.ErrSlotTaken) {
		t.Fatalf("another booking of the held place: %v, want slot taken", err)
	}
	res, err := core.AcceptOffer(ctx, j.ID)
	if err != nil || res.Appointment.ConsultantID != amel {
		t.Fatalf("accepting: %+v, %v; want Amel's", res.Appointment, err)
	}
}
