package booking_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

// The waitlist against the real PostgreSQL, River and an SMTP server: a freed place is
// offered to the first in line alone, held for them by every booking path, and passed on
// when they decline or let the hold run out.

var offerLink = regexp.MustCompile(regexp.QuoteMeta(publicURL) + `/waitlist/offers/([A-Za-z0-9_-]{43})\?lang=(fr|en|ar)`)

// waiter joins the slot's line as the person named.
func waiter(t *testing.T, c *booking.Core, slot booking.SlotRef, name, lang string) booking.Joined {
	t.Helper()
	j, err := c.JoinWaitlist(context.Background(), booking.WaitlistRequest{Date: slot.Date, Time: slot.Time,
		Name: name, Phone: "0661 22 33 4" + string(rune('0'+len(name)%10)), Email: strings.ToLower(strings.Fields(name)[0]) + "@wait.dz",
		Service: "Développement web", Language: lang})
	if err != nil {
		t.Fatalf("%s joins: %v", name, err)
	}
	return j
}

// entry is the slot's entry of id as staff see it.
func entry(t *testing.T, c *booking.Core, slot booking.SlotRef, id string) booking.WaitlistEntry {
	t.Helper()
	slots, err := c.Waitlist(context.Background(), slot.Date)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range slots {
		for _, e := range s.Entries {
			if e.ID == id {
				return e
			}
		}
	}
	t.Fatalf("no entry %s", id)
	return booking.WaitlistEntry{}
}

