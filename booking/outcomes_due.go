package booking

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

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
