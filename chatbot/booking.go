package chatbot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/i18n"
)

var algiers = func() *time.Location {
	loc, err := time.LoadLocation("Africa/Algiers")
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return loc
}()

// localNow is the current time in the agency's time zone (the settings' one, Algiers by
// default).
func (e *Engine) localNow(ctx context.Context) time.Time {
	loc := algiers
	if st, err := e.core.Settings(ctx); err == nil {
		loc = st.Location()
	}
	return e.now().In(loc)
}

// chooseDate handles a day (and maybe an hour) chosen in free text: it must be open and
// have a free slot, else the nearest free slots are offered.
func (t *turn) chooseDate(msg string) {
	l := t.lang()
	w := t.when(msg, false)
	switch {
	case w.Date == "" && w.Time != "" && t.s.Collected.Date != "":
		t.moveTo(StepTime)
		t.chooseTime(msg)
		return
	case w.Date == "":
		if t.s.Step == StepDate && t.aiRescue(msg) {
			return
		}
		t.fail(text(l, "date_unknown"))
		return
	case w.Past:
		t.fail(text(l, "date_past"))
		return
	}
	day, err := t.e.core.Day(t.ctx, w.Date, t.lang(), t.slotsFor())
	if err != nil {
		t.fault(err)
		return
	}
	switch {
	case day.Closed:
		t.offerNearest(day.ReasonText(l), w.Date, w.Time)
		return
	case len(freeSlots(day)) == 0:
		t.offerNearest(text(l, "day_full", "day", formatDay(l, w.Date)), w.Date, w.Time)
		return
	}
	// "non, c'est jeudi pas mercredi": another day keeps the hour chosen, when it is free.
	kept := t.s.Collected.Time
	t.s.Collected.Date, t.s.Collected.Time = w.Date, ""
	t.s.PartOfDay = reader.PartOfDay(words(msg)) // "jeudi matin": the morning's hours
	if w.Time == "" && kept != "" && slotFree(day, kept) {
		w.Time = kept
	}
	if w.Time != "" {
		t.moveTo(StepTime)
		t.pickTime(w.Time, day)
		return
	}
	t.advance()
}

// chooseTime handles an hour chosen at the time step; a different day moves the choice.
func (t *turn) chooseTime(msg string) {
	l := t.lang()
	w := t.when(msg, true)
	if w.Date != "" && w.Date != t.s.Collected.Date {
		t.moveTo(StepDate)
		t.chooseDate(msg)
		return
	}
	if w.Time == "" {
		if w.Unsure != "" {
			t.fail(text(l, "time_unsure", "time", w.Unsure))
			return
		}
		if part := reader.PartOfDay(words(msg)); part != "" {
			t.s.PartOfDay = part // "l'après-midi plutôt": that part's free hours
			t.ask()
			return
		}
		t.fail(text(l, "time_unknown"))
		return
	}
	day, err := t.e.core.Day(t.ctx, t.s.Collected.Date, t.lang(), t.slotsFor())
	if err != nil {
		t.fault(err)
		return
	}
	t.pickTime(w.Time, day)
}

// pickTime takes an hour of a day that has free slots.
func (t *turn) pickTime(hhmm string, day booking.Day) {
	l := t.lang()
	i := slices.IndexFunc(day.Slots, func(s booking.Slot) bool { return s.Time == hhmm })
	switch {
	case i < 0:
		t.fail(booking.Text(l, "slot_closed_not_a_slot"))
	case day.Slots[i].Past:
		t.fail(booking.Text(l, "slot_closed_past"))
	case !day.Slots[i].Free:
		t.slotTaken(text(l, "slot_taken"), day.Date, hhmm)
	default:
		t.s.Collected.Time, t.s.PartOfDay = hhmm, ""
		t.advance()
	}
}

// offerNearest explains why a choice cannot be had and offers the nearest free slots.
func (t *turn) offerNearest(reason, date, hhmm string) {
	alts, err := t.e.core.NearestFree(t.ctx, date, hhmm, booking.AlternativesCount, t.lang(),
		t.slotsFor())
	if err != nil {
		t.fault(err)
		return
	}
	t.offer(reason, alts, date, hhmm)
}

// offer says why the slot of date and hhmm cannot be had, then the nearest free slots,
// once. With none near, it says so and offers a way on: the slot's waitlist when it was
// taken and Dota has the visitor's e-mail (their answer is read by answerWaitlist), or
// another day, further ahead.
func (t *turn) offer(reason string, alts []booking.SlotRef, date, hhmm string) {
	l := t.lang()
	if len(alts) == 0 && hhmm != "" && t.s.TakenSlot == date+" "+hhmm && t.s.Collected.Email != "" {
		t.s.WaitlistAsked = true
		t.say(reason+"\n"+text(l, "no_slots_waitlist", "when", formatWhen(l, date, hhmm), "address", t.s.Collected.Email),
			SourceFlow)
		t.s.QuickReplies = t.yesNo()
		return
	}
	nearest, qr := nearestSlots(l, alts)
	t.say(reason+"\n"+nearest, SourceFlow)
	t.s.QuickReplies = qr
}