// waitState waits up to 15 s for the entry to reach state.
func waitState(t *testing.T, c *booking.Core, slot booking.SlotRef, id, state string) booking.WaitlistEntry {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		e := entry(t, c, slot, id)
		if e.State == state {
			return e
		}
		if time.Now().After(deadline) {
			t.Fatalf("entry %s is %s, want %s", e.Name, e.State, state)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// offerMail waits for the offer message to the address and returns its link's token.
func offerMail(t *testing.T, srv *mailtest.Server, to, lang string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range srv.Messages() {
			p := m.Parse(t)
			if !strings.Contains(strings.Join(m.To, ","), to) {
				continue
			}
			if link := offerLink.FindStringSubmatch(p.Text); link != nil {
				if link[2] != lang {
					t.Errorf("the offer to %s is in %s, want %s", to, link[2], lang)
				}
				if len(p.Attachments) != 0 {
					t.Errorf("an offer carries %d attachments", len(p.Attachments))
				}
				return link[1]
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
	t.Fatalf("no offer reached %s", to)
	return ""
}

// fullSlot is a slot four days ahead, booked to its capacity of one.
func fullSlot(t *testing.T, c *booking.Core) (booking.SlotRef, booking.Appointment) {
	t.Helper()
	slot := freeSlot(t, c, 4, 0)
	return slot, bookWithMail(t, c, slot, "fr")
}

// saveSettings changes the settings as staff do, through SaveSettings.
func saveSettings(t *testing.T, c *booking.Core, change func(*booking.Settings)) {
	t.Helper()
	st, err := c.Settings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	change(&st)
	if _, err := c.SaveSettings(context.Background(), st); err != nil {
		t.Fatal(err)
	}
}

// fullLine starts a test of the waitlist: a core on the real clock and jobs that sends
// through a fresh SMTP server, and a slot four days ahead booked to its capacity of one.
func fullLine(t *testing.T) (context.Context, *mailtest.Server, *booking.Core, booking.SlotRef, booking.Appointment) {
	t.Helper()
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	slot, held := fullSlot(t, c)
	return context.Background(), srv, c, slot, held
}

func cancel(t *testing.T, c *booking.Core, a booking.Appointment) {
	t.Helper()
	if _, err := c.Edit(context.Background(), a.ID, booking.Change{Status: ptr(booking.StatusCancelled)}, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
}

func TestWaitlistOffersAFreedPlaceToTheFirstInLine(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)

	// A free slot is booked, not waited for.
	free := freeSlot(t, c, 4, 1)
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: free.Date, Time: free.Time, Name: "Nadia Ouali",
		Phone: "0661223344", Email: "nadia@wait.dz"}); !errors.As(err, new(*booking.SlotFreeError)) {
		t.Fatalf("joining a free slot: %v, want SlotFreeError", err)
	}
	// An e-mail is needed: the offer goes there.
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: slot.Date, Time: slot.Time, Name: "Nadia Ouali",
		Phone: "0661223344"}); !errors.As(err, new(*booking.ValidationError)) {
		t.Fatalf("joining without an e-mail: %v", err)
	}

	first := waiter(t, c, slot, "Samira Haddad", "en")
	second := waiter(t, c, slot, "Yacine Mebarki", "ar")
	if first.Position != 1 || second.Position != 2 {
		t.Fatalf("positions %d, %d", first.Position, second.Position)
	}
	again := waiter(t, c, slot, "Samira Haddad", "en")
	if !again.Again || again.ID != first.ID || again.Position != 1 {
		t.Errorf("joining twice: %+v", again)
	}

	cancel(t, c, held)
	token := offerMail(t, srv, "samira@wait.dz", "en")
	e := waitState(t, c, slot, first.ID, booking.WaitOffered)
	if e.HoldUntil == nil || e.HoldUntil.Sub(*e.OfferedAt) != 30*time.Minute {
		t.Errorf("hold %v from %v, want 30 minutes", e.HoldUntil, e.OfferedAt)
	}
	if s := entry(t, c, slot, second.ID); s.State != booking.WaitWaiting || *s.Position != 2 {
		t.Errorf("the second in line: %+v", s)
	}

	o, err := c.OfferByToken(ctx, token)
	if err != nil || o.State != booking.OfferOpen || o.Date != slot.Date || o.Time != slot.Time || o.Lang != "en" {
		t.Fatalf("offer: %+v %v", o, err)
	}
	res, err := c.AcceptOfferByToken(ctx, token)
	if err != nil || res.Replayed || res.Appointment.Email != "samira@wait.dz" || res.Appointment.Date != slot.Date {
		t.Fatalf("accept: %+v %v", res, err)
	}
	// Accepting again is the same booking; the offer now reads as accepted.
	again2, err := c.AcceptOfferByToken(ctx, token)
	if err != nil || !again2.Replayed || again2.Appointment.ID != res.Appointment.ID {
		t.Errorf("accepting again: %+v %v", again2, err)
	}
	if o, err := c.OfferByToken(ctx, token); err != nil || o.State != booking.OfferAccepted || o.AppointmentID != res.Appointment.ID {
		t.Errorf("the accepted offer: %+v %v", o, err)
	}
	if e := entry(t, c, slot, first.ID); e.State != booking.WaitBooked || e.AppointmentID == nil || *e.AppointmentID != res.Appointment.ID {
		t.Errorf("the accepted entry: %+v", e)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM appointments WHERE date = $1 AND time = $2 AND status <> 'cancelled'`,
		slot.Date, slot.Time).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d appointments hold the slot (%v)", n, err)
	}
	// Its confirmation follows, as for any booking.
	waitDelivery(t, c, res.Appointment.ID, booking.KindConfirmation, booking.DeliverySent)
	if _, err := c.OfferByToken(ctx, strings.Repeat("A", 43)); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("an unknown token: %v", err)
	}
}

func TestWaitlistPassesOnWhenDeclinedExpiredOrRemoved(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	a := waiter(t, c, slot, "Amel Bouzid", "fr")
	b := waiter(t, c, slot, "Karim Saadi", "fr")
	d := waiter(t, c, slot, "Lina Cherif", "fr")
	waiter(t, c, slot, "Omar Djebbar", "fr")

	cancel(t, c, held)
	tokenA := offerMail(t, srv, "amel@wait.dz", "fr")
	waitState(t, c, slot, a.ID, booking.WaitOffered)

	// Declined: the next is offered; the declined offer is gone.
	if err := c.DeclineOfferByToken(ctx, tokenA); err != nil {
		t.Fatal(err)
	}
	if err := c.DeclineOfferByToken(ctx, tokenA); err != nil {
		t.Errorf("declining again: %v", err)
	}
	if _, err := c.AcceptOfferByToken(ctx, tokenA); !errors.Is(err, booking.ErrGone) {
		t.Errorf("accepting a declined offer: %v, want gone", err)
	}
	offerMail(t, srv, "karim@wait.dz", "fr")
	waitState(t, c, slot, b.ID, booking.WaitOffered)

	// The hold runs out: the offer expires, and the next is offered.
	if _, err := pool.Exec(ctx, `UPDATE waitlist SET hold_until = now() - interval '1 second' WHERE id = $1`, b.ID); err != nil {
		t.Fatal(err)
	}
	if err := c.SettleWaitlist(ctx, slot.Date, slot.Time); err != nil {
		t.Fatal(err)
	}
	if got := entry(t, c, slot, b.ID); got.State != booking.WaitExpired {
		t.Errorf("the unanswered offer is %s", got.State)
	}
	waitState(t, c, slot, d.ID, booking.WaitOffered)

	// Staff take the offered person out of line: the offer passes to the last one.
	if err := c.RemoveFromWaitlist(ctx, d.ID, "staff@dota.dz"); err != nil {
		t.Fatal(err)
	}
	if got := entry(t, c, slot, d.ID); got.State != booking.WaitRemoved || got.ClosedBy == nil || *got.ClosedBy != "staff@dota.dz" {
		t.Errorf("the removed entry: %+v", got)
	}
	tokenE := offerMail(t, srv, "omar@wait.dz", "fr")
	if _, err := c.AcceptOfferByToken(ctx, tokenE); err != nil {
		t.Fatal(err)
	}
	// One offer at a time: nobody else was ever offered the one place while another held it.
	var offers int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM deliveries WHERE kind = 'waitlist_offer'`).Scan(&offers); err != nil || offers != 4 {
		t.Errorf("%d offers sent, want 4 (%v)", offers, err)
	}
}

