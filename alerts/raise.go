package alerts

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

// Event is something staff should hear of, raised once per occurrence: raising it again
// (another replica heard the same live event, a job ran twice) writes nothing new.
type Event struct {
	// Name is one of Events.
	Name string
	// Subject names the occurrence (a hand-off, an appointment, a delivery, a backup run):
	// with Name, it makes each user's alert on each channel once.
	Subject string
	// URL is the console page the alert opens (/admin/...).
	URL string
	// Args fill the alert's texts: name, preview, service, date, time, source, kind,
	// recipient, reason, seconds.
	Args map[string]string
	// Escalated narrows visitor_waiting to admins and moderators: nobody took it in time.
	Escalated bool
	// EscalateAt, when set, is when a visitor still waiting is told to admins and
	// moderators (half the hand-off time-out after it began); Conversation names it.
	EscalateAt   time.Time
	Conversation string
	// To, when set, narrows the event to these users (an appointment's owner); Leads to
	// admins and moderators; NotBy, an e-mail, is the user who caused it and need not hear of it.
	To    []string
	Leads bool
	NotBy string
}

// maxAlertAttempts bounds the attempts of one alert: the back-off is the customer
// messages', but an alert more than an hour late has lost its point.
const maxAlertAttempts = 8

// Raise writes the event's alerts — one per user who hears of it and channel — to the
// ledger with their jobs, and the escalation's job when it asks for one, in one
// transaction. Who hears of it: active users whose role may open the event's page, by
// their choice or their role's default; outside office hours, only those who asked.
func (s *Service) Raise(ctx context.Context, e Event) error {
	if _, ok := eventPages[e.Name]; !ok {
		return fmt.Errorf("alerts: unknown event %q", e.Name)
	}
	st, err := s.core.Settings(ctx)
	if err != nil {
		return err
	}
	open, _ := s.officeHours(st).At(st, s.cfg.Now())
	users, _, err := s.staff.Users(ctx)
	if err != nil {
		return err
	}
	chosen, err := s.choicesOf(ctx, e.Name)
	if err != nil {
		return err
	}
	var keys, userIDs, channels []string
	for _, u := range users {
		ch, ok := s.channelFor(u, e, chosen, open)
		if !ok {
			continue
		}
		keys = append(keys, fmt.Sprintf("%s|%s|%s|%s", e.Name, e.Subject, u.ID, ch))
		userIDs, channels = append(userIDs, u.ID), append(channels, ch)
	}
	args := e.Args
	if args["tag"] == "" {
		args = withArg(args, "tag", e.Subject)
	}
	if e.Escalated {
		args = withArg(args, "stage", "escalated")
	}
	rawArgs, err := json.Marshal(args)
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		ids, err := insertAlerts(ctx, tx, e, keys, userIDs, channels, rawArgs)
		if err != nil {
			return err
		}
		jobs := make([]river.InsertManyParams, len(ids))
		for i, id := range ids {
			jobs[i] = river.InsertManyParams{Args: sendArgs{AlertID: id},
				InsertOpts: &river.InsertOpts{MaxAttempts: maxAlertAttempts}}
		}
		if len(jobs) > 0 {
			if _, err := s.core.Jobs().InsertManyTx(ctx, tx, jobs); err != nil {
				return fmt.Errorf("alerts: jobs: %w", err)
			}
		}
		if e.EscalateAt.IsZero() || e.Conversation == "" || s.convs == nil {
			return nil
		}
		_, err = s.core.Jobs().InsertTx(ctx, tx, escalateArgs{Conversation: e.Conversation, Subject: e.Subject,
			URL: e.URL, Args: e.Args}, &river.InsertOpts{ScheduledAt: e.EscalateAt, MaxAttempts: maxAlertAttempts,
			UniqueOpts: river.UniqueOpts{ByArgs: true}})
		return err
	})
	if err != nil {
		return fmt.Errorf("alerts: raising %s: %w", e.Name, err)
	}
	return nil
}

// channelFor is how the event reaches u, false when it does not.
func (s *Service) channelFor(u console.User, e Event, chosen map[string]Choice, open bool) (string, bool) {
	if !u.IsActive || !mayHear(u, e.Name) || ((e.Escalated || e.Leads) && !isEscalationRole(u.Role)) ||
		(len(e.To) > 0 && !slices.Contains(e.To, u.ID)) || (e.NotBy != "" && strings.EqualFold(u.Email, e.NotBy)) {
		return "", false
	}
	c, ok := chosen[u.ID]
	if !ok {
		c = defaultChoice(u.Role, e.Name)
	}
	if c.Channel == ChannelNone || (!open && !c.OutsideHours) {
		return "", false
	}
	return c.Channel, true
}

// insertAlerts writes the ledger rows not written yet and returns their ids.
func insertAlerts(ctx context.Context, tx pgx.Tx, e Event, keys, userIDs, channels []string, args []byte) ([]string, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `INSERT INTO alerts (key, event, user_id, channel, url, args)
		SELECT k, @event, u, c, @url, @args FROM unnest(@keys::text[], @users::uuid[], @channels::text[]) AS r(k, u, c)
		ON CONFLICT (key) DO NOTHING RETURNING id`,
		pgx.NamedArgs{"event": e.Name, "url": e.URL, "args": args, "keys": keys, "users": userIDs, "channels": channels})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// choicesOf returns every saved choice for the event, by user.
func (s *Service) choicesOf(ctx context.Context, event string) (map[string]Choice, error) {
	rows, err := s.db.Query(ctx, `SELECT user_id, channel, outside_hours FROM alert_choices WHERE event = $1`, event)
	if err != nil {
		return nil, err
	}
	out := map[string]Choice{}
	var (
		user string
		c    Choice
	)
	_, err = pgx.ForEachRow(rows, []any{&user, &c.Channel, &c.OutsideHours}, func() error {
		c.Event = event
		out[user] = c
		return nil
	})
	return out, err
}

// officeHours are the agency profile's, else the configured ones.
func (s *Service) officeHours(st booking.Settings) booking.OfficeHours {
	if h, ok := st.Agency.Hours.OfficeHours(); ok {
		return h
	}
	return s.cfg.OfficeHours
}

func withArg(args map[string]string, k, v string) map[string]string {
	out := make(map[string]string, len(args)+1)
	for key, val := range args {
		out[key] = val
	}
	out[k] = v
	return out
}
