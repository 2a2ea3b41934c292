package chatbot

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

// Moving and cancelling one's appointment in the chat, end to end: the code is read from
// the messages a real SMTP server receives.

// mailEngine is an engine on the real clock whose booking core sends through srv and
// works its jobs.
func mailEngine(t *testing.T, srv *mailtest.Server) (*Engine, *booking.Core) {
	t.Helper()
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	core := booking.New(pool, booking.WithLogger(quiet), booking.WithMail(booking.Mail{Sender: tr}),
		booking.WithJobs(booking.JobsConfig{RetryBase: 50 * time.Millisecond}))
	if err := core.StartJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = core.StopJobs(ctx)
	})
	rdb, prefix := testdb.Redis(t)
	return closedAtEnd(t, New(core, pool, rdb, Config{RedisPrefix: prefix}, WithLogger(quiet))), core
}

// openSlots are free slots at least days ahead on the real calendar.
func openSlots(t *testing.T, core *booking.Core, days, n int) []booking.SlotRef {
	t.Helper()
	var out []booking.SlotRef
	d := time.Now().In(algiers).AddDate(0, 0, days)
	for i := 0; i < 40 && len(out) < n; i++ {
		day, err := core.Day(context.Background(), d.Format(time.DateOnly), "en")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range day.Slots {
			if !day.Closed && s.Free && !s.Past && len(out) < n {
				out = append(out, booking.SlotRef{Date: day.Date, Time: s.Time})
			}
		}
		d = d.AddDate(0, 0, 1)
	}
	if len(out) < n {
		t.Fatal("not enough free slots")
	}
	return out
}

// hourApart is a free 10:00 and the free 11:00 of its day, among n free slots at least
// four days ahead, with the other slots; the test is skipped when none are.
func hourApart(t *testing.T, core *booking.Core, n int) (from, to booking.SlotRef, others []booking.SlotRef) {
	t.Helper()
	slots := openSlots(t, core, 4, n)
	for i := 1; i < len(slots) && to.Date == ""; i++ {
		if slots[i-1].Time == "10:00" && slots[i].Time == "11:00" && slots[i-1].Date == slots[i].Date {
			from, to = slots[i-1], slots[i]
			others = append(append(others, slots[:i-1]...), slots[i+1:]...)
		}
	}
	if to.Date == "" {
		t.Skip("no free 10:00 and 11:00 on one day")
	}
	return from, to, others
}

var codeIn = regexp.MustCompile(`\b\d{6}\b`)

// codeFor waits for the latest code sent to rcpt.
func codeFor(t *testing.T, srv *mailtest.Server, rcpt string, after int) string {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		msgs := srv.Messages()
		for i := len(msgs) - 1; i >= after; i-- {
			if len(msgs[i].To) == 1 && msgs[i].To[0] == rcpt {
				if c := codeIn.FindString(msgs[i].Parse(t).Subject); c != "" {
					return c
				}
			}
		}
	}
	t.Fatalf("no code sent to %s", rcpt)
	return ""
}

