package booking

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/dota-agency/dota/mail"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
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

// Every day, the appointments whose time has passed without an outcome are listed to
// their owners: the consultant who holds each one, else the admins and moderators. The
// core publishes the list as a live event (EventOutcomesDue) and the staff alerts hear it,
// so that the core knows nothing of them.

// EventOutcomesDue is published once a day with the past appointments that have no
// outcome, counted by owner (Data: an OutcomesDueList). Staff alerts hear it; the
// console's streams do not relay it.
const EventOutcomesDue = "outcomes.due"

// OutcomesDueHour is the hour of the day, in the settings' time zone, at which the list
// goes out.
const OutcomesDueHour = 9

// OutcomesDue is one owner's count of past appointments without an outcome.
type OutcomesDue struct {
	// Owner is the consultant's user id; "" for the appointments nobody holds.
	Owner string `json:"owner"`
	Count int    `json:"count"`
}

// OutcomesDueList is the day's list, the Data of EventOutcomesDue.
type OutcomesDueList struct {
	Day    string        `json:"day"` // YYYY-MM-DD in the settings' time zone
	Owners []OutcomesDue `json:"owners"`
}

// OutcomesDue counts the appointments whose start has passed, not cancelled, with no
// outcome, by owner.
func (s *Core) OutcomesDue(ctx context.Context) ([]OutcomesDue, error) {
	rows, err := s.db.Query(ctx, `SELECT coalesce(consultant_id::text, '') AS owner, count(*)::int AS count
		FROM appointments WHERE outcome IS NULL AND status <> 'cancelled' AND starts_at <= $1
		GROUP BY 1 ORDER BY 1`, s.now())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[OutcomesDue])
}

// PublishOutcomesDue lists the day's past appointments without an outcome to their
// owners (EventOutcomesDue), when there are some, and returns the list.
func (s *Core) PublishOutcomesDue(ctx context.Context) (OutcomesDueList, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return OutcomesDueList{}, err
	}
	owners, err := s.OutcomesDue(ctx)
	if err != nil {
		return OutcomesDueList{}, err
	}
	list := OutcomesDueList{Day: s.now().In(st.Location()).Format(time.DateOnly), Owners: owners}
	if len(owners) == 0 {
		return list, nil
	}
	data, err := json.Marshal(list)
	if err != nil {
		return list, err
	}
	s.publish(ctx, Event{Kind: EventOutcomesDue, Data: data})
	return list, nil
}

// outcomesDueArgs is the day's job; one per day (unique by its day).
type outcomesDueArgs struct {
	Day string `json:"day"`
}

// Kind names the job in River's tables.
func (outcomesDueArgs) Kind() string { return "outcomes_due" }

type outcomesDueWorker struct {
	river.WorkerDefaults[outcomesDueArgs]
	core *Core
}

func (w *outcomesDueWorker) Work(ctx context.Context, _ *river.Job[outcomesDueArgs]) error {
	_, err := w.core.PublishOutcomesDue(ctx)
	return err
}

// outcomesDueCheck is how often River's leader offers the day's job: the first offer of
// a day inserts it, due at OutcomesDueHour; the others are the same job (unique by day).
const outcomesDueCheck = time.Hour

// outcomesDuePeriodic is the schedule of the day's job.
func (s *Core) outcomesDuePeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(outcomesDueCheck), func() (river.JobArgs, *river.InsertOpts) {
		loc := algiers
		if st, err := s.Settings(context.Background()); err == nil {
			loc = st.Location()
		}
		now := s.now().In(loc)
		due := time.Date(now.Year(), now.Month(), now.Day(), OutcomesDueHour, 0, 0, 0, loc)
		opts := &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByArgs: true}}
		if due.After(now) {
			opts.ScheduledAt = due
		}
		return outcomesDueArgs{Day: now.Format(time.DateOnly)}, opts
	}, &river.PeriodicJobOpts{ID: "outcomes_due", RunOnStart: true})
}

// ReasonFollowUpOff records a follow-up not sent because the settings switched it off
// after it was written.
const ReasonFollowUpOff = "follow_up_off"

// followUpInput is the thank-you after an attended meeting, linking to the next step the
// settings name now.
func (s *Core) followUpInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, error) {
	if !st.FollowUpEmail || !webAddress(st.FollowUpURL) {
		return mail.Input{}, &SkipError{Reason: ReasonFollowUpOff}
	}
	a := d.Appt
	in := mail.Input{
		Kind:           mail.KindFollowUp,
		Lang:           d.Language,
		AppointmentID:  a.ID,
		Service:        s.serviceTitle(ctx, a.Service, d.Language),
		Location:       st.Location(),
		RecipientName:  addressedName(a.Name),
		RecipientEmail: d.Recipient,
		Agency:         agencyContact(st),
		NextURL:        st.FollowUpURL,
	}
	if in.Service == "" {
		in.Service = Text(d.Language, "appointment")
	}
	return in, nil
}

// validateFollowUp checks the follow-up's link: an absolute http(s) address, required
// when the follow-up is on.
func (st Settings) validateFollowUp(v *ValidationError) {
	link := strings.TrimSpace(st.FollowUpURL)
	switch {
	case link != "" && (!webAddress(link) || len(link) > urlMaxLen):
		v.Add("follow_up_url", "url_invalid")
	case link == "" && st.FollowUpEmail:
		v.Add("follow_up_url", "required")
	}
}

// urlMaxLen bounds the follow-up's link.
const urlMaxLen = 500