func TestWaitlistHoldIsHonouredByEveryPath(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	w := waiter(t, c, slot, "Samira Haddad", "fr")
	// Another appointment, elsewhere, and its manage link, to try moving into the held slot.
	other := freeSlot(t, c, 5, 0)
	b, err := c.Book(ctx, booking.Request{Name: "Rachid Amrani", Email: "rachid@amrani.dz", Phone: "0770112233",
		Date: other.Date, Time: other.Time})
	if err != nil {
		t.Fatal(err)
	}
	cancel(t, c, held)
	token := offerMail(t, srv, "samira@wait.dz", "fr")
	waitState(t, c, slot, w.ID, booking.WaitOffered)

	// The slot shows as taken, and no path can book it but the offer.
	day, err := c.Day(ctx, slot.Date, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range day.Slots {
		if s.Time == slot.Time && s.Free {
			t.Errorf("the held slot is listed as free")
		}
	}
	alts, err := c.NearestFree(ctx, slot.Date, "", 20, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range alts {
		if a.Date == slot.Date && a.Time == slot.Time {
			t.Errorf("the held slot is offered as an alternative")
		}
	}
	if _, err := c.Book(ctx, booking.Request{Name: "Walid Kaci", Phone: "0550998877", Date: slot.Date, Time: slot.Time,
		Source: booking.SourceConsole}); !errors.Is(err, booking.ErrSlotTaken) {
		t.Errorf("booking the held slot: %v", err)
	}
	if _, err := c.Edit(ctx, b.Appointment.ID, booking.Change{Date: &slot.Date, Time: &slot.Time}, "staff@dota.dz"); !errors.Is(err, booking.ErrSlotTaken) {
		t.Errorf("staff moving into the held slot: %v", err)
	}
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: slot.Date, Time: slot.Time, Name: "Walid Kaci",
		Phone: "0550998877", Email: "walid@kaci.dz"}); err != nil {
		t.Errorf("the held slot is full, so it can be waited for: %v", err)
	}

	// A form booking racing the acceptance: exactly one wins, and it is the offer.
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins, taken := 0, 0
	start := make(chan struct{})
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			_, err := c.Book(ctx, booking.Request{Name: "Visiteur Rapide", Phone: "0550" + string(rune('0'+i)) + "00000",
				Date: slot.Date, Time: slot.Time})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				wins++
			case errors.Is(err, booking.ErrSlotTaken):
				taken++
			default:
				t.Errorf("form booking: %v", err)
			}
		}(i)
	}
	var accepted booking.Result
	var acceptErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		<-start
		accepted, acceptErr = c.AcceptOfferByToken(ctx, token)
	}()
	close(start)
	wg.Wait()
	if acceptErr != nil || wins != 0 || taken != 8 {
		t.Errorf("race: accept %v, form bookings won %d, refused %d", acceptErr, wins, taken)
	}
	var holders []string
	rows, _ := pool.Query(ctx, `SELECT id::text FROM appointments WHERE date = $1 AND time = $2 AND status <> 'cancelled'`,
		slot.Date, slot.Time)
	for rows.Next() {
		var id string
		_ = rows.Scan(&id)
		holders = append(holders, id)
	}
	if len(holders) != 1 || holders[0] != accepted.Appointment.ID {
		t.Errorf("the slot is held by %v, want the accepted %s", holders, accepted.Appointment.ID)
	}
}