func TestMoveAndCancelInTheChatAfterACode(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	ctx := context.Background()
	slots := openSlots(t, core, 4, 6)
	for i, tc := range []struct {
		lang, ask, again, email, yes, moved, cancelled string
		move                                           bool
	}{
		{lang: "fr", ask: "Je voudrais déplacer mon rendez-vous", email: "chat.fr@belk.dz", move: true, moved: "déplacé"},
		// "Please cancel it.", said while the address is asked, asks for the cancellation under way
		{lang: "en", ask: "I need to cancel my appointment", again: "Please cancel it.", email: "chat.en@belk.dz",
			yes: "cancel it", cancelled: "cancelled"},
		{lang: "ar", ask: "بغيت نبدل الموعد", email: "chat.ar@belk.dz", move: true, moved: "نُقل موعدك"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			_, err := core.Book(ctx, booking.Request{Name: "Client Chat", Email: tc.email, Phone: "0555123400",
				Service: "Développement web", Date: slots[2*i].Date, Time: slots[2*i].Time, Language: tc.lang})
			if err != nil {
				t.Fatal(err)
			}
			c := start(t, e, tc.lang)
			c.say(tc.ask)
			c.expect(StepManageEmail)
			if tc.again != "" {
				c.say(tc.again)
				c.expect(StepManageEmail)
			}
			before := len(srv.Messages())
			c.say(tc.email)
			c.expect(StepManageCode, tc.email)
			code := codeFor(t, srv, tc.email, before)
			if tc.lang == "ar" {
				wrong := "000000"
				if code == wrong {
					wrong = "111111"
				}
				c.say(wrong)
				c.expect(StepManageCode, "غير صحيح")
			}
			c.say(code)
			if tc.move {
				c.expect(StepManageWhen)
				// its own slot, named, is no move: the day is kept and the hour asked
				c.say(slots[2*i].Date + " " + slots[2*i].Time)
				c.expect(StepManageTime)
				to := slots[2*i+1]
				c.say(to.Date + " " + to.Time)
				c.expect(StepGreeting, tc.moved)
				list, err := core.Upcoming(ctx, tc.email)
				if err != nil || len(list) != 1 || list[0].Date != to.Date || list[0].Time != to.Time {
					t.Fatalf("after the move: %+v %v", list, err)
				}
				return
			}
			c.expect(StepManageCancel, "?")
			c.say(tc.yes)
			c.expect(StepGreeting, tc.cancelled)
			if list, err := core.Upcoming(ctx, tc.email); err != nil || len(list) != 0 {
				t.Fatalf("after the cancellation: %+v %v", list, err)
			}
		})
	}
}

// A visitor who cannot come is offered the cancellation; saying they would rather move it
// turns the flow into a move, whose day and hour are asked at their own steps.
func TestACancellationBecomesAMoveWhenTheVisitorSaysSo(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	ctx := context.Background()
	slots := openSlots(t, core, 4, 2)
	if _, err := core.Book(ctx, booking.Request{Name: "Client Chat", Email: "story@belk.dz", Phone: "0555123402",
		Service: "Consultation", Date: slots[0].Date, Time: slots[0].Time, Language: "fr"}); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	c.say("Bonjour, j'ai un rendez-vous avec vous mais je ne pourrai pas venir")
	c.expect(StepManageEmail)
	before := len(srv.Messages())
	c.say("story@belk.dz")
	c.say(codeFor(t, srv, "story@belk.dz", before))
	c.expect(StepManageCancel, "?")
	c.say("non, je préfère le décaler à un autre jour")
	c.expect(StepManageWhen)
	to := slots[1]
	c.say(to.Date)
	c.expect(StepManageTime, to.Time)
	c.say(to.Time)
	c.expect(StepGreeting, "déplacé")
	if list, err := core.Upcoming(ctx, "story@belk.dz"); err != nil || len(list) != 1 || list[0].Date != to.Date || list[0].Time != to.Time {
		t.Fatalf("after the move: %+v %v", list, err)
	}
}

func TestNothingIsShownBeforeTheCode(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	slot := openSlots(t, core, 4, 1)[0]
	if _, err := core.Book(context.Background(), booking.Request{Name: "Secret Client", Email: "secret@belk.dz",
		Phone: "0555123401", Service: "Consultation", Date: slot.Date, Time: slot.Time}); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	c.say("annuler mon rendez-vous")
	c.say("secret@belk.dz")
	for _, guess := range []string{"123456", "654321"} {
		c.say(guess)
		if strings.Contains(c.text(), "Consultation") || strings.Contains(c.text(), slot.Date[8:]) {
			t.Fatalf("an appointment was shown before the code: %q", c.text())
		}
	}
	c.expect(StepManageCode)
	c.say("annuler")
	c.expect(StepGreeting)
}

// TestTooManyWrongCodesEndTheFlow: once an address was given the day's wrong codes, even
// the right code is refused, and Dota says so and offers the phone, as it does when no
// more codes may be sent.
func TestTooManyWrongCodesEndTheFlow(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	slot := openSlots(t, core, 4, 1)[0]
	if _, err := core.Book(context.Background(), booking.Request{Name: "Guess Client", Email: "guess@belk.dz",
		Phone: "0555123402", Service: "Consultation", Date: slot.Date, Time: slot.Time}); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	var code string
	for i, wrong := range []int{4, 4, 2} {
		if i > 0 {
			c.say("annuler")
		}
		sent := len(srv.Messages())
		c.say("annuler mon rendez-vous")
		c.say("guess@belk.dz")
		code = codeFor(t, srv, "guess@belk.dz", sent)
		guess := "000000"
		if code == guess {
			guess = "111111"
		}
		for range wrong {
			c.say(guess)
			c.expect(StepManageCode)
		}
	}
	c.say(code)
	c.expect(StepGreeting)
	if !strings.Contains(c.text(), ContactPhone1) || strings.Contains(c.text(), slot.Date[8:]) {
		t.Errorf("past the day's wrong codes: %q", c.text())
	}
}

