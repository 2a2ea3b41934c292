package booking

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Who acted on an appointment besides staff, who are named by their e-mail: the
// history's changed_by, and, for the customer, what a message tells them.
const (
	ActorCustomer = "customer"
	ActorDota     = "dota"
	ActorSystem   = "system"
)

// The messages a change causes. A change writes them with itself (enqueue), so each is
// sent once the change has committed, and never when it has not.

// messagesFor lists the messages that changing before into after sends the customer
// (before is the zero Appointment for a new booking): a confirmation of a new request, or
// of a request whose e-mail changed (the new address has heard nothing yet); a
// cancellation; a move; a confirmation by staff; and, whenever the appointment takes a
// new start, its reminder — recorded as skipped when the start is already inside the
// reminder's lead — or, for a new address, the reminder still to come; and the second
// reminder likewise (reconfirm.go). actor says who
// acted (actorAgency or ActorCustomer).
func (s *Core) messagesFor(st Settings, before, after Appointment, actor string) []newDelivery {
	if after.Email == "" {
		return nil
	}
	now := s.now()
	msg := func(kind string) newDelivery {
		return newDelivery{Kind: kind, Appointment: after, Actor: actor, DueAt: now}
	}
	wasCancelled, isCancelled := before.Status == StatusCancelled, after.Status == StatusCancelled
	newStart := calendarChange(before, after) == 1 || before.ID == ""
	newAddress := readdressed(before, after)
	var out []newDelivery
	switch {
	case isCancelled && (before.ID == "" || wasCancelled):
		return nil
	case isCancelled:
		return []newDelivery{msg(KindCancelled)}
	case before.ID == "":
		out = append(out, msg(KindConfirmation))
	case newAddress && after.Status == "confirmed":
		out = append(out, msg(KindConfirmed))
	case newAddress:
		out = append(out, msg(KindConfirmation))
	case newStart && !wasCancelled && before.StartsAt != nil && after.StartsAt != nil:
		m := msg(KindMoved)
		m.OldStartsAt = before.StartsAt
		out = append(out, m)
	case newStart || remoded(before, after) || (after.Status == "confirmed" && before.Status != "confirmed"):
		if after.Status == "confirmed" {
			out = append(out, msg(KindConfirmed))
		} else {
			out = append(out, msg(KindConfirmation))
		}
	}
	if (newStart || newAddress) && after.StartsAt != nil && st.ReminderLead() > 0 {
		r := msg(KindReminder)
		r.Actor = actorAgency
		r.DueAt = after.StartsAt.Add(-st.ReminderLead())
		switch {
		case r.DueAt.After(now):
			out = append(out, r)
		case newStart:
			r.Skipped, r.DueAt = ReasonBookedInsideLead, now
			out = append(out, r)
		}
	}
	return append(out, reconfirmMessage(st, after, newStart, newAddress, now)...)
}

// scheduleMessages writes, in tx, the messages that changing before into after causes
// (a new booking writes its own with its insert); when the appointment no longer starts
// when its scheduled reminders expected, those are recorded as skipped first.
func (s *Core) scheduleMessages(ctx context.Context, tx pgx.Tx, st Settings, before, after Appointment, actor string) error {
	if calendarChange(before, after) == 1 {
		reason := ReasonMoved
		if after.Status == StatusCancelled {
			reason = ReasonCancelled
		}
		if _, err := tx.Exec(ctx, `UPDATE deliveries SET state = 'skipped', reason = $3, updated_at = now()
			WHERE appointment_id = $1 AND kind IN ('reminder', 'reconfirm') AND state = 'scheduled'
				AND ($4 OR starts_at IS DISTINCT FROM $2)`,
			after.ID, after.StartsAt, reason, after.Status == StatusCancelled); err != nil {
			return fmt.Errorf("deliveries: %w", err)
		}
	}
	return s.enqueue(ctx, tx, s.messagesFor(st, before, after, actor))
}
