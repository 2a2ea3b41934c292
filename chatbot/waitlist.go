package chatbot

import (
	"context"
	"errors"
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
)

// The waitlist in the conversation. A visitor who chooses a full slot is offered the
// nearest free ones; choosing the same full slot again, Dota offers to put them in its
// line (their e-mail is where the offer goes). When a place frees up and is offered to a
// visitor whose conversation is still open, the offer arrives in the widget too, with
// accept and decline.

// slotOffer is a freed place offered to the visitor, to accept or decline.
type slotOffer struct {
	ID   string `json:"id"`
	Date string `json:"date"`
	Time string `json:"time"`
}

// slotTaken answers the choice of a full slot: the nearest free slots, or, when the
// visitor insists on it and Dota has their e-mail, a place in its line.
func (t *turn) slotTaken(reason, date, hhmm string) {
	slot := date + " " + hhmm
	if t.s.TakenSlot == slot && t.s.Collected.Email != "" {
		l := t.lang()
		t.s.WaitlistAsked = true
		t.say(reason+"\n"+text(l, "waitlist_ask", "when", formatWhen(l, date, hhmm), "address", t.s.Collected.Email), SourceFlow)
		t.s.QuickReplies = t.yesNo()
		return
	}
	t.s.TakenSlot = slot
	t.offerNearest(reason, date, hhmm)
}

// answerWaitlist handles the visitor's answer to a question of the waitlist — join the
// line, take the offered place — and reports whether the message was one.
func (t *turn) answerWaitlist(msg string, ws []string) bool {
	switch {
	case t.s.Offer != nil:
		o := *t.s.Offer
		switch {
		case isReply(msg, "qr_accept") || reader.YesWords.Exact(ws):
			t.s.Offer = nil
			t.acceptPlace(o)
			return true
		case isReply(msg, "qr_decline") || reader.NoWords.Exact(ws):
			t.s.Offer = nil
			t.declinePlace(o)
			return true
		}
	case t.s.WaitlistAsked:
		t.s.WaitlistAsked = false
		date, hhmm, _ := strings.Cut(t.s.TakenSlot, " ")
		switch {
		case reader.YesWords.Exact(ws):
			t.joinWaitlist(date, hhmm)
			return true
		case reader.NoWords.Exact(ws):
			t.s.TakenSlot = ""
			t.offerNearest(text(t.lang(), "waitlist_not_joined"), date, hhmm)
			return true
		}
	}
	return false
}

// JoinGate counts a visitor's join of a waitlist in the budgets the site keeps for it
// (those of the waitlist form, per address and per contact), so that a conversation is
// no way around them. AdmitJoin reports whether the join may go on; address is the
// visitor's address key (ratelimit.AddressKey).
type JoinGate interface {
	AdmitJoin(ctx context.Context, address, email, phone string) bool
}

// GuardJoins makes every join of a waitlist in a conversation pass g first; without one,
// joins are not counted. Call it before serving.
func (e *Engine) GuardJoins(g JoinGate) { e.joins = g }

// joinWaitlist puts the visitor in the slot's line, and offers the nearest free slots
// meanwhile. A join past the visitor's budget puts nobody in line.
func (t *turn) joinWaitlist(date, hhmm string) {
	l, c := t.lang(), t.s.Collected
	ctx, cancel := context.WithTimeout(t.ctx, t.e.cfg.DBTimeout)
	defer cancel()
	if g := t.e.joins; g != nil && !g.AdmitJoin(ctx, t.address, c.Email, c.Phone) {
		t.s.TakenSlot = ""
		t.offerNearest(text(l, "waitlist_limited"), date, hhmm)
		return
	}
	j, err := t.e.core.JoinWaitlist(ctx, booking.WaitlistRequest{Date: date, Time: hhmm, Name: c.Name,
		Phone: c.Phone, Email: c.Email, Service: c.Service, Language: l, Source: booking.WaitlistChat,
		ChatSession: t.s.ID, Attribution: t.s.Attribution})
	var free *booking.SlotFreeError
	switch {
	case errors.As(err, &free):
		// A place freed meanwhile: it is the visitor's to book.
		t.s.TakenSlot = ""
		t.s.Collected.Date, t.s.Collected.Time = date, hhmm
		t.moveTo(t.nextStep())
		t.askWith(text(l, "waitlist_free_now"))
		return
	case err != nil:
		var loc interface{ LocalizedMessage(string) string }
		if !errors.As(err, &loc) {
			t.fault(err)
			return
		}
		t.s.TakenSlot = ""
		t.offerNearest(loc.LocalizedMessage(l), date, hhmm)
		return
	}
	t.s.TakenSlot = ""
	// No place in line is told: the address may be anyone's, already in line.
	t.offerNearest(text(l, "waitlist_joined", "when", formatWhen(l, date, hhmm), "address", j.Email), date, hhmm)
}

// acceptPlace books the offered place.
func (t *turn) acceptPlace(o slotOffer) {
	l := t.lang()
	ctx, cancel := context.WithTimeout(t.ctx, t.e.cfg.DBTimeout)
	defer cancel()
	res, err := t.e.core.AcceptOffer(ctx, o.ID)
	switch {
	case errors.Is(err, booking.ErrGone), errors.Is(err, booking.ErrNotFound):
		t.say(booking.Text(l, "offer_gone"), SourceFlow)
		t.s.QuickReplies = t.menu()
		return
	case err != nil:
		t.fault(err)
		t.s.Offer = &o // still theirs to accept
		t.s.QuickReplies = t.offerReplies()
		return
	}
	t.resetFlow(false)
	t.booked(res)
}

// declinePlace gives the offered place up for the next in line.
func (t *turn) declinePlace(o slotOffer) {
	l := t.lang()
	ctx, cancel := context.WithTimeout(t.ctx, t.e.cfg.DBTimeout)
	defer cancel()
	err := t.e.core.DeclineOffer(ctx, o.ID)
	switch {
	case errors.Is(err, booking.ErrGone), errors.Is(err, booking.ErrNotFound):
		t.say(booking.Text(l, "offer_gone"), SourceFlow)
	case err != nil:
		t.fault(err)
		t.s.Offer = &o
		t.s.QuickReplies = t.offerReplies()
		return
	default:
		t.say(text(l, "waitlist_declined"), SourceFlow)
	}
	t.s.QuickReplies = t.menu()
}

func (t *turn) offerReplies() []QuickReply {
	l := t.lang()
	return []QuickReply{{Label: text(l, "qr_accept"), Value: text(l, "qr_accept")},
		{Label: text(l, "qr_decline"), Value: text(l, "qr_decline")}}
}

// OfferPlace makes a waitlist offer in the conversation it was joined from, when that is
// still open: a message with accept and decline, pushed to the visitor's stream. The
// booking core calls it after each offer (booking.Core.OnOffer).
func (e *Engine) OfferPlace(ctx context.Context, o booking.Offer) {
	err := e.locked(ctx, o.ChatSession, func(t *turn) error {
		if t == nil {
			return nil // the conversation is over: the e-mail carries the offer
		}
		l := t.lang()
		until := o.HoldUntil.In(e.localNow(ctx).Location()).Format("15:04")
		t.s.Offer = &slotOffer{ID: o.ID, Date: o.Date, Time: o.Time}
		t.say(text(l, "waitlist_offer", "when", formatWhen(l, o.Date, o.Time), "until", until), SourceFlow)
		t.s.QuickReplies = t.offerReplies()
		return nil
	})
	if err != nil {
		e.log.WarnContext(ctx, "chat: a waitlist offer could not be made in the conversation", "err", err)
	}
}