// A move told from the appointment's own slot ("une heure plus tard") lands on its hour
// plus one, the same day.
func TestAMoveToldFromTheAppointmentsSlot(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	ctx := context.Background()
	from, to, _ := hourApart(t, core, 16)
	if _, err := core.Book(ctx, booking.Request{Name: "Client Chat", Email: "shift@belk.dz", Phone: "0555123403",
		Service: "Consultation", Date: from.Date, Time: from.Time, Language: "fr"}); err != nil {
		t.Fatal(err)
	}
	c := start(t, e, "fr")
	c.say("je voudrais déplacer mon rendez-vous")
	c.expect(StepManageEmail)
	before := len(srv.Messages())
	c.say("shift@belk.dz")
	c.say(codeFor(t, srv, "shift@belk.dz", before))
	c.expect(StepManageWhen)
	c.say("une heure plus tard, s'il vous plaît")
	c.expect(StepGreeting, "déplacé")
	if list, err := core.Upcoming(ctx, "shift@belk.dz"); err != nil || len(list) != 1 || list[0].Date != to.Date || list[0].Time != to.Time {
		t.Fatalf("after the move: %+v %v", list, err)
	}
	// the code's, the booking's and the move's e-mails are sent before the engine stops, so
	// that no job is left for another test's engine to deliver
	srv.Wait(t, 3)
}