// nearestSlots lists free slots, with a quick reply for each; with none, it says there
// is none near and asks for another day.
func nearestSlots(l string, alts []booking.SlotRef) (string, []QuickReply) {
	if len(alts) == 0 {
		return text(l, "no_slots"), []QuickReply{{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")}}
	}
	labels := []string{}
	qr := []QuickReply{}
	for _, a := range alts {
		labels = append(labels, formatWhen(l, a.Date, a.Time))
		qr = append(qr, QuickReply{Label: shortDay(l, a.Date) + " " + a.Time, Value: a.Date + " " + a.Time})
	}
	return text(l, "nearest", "slots", strings.Join(labels, " ; ")), qr
}

// book saves the appointment through the booking core. Only a saved appointment is told
// as booked; any failure is said, with a way forward. The idempotency key is derived from
// the values booked, so that a retry of the same booking ("oui" after a failure) cannot
// book twice, and a changed booking is a new one.
func (t *turn) book() {
	l, c := t.lang(), t.s.Collected
	service := c.Service
	for _, s := range t.catalogue().Services {
		if s.Slug == t.s.ServiceSlug {
			service = s.Name.In(i18n.Default)
		}
	}
	req := booking.Request{
		Name: c.Name, Email: c.Email, Phone: c.Phone, Company: c.Company, Service: service,
		Date: c.Date, Time: c.Time, Source: booking.SourceChat, Language: l, StatusDashboard: "new",
		Mode: t.chosenMode(), ConsultantID: t.s.ConsultantID, Answers: t.answers(), Attribution: t.s.Attribution,
	}
	req.InternalKey = "chat-" + t.s.ID + "-" + strconv.Itoa(t.s.BookingSeq) + "-" + booking.RequestHash(req)[:16]
	ctx, cancel := context.WithTimeout(t.ctx, t.e.cfg.DBTimeout)
	defer cancel()
	res, err := t.e.core.Book(ctx, req)
	unknown := false
	if booking.Ambiguous(err) {
		res, unknown, err = t.readBack(req, err)
	}
	if alts, code, ok := slotAlternatives(err); ok {
		reason := "slot_taken"
		if strings.HasPrefix(code, "slot_closed") {
			reason = "slot_closed"
		}
		bookingFailures.WithLabelValues(reason).Inc()
		if reason == "slot_taken" {
			t.s.TakenSlot = c.Date + " " + c.Time // chosen again, it offers the waitlist
		}
		t.s.Collected.Time = ""
		t.moveTo(StepTime)
		t.offer(localizedSlotError(err, l, code), alts, c.Date, c.Time)
		return
	}
	var verr *booking.ValidationError
	if errors.As(err, &verr) {
		bookingFailures.WithLabelValues("invalid").Inc()
		for _, f := range BookingFlow {
			if code, bad := verr.Fields[f]; bad {
				t.moveTo(f)
				t.fail(booking.Text(l, code))
				return
			}
		}
		if t.refusedAnswer(verr) {
			return
		}
	}
	if err != nil {
		bookingFailures.WithLabelValues("error").Inc()
		t.e.log.ErrorContext(t.ctx, "chat: booking failed", "session", t.s.ID, "err", err, "outcome_unknown", unknown)
		msg := "book_failed"
		if unknown {
			msg = "book_unknown"
		}
		t.say(text(l, msg), SourceFlow)
		t.s.QuickReplies = []QuickReply{{Label: text(l, "qr_yes"), Value: text(l, "qr_yes")}, formReply(l),
			{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")}}
		return
	}
	t.s.BookingSeq++
	t.booked(res)
}

// booked tells the visitor their appointment is saved, and whether its confirmation is
// on its way to their e-mail.
func (t *turn) booked(res booking.Result) {
	l, a := t.lang(), res.Appointment
	t.s.AppointmentID = a.ID
	t.s.Heard = nil // what was said answered this booking's questions
	t.moveTo(StepBooked)
	bookingsCompleted.Inc()
	t.count("funnel_booked")
	if res.ConfirmationEmail {
		t.say(text(l, "booked_mail", "when", formatWhen(l, a.Date, a.Time), "email", a.Email), SourceFlow)
	} else {
		t.say(text(l, "booked", "when", formatWhen(l, a.Date, a.Time)), SourceFlow)
	}
	t.s.QuickReplies = t.menu()
}

// readBack learns what a booking that failed ambiguously (the database may have committed
// it before the answer was lost) did, by its idempotency key: its appointment when it
// booked, the first error when it did not, and unknown when even that cannot be read.
func (t *turn) readBack(req booking.Request, bookErr error) (res booking.Result, unknown bool, err error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(t.ctx), t.e.cfg.DBTimeout)
	defer cancel()
	a, err := t.e.core.Booked(ctx, req)
	switch {
	case err == nil:
		t.e.log.WarnContext(t.ctx, "chat: booking answer lost, read back by key", "session", t.s.ID, "err", bookErr)
		return booking.Result{Appointment: a, Replayed: true}, false, nil
	case errors.Is(err, booking.ErrNotFound):
		return booking.Result{}, false, bookErr
	default:
		return booking.Result{}, true, errors.Join(bookErr, err)
	}
}
