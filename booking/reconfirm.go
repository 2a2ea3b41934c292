package booking

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/i18n"
)

// Before the meeting, the customer says they will come: the reminder carries "I'll be
// there" (the reconfirmation page, which records it once) and "I can't come" (the manage
// page, opened on cancelling). Those who have not said so by reconfirm_lead_minutes
// before the start get a second, short reminder, which schedules a check at half that
// lead: still silent then, the appointment's owner (or the staff on duty) hears of it to
// call them — booking publishes appointment.unconfirmed, and the alerts hear it.

// KindReconfirm is the second, short reminder, sent only to those who have not
// reconfirmed.
const KindReconfirm = "reconfirm"

// ReasonReconfirmed skips a second reminder: the customer reconfirmed meanwhile.
const ReasonReconfirmed = "reconfirmed"

// EventAppointmentUnconfirmed is published when an appointment is still unconfirmed at
// half the reconfirmation's lead (Appointment names it and its consultant, if any).
const EventAppointmentUnconfirmed = "appointment.unconfirmed"

// ReconfirmLead is how long before an appointment the second reminder goes to those who
// have not reconfirmed; 0 sends none (and raises no alert).
func (st Settings) ReconfirmLead() time.Duration {
	return time.Duration(st.ReconfirmLeadMinutes) * time.Minute
}

// Reconfirmation is what the reconfirmation page shows: the appointment, the language it
// is written in, and whether it was reconfirmed before this visit.
type Reconfirmation struct {
	Appointment Managed `json:"appointment"`
	Lang        string  `json:"lang"`
	Already     bool    `json:"already"`
}

// ReconfirmGoneError refuses a reconfirmation of an appointment that is cancelled or has
// begun; it is an ErrGone.
type ReconfirmGoneError struct{ Cancelled bool }

func (e *ReconfirmGoneError) Error() string { return "nothing to reconfirm" }

// Is makes it match ErrGone.
func (e *ReconfirmGoneError) Is(target error) bool { return target == ErrGone }

// LocalizedMessage is the refusal in lang.
func (e *ReconfirmGoneError) LocalizedMessage(lang string) string {
	if e.Cancelled {
		return Text(lang, "reconfirm_cancelled")
	}
	return Text(lang, "reconfirm_past")
}

// Reconfirm records that the customer of the appointment a manage link names will come:
// once (a second visit answers Already), with a history row naming the customer and the
// live event that updates the console. ErrNotFound for an unknown token;
// *ReconfirmGoneError for a cancelled appointment or one that has begun.
func (s *Core) Reconfirm(ctx context.Context, token string) (Reconfirmation, error) {
	id, err := appointmentIDByToken(ctx, s.db, token)
	if err != nil {
		return Reconfirmation{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Reconfirmation{}, err
	}
	var a Appointment
	var already bool
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if a, err = lockAppointment(ctx, tx, id); err != nil {
			return err
		}
		switch {
		case a.Status == StatusCancelled:
			return &ReconfirmGoneError{Cancelled: true}
		case a.Status == "completed" || a.StartsAt == nil || !a.StartsAt.After(s.now()):
			return &ReconfirmGoneError{}
		case a.ReconfirmedAt != nil:
			already = true
			return nil
		}
		rows, err := tx.Query(ctx, `UPDATE appointments a SET reconfirmed_at = now(), updated_at = now()
			WHERE a.id = $1 RETURNING `+AppointmentColumns, id)
		if err != nil {
			return err
		}
		if a, err = pgx.CollectExactlyOneRow(rows, ScanAppointment); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, code)
			VALUES ($1, $2, $2, $3, 'history_reconfirmed')`, id, a.Status, ActorCustomer)
		return err
	})
	if err != nil {
		return Reconfirmation{}, err
	}
	if !already {
		s.publish(ctx, Event{Kind: EventAppointmentUpdated, Appointment: &a})
	}
	m, err := s.named(ctx, st, a)
	if err != nil {
		return Reconfirmation{}, err
	}
	return Reconfirmation{Appointment: m, Lang: m.Lang, Already: already}, nil
}

// reconfirmURL is the page that records "I'll be there", in lang.
func (s *Core) reconfirmURL(token, lang string) string {
	return s.mail.PublicURL + "/reconfirm/" + url.PathEscape(token) + "?lang=" + url.QueryEscape(i18n.OrDefault(lang))
}

// cancelURL is the manage page opened on cancelling ("I can't come"), in lang.
func (s *Core) cancelURL(token, lang string) string {
	return s.manageURL(token, lang) + "&action=cancel"
}

// reconfirmMessage is the second reminder a new start causes, due the settings' lead
// before it — recorded as skipped when the start is already inside that lead — or, for
// a new address, the one still to come; none when the lead is 0.
func reconfirmMessage(st Settings, after Appointment, newStart, newAddress bool, now time.Time) []newDelivery {
	if !(newStart || newAddress) || after.StartsAt == nil || st.ReconfirmLead() <= 0 {
		return nil
	}
	r := newDelivery{Kind: KindReconfirm, Appointment: after, Actor: actorAgency,
		DueAt: after.StartsAt.Add(-st.ReconfirmLead())}
	switch {
	case r.DueAt.After(now):
		return []newDelivery{r}
	case newStart:
		r.Skipped, r.DueAt = ReasonBookedInsideLead, now
		return []newDelivery{r}
	}
	return nil
}

// unconfirmedArgs is the job that, at half the reconfirmation's lead before a start,
// tells staff of an appointment still unconfirmed. One per appointment and start.
type unconfirmedArgs struct {
	AppointmentID string    `json:"appointment_id" river:"unique"`
	StartsAt      time.Time `json:"starts_at" river:"unique"`
}

// Kind names the job in River's tables.
func (unconfirmedArgs) Kind() string { return "appointment_unconfirmed" }

// checkUnconfirmedLater schedules, as the second reminder d goes out, the check at half
// the lead before its start (one per appointment and start, however often d is tried).
func (s *Core) checkUnconfirmedLater(ctx context.Context, st Settings, d pendingDelivery) error {
	if d.StartsAt == nil || d.Appt == nil {
		return nil
	}
	_, err := s.jobs.Insert(ctx, unconfirmedArgs{AppointmentID: d.Appt.ID, StartsAt: d.StartsAt.UTC()},
		&river.InsertOpts{ScheduledAt: d.StartsAt.Add(-st.ReconfirmLead() / 2), UniqueOpts: river.UniqueOpts{ByArgs: true}})
	if err != nil {
		return fmt.Errorf("unconfirmed: %w", err)
	}
	return nil
}

// unconfirmedWorker publishes appointment.unconfirmed when the appointment still starts
// then, is not cancelled, and was not reconfirmed.
type unconfirmedWorker struct {
	river.WorkerDefaults[unconfirmedArgs]
	core *Core
}

// Work re-reads the appointment and its owner: reconfirmed, cancelled, moved, begun or
// deleted since, it does nothing.
func (w *unconfirmedWorker) Work(ctx context.Context, job *river.Job[unconfirmedArgs]) error {
	s := w.core
	a, err := s.Appointment(ctx, job.Args.AppointmentID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("unconfirmed: %w", err)
	}
	if a.Status == StatusCancelled || a.Status == "completed" || a.ReconfirmedAt != nil || a.StartsAt == nil ||
		!a.StartsAt.Equal(job.Args.StartsAt) || !a.StartsAt.After(s.now()) {
		return nil
	}
	s.publish(ctx, Event{Kind: EventAppointmentUnconfirmed, Appointment: &a})
	return nil
}