// A move asked for with its new slot before the code goes straight to that slot once the
// code is given, without asking again what to do: the slot after "to", the same day at
// another hour; a day alone asks its hours, and the appointment's own day, named to say
// which it is, asks the new one.
func TestAMoveAskedBeforeTheCodeGoesToItsSlot(t *testing.T) {
	srv := mailtest.Start(t)
	e, core := mailEngine(t, srv)
	ctx := context.Background()
	from, later, others := hourApart(t, core, 40)
	// a free slot on each of four days, and the others
	var days, rest []booking.SlotRef
	for _, s := range others {
		if len(days) < 4 && (len(days) == 0 || days[len(days)-1].Date != s.Date) {
			days = append(days, s)
		} else {
			rest = append(rest, s)
		}
	}
	if len(days) < 4 || len(rest) < 8 {
		t.Skip("not enough free days")
	}
	words := func(s booking.SlotRef) string { // "9 December", as visitors write a day
		d, err := time.Parse(time.DateOnly, s.Date)
		if err != nil {
			t.Fatal(err)
		}
		return d.Format("2 January")
	}
	other := func(hhmm string) string { // an hour other than hhmm
		if hhmm == "10:00" {
			return "11:00"
		}
		return "10:00"
	}
	for i, tc := range []struct {
		name, lang  string
		own, to     booking.SlotRef
		say         []string
		step, reply string // the step after the code, and the hour given there if any
	}{
		{name: "to", lang: "en", own: days[0], to: days[1],
			say:  []string{"need to push my appt from " + words(days[0]) + " to " + words(days[1]) + " " + days[1].Time + " if free"},
			step: StepGreeting},
		{name: "same day", lang: "fr", own: from, to: later,
			say:  []string{"salam, rdv ta3i m3a 10 bekri 3liya, momkin nfs nhar m3a 11?"},
			step: StepGreeting},
		{name: "day alone", lang: "ar", own: days[2], to: days[3],
			say:  []string{"سلام، الموعد تاع التصوير ما يصلحليش", "نأخروه لـ " + words(days[3])},
			step: StepManageTime, reply: days[3].Time},
		{name: "its own day", lang: "fr", own: rest[0], to: rest[1],
			say:  []string{"je voudrais reporter mon rendez-vous du " + words(rest[0])},
			step: StepManageWhen, reply: rest[1].Date + " " + rest[1].Time},
		{name: "a change of mind before the code", lang: "en", own: rest[2], to: rest[3],
			say: []string{"need to push my appt from " + words(rest[2]) + " to " + words(days[1]) + " " + days[1].Time,
				"sorry, I changed my mind: " + words(rest[3]) + " at " + rest[3].Time + " is better"},
			step: StepGreeting},
		// a story first, then a slot offered without a move word while the address is asked
		{name: "offered", lang: "fr", own: rest[4], to: rest[5],
			say: []string{"Salam, le rdv ta3i " + words(rest[4]) + ", ma fille mrida",
				"Ndirouh " + words(rest[5]) + " à " + rest[5].Time + ", c'est possible ?"},
			step: StepGreeting},
		{name: "an hour changed before the code", lang: "fr", own: rest[6], to: rest[7],
			say: []string{"bonjour, j'ai un rdv " + words(rest[6]) + ", nheb nbeddlou", words(rest[7]) + " à " + other(rest[7].Time) + " ?",
				"Non smahli, mettez " + rest[7].Time + ", à " + other(rest[7].Time) + " je suis encore au travail"},
			step: StepGreeting},
	} {
		t.Run(tc.name, func(t *testing.T) {
			email := fmt.Sprintf("wish%d@belk.dz", i)
			if _, err := core.Book(ctx, booking.Request{Name: "Client Chat", Email: email, Phone: "0555123404",
				Service: "Consultation", Date: tc.own.Date, Time: tc.own.Time, Language: tc.lang}); err != nil {
				t.Fatal(err)
			}
			c := start(t, e, tc.lang)
			for _, msg := range tc.say {
				c.say(msg)
				c.expect(StepManageEmail)
			}
			before := len(srv.Messages())
			c.say(email)
			c.say(codeFor(t, srv, email, before))
			c.expect(tc.step)
			if tc.reply != "" {
				c.say(tc.reply)
				c.expect(StepGreeting)
			}
			if list, err := core.Upcoming(ctx, email); err != nil || len(list) != 1 || list[0].Date != tc.to.Date || list[0].Time != tc.to.Time {
				t.Fatalf("after the move: %+v %v, want %+v", list, err, tc.to)
			}
		})
	}
	// each booking's, code's and move's e-mails are sent before the engine stops
	srv.Wait(t, 21)
}

// The slot a move wish lands on for the appointment: counted from its own, its own day or
// hour kept, or the day and hour named; none for an hour alone or its own slot.
func TestTheSlotAMoveWishLandsOn(t *testing.T) {
	cur := booking.Appointment{Date: "2026-11-29", Time: "09:00:00"}
	for _, tc := range []struct {
		wish reader.MoveWish
		want reader.When
		ok   bool
	}{
		{reader.MoveWish{Date: "2026-12-10", Time: "10:00"}, reader.When{Date: "2026-12-10", Time: "10:00"}, true},
		{reader.MoveWish{Date: "2026-12-08"}, reader.When{Date: "2026-12-08"}, true},
		{reader.MoveWish{Time: "11:00", SameDay: true}, reader.When{Date: "2026-11-29", Time: "11:00"}, true},
		{reader.MoveWish{SameDay: true}, reader.When{Date: "2026-11-29"}, true},
		{reader.MoveWish{Date: "2026-12-03", SameTime: true}, reader.When{Date: "2026-12-03", Time: "09:00"}, true},
		{reader.MoveWish{Days: 7, SameTime: true}, reader.When{Date: "2026-12-06", Time: "09:00"}, true},
		{reader.MoveWish{Hours: 1}, reader.When{Date: "2026-11-29", Time: "10:00"}, true},
		{reader.MoveWish{Time: "16:00"}, reader.When{}, false},
		{reader.MoveWish{Date: "2026-11-29"}, reader.When{}, false},
		{reader.MoveWish{Date: "2026-11-29", Time: "09:00"}, reader.When{}, false},
	} {
		if got, ok := wishedSlot(cur, tc.wish); got != tc.want || ok != tc.ok {
			t.Errorf("wishedSlot(%+v) = %+v, %v; want %+v, %v", tc.wish, got, ok, tc.want, tc.ok)
		}
	}
}