func TestWaitlistExpiredHoldRacesFairly(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	w := waiter(t, c, slot, "Samira Haddad", "fr")
	cancel(t, c, held)
	token := offerMail(t, srv, "samira@wait.dz", "fr")
	waitState(t, c, slot, w.ID, booking.WaitOffered)
	// The hold ran out just now, before the job closed it: an acceptance and a form booking
	// race for the place on equal terms, and exactly one gets it.
	if _, err := pool.Exec(ctx, `UPDATE waitlist SET hold_until = now() WHERE id = $1`, w.ID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var acceptErr, formErr error
	wg.Add(2)
	go func() { defer wg.Done(); _, acceptErr = c.AcceptOfferByToken(ctx, token) }()
	go func() {
		defer wg.Done()
		_, formErr = c.Book(ctx, booking.Request{Name: "Walid Kaci", Phone: "0550998877", Date: slot.Date, Time: slot.Time})
	}()
	wg.Wait()
	if !errors.Is(acceptErr, booking.ErrGone) {
		t.Errorf("accepting after the hold: %v, want gone", acceptErr)
	}
	if formErr != nil {
		t.Errorf("the form booking after the hold: %v", formErr)
	}
}

func TestCancellationWithNobodyWaitingFreesTheSlot(t *testing.T) {
	resetLife(t)
	c := mailCore(t, nil)
	ctx := context.Background()
	slot, held := fullSlot(t, c)
	cancel(t, c, held)
	day, err := c.Day(ctx, slot.Date, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range day.Slots {
		if s.Time == slot.Time && !s.Free {
			t.Errorf("the cancelled slot is not free")
		}
	}
	var jobs int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'waitlist'`).Scan(&jobs); err != nil || jobs != 0 {
		t.Errorf("%d waitlist jobs for a slot nobody waits for (%v)", jobs, err)
	}
	if _, err := c.Book(ctx, booking.Request{Name: "Walid Kaci", Phone: "0550998877", Date: slot.Date, Time: slot.Time}); err != nil {
		t.Errorf("booking the freed slot: %v", err)
	}
}

func TestNoOfferForASlotInsideTheNotice(t *testing.T) {
	ctx, _, c, slot, held := fullLine(t)
	w := waiter(t, c, slot, "Samira Haddad", "fr")
	// The notice grows to a week: the slot, four days ahead, is now too near to offer.
	saveSettings(t, c, func(st *booking.Settings) { st.MinNoticeMinutes = 10080 })
	cancel(t, c, held)
	waitState(t, c, slot, w.ID, booking.WaitLapsed)
	var offers int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM deliveries WHERE kind = 'waitlist_offer'`).Scan(&offers); err != nil || offers != 0 {
		t.Errorf("%d offers for a slot inside the notice (%v)", offers, err)
	}
	// And a slot inside the notice cannot be waited for.
	if _, err := c.JoinWaitlist(ctx, booking.WaitlistRequest{Date: slot.Date, Time: slot.Time, Name: "Walid Kaci",
		Phone: "0550998877", Email: "walid@kaci.dz"}); !errors.As(err, new(*booking.ValidationError)) {
		t.Errorf("joining inside the notice: %v", err)
	}
}

func TestRaisedCapacityOffersThePlaces(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	slot, _ := fullSlot(t, c)
	a := waiter(t, c, slot, "Samira Haddad", "fr")
	b := waiter(t, c, slot, "Yacine Mebarki", "fr")
	saveSettings(t, c, func(st *booking.Settings) { st.SlotCapacity = 2 })
	offerMail(t, srv, "samira@wait.dz", "fr")
	waitState(t, c, slot, a.ID, booking.WaitOffered)
	if got := entry(t, c, slot, b.ID); got.State != booking.WaitWaiting {
		t.Errorf("one new place, yet the second in line is %s", got.State)
	}
}

// An offer's acceptance answers to its offer alone: no key a visitor may send with a
// booking of their own (here "waitlist-" and the entry's id, once the key acceptance
// booked with) can make it fail. Accepting twice at once books once, and both answers
// are that booking.
func TestAcceptingAnOfferCannotBeBlockedByAClientKey(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	w := waiter(t, c, slot, "Samira Haddad", "fr")
	other := freeSlot(t, c, 5, 0)
	for _, key := range []string{"waitlist-" + w.ID, w.ID} {
		if _, err := c.Book(ctx, booking.Request{Name: "Intrus Malin", Phone: "0550112233", Date: other.Date,
			Time: other.Time, IdempotencyKey: key}); err != nil && !errors.Is(err, booking.ErrSlotTaken) {
			t.Fatalf("the intruder's booking with key %q: %v", key, err)
		}
	}
	cancel(t, c, held)
	token := offerMail(t, srv, "samira@wait.dz", "fr")
	waitState(t, c, slot, w.ID, booking.WaitOffered)

	var wg sync.WaitGroup
	results := make([]booking.Result, 2)
	errs := make([]error, 2)
	for i := range results {
		wg.Add(1)
		go func() { defer wg.Done(); results[i], errs[i] = c.AcceptOfferByToken(ctx, token) }()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("accept %d: %v", i, err)
		}
	}
	a, b := results[0], results[1]
	if a.Appointment.ID != b.Appointment.ID || a.Replayed == b.Replayed || a.Appointment.Email != "samira@wait.dz" ||
		a.Appointment.Date != slot.Date || a.Appointment.Time != slot.Time {
		t.Fatalf("two accepts at once: %+v (replayed %v), %+v (replayed %v)", a.Appointment, a.Replayed,
			b.Appointment, b.Replayed)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM appointments WHERE date = $1 AND time = $2 AND status <> 'cancelled'`,
		slot.Date, slot.Time).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d appointments hold the slot (%v)", n, err)
	}
	if again, err := c.AcceptOffer(ctx, w.ID); err != nil || !again.Replayed || again.Appointment.ID != a.Appointment.ID {
		t.Errorf("accepting once more: %+v %v", again, err)
	}
}

// An offer whose message fails for good (the address does not exist) stops holding the
// place: it is closed at once, and the place goes to the next in line without waiting
// for the hold to run out.
func TestAnUndeliverableOfferPassesOn(t *testing.T) {
	ctx, srv, c, slot, held := fullLine(t)
	srv.Reject("ghost@wait.dz", 550)
	ghost := waiter(t, c, slot, "Ghost Entry", "fr")
	next := waiter(t, c, slot, "Karim Saadi", "fr")
	cancel(t, c, held)
	offerMail(t, srv, "karim@wait.dz", "fr")
	waitState(t, c, slot, next.ID, booking.WaitOffered)
	e := entry(t, c, slot, ghost.ID)
	if e.State != booking.WaitExpired || e.ClosedBy == nil || *e.ClosedBy != booking.ActorSystem {
		t.Errorf("the undeliverable offer: %s closed by %v", e.State, e.ClosedBy)
	}
	var state string
	if err := pool.QueryRow(ctx, `SELECT d.state FROM deliveries d JOIN waitlist w ON w.delivery_id = d.id
		WHERE w.id = $1`, ghost.ID).Scan(&state); err != nil || state != booking.DeliveryFailed {
		t.Errorf("the ledger says %q (%v), want failed", state, err)
	}
}
