package booking_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/mail/mailtest"
)

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

func TestACodeProvesTheAddressBeforeAnyChange(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	a := bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	srv.Wait(t, 1) // the confirmation

	id, err := c.SendCode(ctx, "AMINE@belk.dz", "en")
	if err != nil {
		t.Fatal(err)
	}
	msg := srv.Wait(t, 2)[1].Parse(t)
	code := sixDigits.FindString(msg.Subject)
	if code == "" || msg.Attachment("invite.ics") != nil {
		t.Fatalf("code message %q", msg.Subject)
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	if _, err := c.VerifyCode(ctx, id, wrong); !errors.Is(err, booking.ErrCodeWrong) {
		t.Errorf("a wrong code: %v", err)
	}
	email, err := c.VerifyCode(ctx, id, code)
	if err != nil || email != "amine@belk.dz" {
		t.Fatalf("the right code: %q %v", email, err)
	}
	if _, err := c.VerifyCode(ctx, id, code); !errors.Is(err, booking.ErrCodeExpired) {
		t.Errorf("a code used twice: %v", err)
	}

	list, err := c.Upcoming(ctx, email)
	if err != nil || len(list) != 1 || list[0].ID != a.ID {
		t.Fatalf("upcoming: %+v %v", list, err)
	}
	if _, err := c.CancelVerified(ctx, "someone@else.dz", a.ID); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("cancelled for another address: %v", err)
	}
	to := freeSlot(t, c, 6, 0)
	moved, err := c.RescheduleVerified(ctx, email, a.ID, to.Date, to.Time)
	if err != nil || moved.Date != to.Date {
		t.Fatalf("move: %+v %v", moved, err)
	}
	if _, err := c.CancelVerified(ctx, email, a.ID); err != nil {
		t.Fatal(err)
	}

	// An address with nothing ahead gets no message, and no code matches it.
	none, err := c.SendCode(ctx, "nobody@nowhere.dz", "fr")
	if err != nil {
		t.Fatal(err)
	}
	waitDelivery(t, c, a.ID, booking.KindCancelled, booking.DeliverySent)
	time.Sleep(300 * time.Millisecond) // time for a code to nobody to go out, were there one
	if _, err := c.VerifyCode(ctx, none, "123456"); !errors.Is(err, booking.ErrCodeWrong) {
		t.Errorf("a code for an address with nothing ahead: %v", err)
	}
	for _, m := range srv.Messages() {
		for _, to := range m.To {
			if to == "nobody@nowhere.dz" {
				t.Errorf("an address with no appointment was sent a code")
			}
		}
	}
	// Five tries at most.
	for range booking.CodeTries {
		_, _ = c.VerifyCode(ctx, none, "123456")
	}
	if _, err := c.VerifyCode(ctx, none, "123456"); !errors.Is(err, booking.ErrCodeExpired) {
		t.Errorf("past its tries: %v", err)
	}
}

// TestTheLedgerKeepsNoCode: the ledger staff read records a code message by its kind and
// subject, the code masked; the code is only in the recipient's mailbox.
func TestTheLedgerKeepsNoCode(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	srv.Wait(t, 1)
	if _, err := c.SendCode(ctx, "amine@belk.dz", "fr"); err != nil {
		t.Fatal(err)
	}
	code := sixDigits.FindString(srv.Wait(t, 2)[1].Parse(t).Subject)
	var d booking.Delivery
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		page, err := c.Deliveries(ctx, booking.DeliveryFilter{Kind: booking.KindCode})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Items) == 1 && page.Items[0].State == booking.DeliverySent {
			d = page.Items[0]
			break
		}
	}
	if d.Subject == "" || sixDigits.MatchString(d.Subject) || strings.Contains(d.Subject, code) {
		t.Errorf("the ledger keeps the code message as %q (code %s)", d.Subject, code)
	}
}

// codeOf waits for the n-th message srv receives and returns the code in its subject.
func codeOf(t *testing.T, srv *mailtest.Server, n int) string {
	t.Helper()
	code := sixDigits.FindString(srv.Wait(t, n)[n-1].Parse(t).Subject)
	if code == "" {
		t.Fatalf("message %d carries no code", n)
	}
	return code
}

// otherThan is a six-digit code that is not code.
func otherThan(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

// TestANewCodeRetiresTheEarlierOnes: once a new code is asked for an address, the codes
// sent there before no longer prove it.
func TestANewCodeRetiresTheEarlierOnes(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	srv.Wait(t, 1)
	first, err := c.SendCode(ctx, "amine@belk.dz", "fr")
	if err != nil {
		t.Fatal(err)
	}
	firstCode := codeOf(t, srv, 2)
	second, err := c.SendCode(ctx, "amine@belk.dz", "fr")
	if err != nil {
		t.Fatal(err)
	}
	secondCode := codeOf(t, srv, 3)
	if _, err := c.VerifyCode(ctx, first, firstCode); !errors.Is(err, booking.ErrCodeExpired) {
		t.Errorf("the earlier code still proves the address: %v", err)
	}
	if email, err := c.VerifyCode(ctx, second, secondCode); err != nil || email != "amine@belk.dz" {
		t.Errorf("the new code: %q %v", email, err)
	}
}

// TestWrongCodesAreCappedPerAddressPerDay: after booking.CodeFailuresPerDay wrong codes
// for an address, no code proves it that day, not even the right one, and no other code
// is sent; the requester hears exactly the same answers whether or not the address has
// appointments.
func TestWrongCodesAreCappedPerAddressPerDay(t *testing.T) {
	resetLife(t)
	srv := mailtest.Start(t)
	c := mailCore(t, srv)
	ctx := context.Background()
	bookWithMail(t, c, freeSlot(t, c, 4, 0), "fr")
	srv.Wait(t, 1)
	answer := func(err error) string {
		for _, known := range []error{booking.ErrCodeWrong, booking.ErrCodeExpired, booking.ErrTooManyCodes} {
			if errors.Is(err, known) {
				return known.Error()
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		return "ok"
	}
	// Codes of four, four and two wrong tries: ten failures, the last code still live.
	play := func(email string, mailed bool) []string {
		var said []string
		sent := len(srv.Messages())
		for _, wrong := range []int{4, 4, 2} {
			id, err := c.SendCode(ctx, email, "fr")
			said = append(said, answer(err))
			code := "123456"
			if mailed {
				sent++
				code = codeOf(t, srv, sent)
			}
			for range wrong {
				_, err := c.VerifyCode(ctx, id, otherThan(code))
				said = append(said, answer(err))
			}
			if wrong == 2 {
				_, err := c.VerifyCode(ctx, id, code)
				said = append(said, answer(err))
			}
		}
		_, err := c.SendCode(ctx, email, "fr")
		return append(said, answer(err))
	}
	booked := play("amine@belk.dz", true)
	unknown := play("nobody@nowhere.dz", false)
	if booking.CodeFailuresPerDay != 10 || booked[len(booked)-2] != booking.ErrTooManyCodes.Error() ||
		booked[len(booked)-1] != booking.ErrTooManyCodes.Error() {
		t.Errorf("past the day's failures: %q", booked)
	}
	if strings.Join(booked, ",") != strings.Join(unknown, ",") {
		t.Errorf("the requester is told apart:\n booked  %q\n unknown %q", booked, unknown)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(srv.Messages()); n != 4 {
		t.Errorf("%d messages, want the confirmation and three codes", n)
	}
}
