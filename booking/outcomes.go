package booking

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// What happened at a meeting, as staff record it once its time has passed.
const (
	OutcomeAttended = "attended"
	// OutcomeNoShow: the prospect did not come.
	OutcomeNoShow = "no_show"
	// OutcomeAgencyCancelled: the agency cancelled or missed it.
	OutcomeAgencyCancelled = "agency_cancelled"
)

// Outcomes lists every outcome, in the order the console offers them.
var Outcomes = []string{OutcomeAttended, OutcomeNoShow, OutcomeAgencyCancelled}

// OutcomeMissing filters the list on the appointments whose time has passed, not
// cancelled, with no outcome recorded.
const OutcomeMissing = "missing"

// NoShowBadgeAt is how many no-shows of a client make staff see a badge on their
// appointments; the booking is never refused for it.
const NoShowBadgeAt = 2

// KindFollowUp is the thank-you sent after an attended meeting, with the next step the
// agency offers (Settings.FollowUpURL), when Settings.FollowUpEmail is on.
const KindFollowUp = "follow_up"

// OutcomeRefusedError refuses an outcome the appointment cannot have: its time has not
// come, it has no time, or it is cancelled. Fields names outcome.
type OutcomeRefusedError struct{ ValidationError }

func outcomeRefused(code string) error {
	e := &OutcomeRefusedError{}
	e.Add("outcome", code)
	return e
}

// RecordOutcome records what happened at an appointment's meeting, for a member of staff
// (by, their e-mail): only once its start has passed, never for a cancelled one
// (*OutcomeRefusedError). Recording another outcome corrects the first; each one writes a
// history row naming who recorded it, and the same outcome again changes nothing. An
// attended meeting gets the follow-up e-mail when the settings ask for it, once.
func (s *Core) RecordOutcome(ctx context.Context, id, outcome, by string) (Appointment, error) {
	outcome = strings.TrimSpace(outcome)
	if !slices.Contains(Outcomes, outcome) {
		return Appointment{}, invalidField("outcome", "invalid_option")
	}
	if !IsUUID(id) {
		return Appointment{}, ErrNotFound
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Appointment{}, err
	}
	var out Appointment
	changed := false
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		a, err := lockAppointment(ctx, tx, id)
		if err != nil {
			return err
		}
		switch {
		case a.Status == StatusCancelled:
			return outcomeRefused("outcome_cancelled")
		case a.StartsAt == nil || a.StartsAt.After(s.now()):
			return outcomeRefused("outcome_too_early")
		}
		out = a
		if a.Outcome == outcome {
			return nil
		}
		changed = true
		if _, err := tx.Exec(ctx, `UPDATE appointments SET outcome = $2, outcome_at = $4, outcome_by = $3,
			updated_at = now() WHERE id = $1`, id, outcome, by, s.now()); err != nil {
			return err
		}
		code := "history_outcome"
		if a.Outcome != "" {
			code = "history_outcome_changed"
		}
		if _, err := tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, code, args)
			VALUES ($1, $2, $2, $3, $4, $5)`, id, a.Status, by, code,
			map[string]string{"from": a.Outcome, "to": outcome}); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.id = $1`, id)
		if err != nil {
			return err
		}
		if out, err = pgx.CollectExactlyOneRow(rows, ScanAppointment); err != nil {
			return err
		}
		if outcome != OutcomeAttended || !st.FollowUpEmail || !webAddress(st.FollowUpURL) || out.Email == "" {
			return nil
		}
		// One per appointment (deliveries_follow_up_once): an outcome corrected back to
		// attended does not thank them twice.
		if err := s.enqueue(ctx, tx, []newDelivery{{Kind: KindFollowUp, Appointment: out, Actor: actorAgency,
			DueAt: s.now()}}); err != nil {
			return fmt.Errorf("follow-up: %w", err)
		}
		return nil
	})
	if err != nil {
		return Appointment{}, err
	}
	if changed {
		s.publish(ctx, Event{Kind: EventAppointmentUpdated, Appointment: &out})
	}
	return out, nil
}

// whereOutcome adds the list's condition on the outcome: the one recorded, or
// OutcomeMissing — past, not cancelled, none recorded.
func (s *Core) whereOutcome(outcome string, add func(cond string, arg any)) {
	if outcome == OutcomeMissing {
		add(`a.outcome IS NULL AND a.status <> 'cancelled' AND a.starts_at <= ?`, s.now())
		return
	}
	add(`a.outcome = ?`, outcome)
}
