package alerts

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
	dmail "github.com/dota-agency/dota/mail"
)

// sendArgs is the job that sends one alert of the ledger.
type sendArgs struct {
	AlertID string `json:"alert_id"`
}

// Kind names the job in River's tables.
func (sendArgs) Kind() string { return "staff_alert" }

// sendWorker sends one alert and records the outcome in the ledger.
type sendWorker struct {
	river.WorkerDefaults[sendArgs]
	s *Service
}

// Payload is what a push carries to the service worker, which shows it as a
// notification and opens URL when it is clicked.
type Payload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	// Tag groups the notifications of one occurrence: a later one replaces an earlier.
	Tag string `json:"tag"`
}

// Work sends the alert unless an earlier attempt did; a temporary failure is returned
// and River tries again with the customer messages' back-off.
func (w *sendWorker) Work(ctx context.Context, job *river.Job[sendArgs]) error {
	s := w.s
	a, err := s.pendingAlert(ctx, job.Args.AlertID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // its user was deleted, and the row with them
	}
	if err != nil {
		return err
	}
	if a.State != StatePending {
		return nil
	}
	u, ok, err := s.user(ctx, a.UserID)
	if err != nil {
		return err
	}
	if !ok || !u.IsActive {
		return s.record(ctx, a.ID, StateSkipped, SkipUserGone)
	}
	lang, err := s.language(ctx, a.UserID)
	if err != nil {
		return err
	}
	txt := s.words(ctx)
	p := Payload{Title: txt.title(lang, a.Event, a.args), Body: txt.body(lang, a.Event, a.args), URL: a.URL, Tag: a.Event + ":" + a.ID}
	if tag := a.args["tag"]; tag != "" {
		p.Tag = a.Event + ":" + tag
	}
	var outcome sendOutcome
	if a.Channel == ChannelPush {
		outcome = s.push(ctx, a, p)
	} else {
		outcome = s.email(ctx, u, lang, a, p)
	}
	last := job.Attempt >= job.MaxAttempts
	defer func() { count(a, outcome.final(last)) }()
	switch {
	case outcome.retry != nil && !last:
		// Still pending: the ledger shows the attempt and why it failed.
		if err := s.record(ctx, a.ID, StatePending, outcome.retry.Error()); err != nil {
			s.cfg.Log.Warn("alerts: recording a failed attempt", "alert", a.ID, "err", err)
		}
		return outcome.retry
	case outcome.retry != nil:
		return s.record(ctx, a.ID, StateFailed, "attempts_exhausted: "+outcome.retry.Error())
	case outcome.failed != "":
		if err := s.record(ctx, a.ID, StateFailed, outcome.failed); err != nil {
			return err
		}
		return river.JobCancel(errors.New(outcome.failed))
	default:
		return s.record(ctx, a.ID, outcome.state, outcome.reason)
	}
}

// sendOutcome is what one attempt came to: a state and why, a permanent failure, or a
// temporary one to retry.
type sendOutcome struct {
	state, reason string
	failed        string
	retry         error
}

// final is the state the attempt leaves the alert in.
func (o sendOutcome) final(last bool) string {
	switch {
	case o.retry != nil && !last:
		return StatePending
	case o.retry != nil || o.failed != "":
		return StateFailed
	}
	return o.state
}

// push sends the alert to each of the user's browsers. A push service answering 404 or
// 410 has dropped the subscription: it is deleted. The alert is sent once one browser
// took it; it is tried again only when none did and one may later.
func (s *Service) push(ctx context.Context, a Alert, p Payload) sendOutcome {
	if s.cfg.Push == nil {
		return sendOutcome{state: StateSkipped, reason: SkipPushOff}
	}
	targets, err := s.targets(ctx, a.UserID)
	if err != nil {
		return sendOutcome{retry: err}
	}
	payload, err := json.Marshal(p)
	if err != nil {
		return sendOutcome{failed: err.Error()}
	}
	var delivered int
	var temporary, permanent []string
	for _, t := range targets {
		status, err := s.cfg.Push.Send(ctx, t, payload, topic(p.Tag))
		switch {
		case err != nil:
			temporary = append(temporary, err.Error())
		case status >= 200 && status < 300:
			delivered++
		case status == http.StatusNotFound || status == http.StatusGone:
			if _, err := s.db.Exec(ctx, `DELETE FROM alert_subscriptions WHERE endpoint = $1`, t.Endpoint); err != nil {
				temporary = append(temporary, err.Error())
			} else {
				subscriptionsGone.Inc()
			}
		case status == http.StatusTooManyRequests || status >= 500:
			temporary = append(temporary, fmt.Sprintf("push service: %d", status))
		default:
			permanent = append(permanent, fmt.Sprintf("push service: %d", status))
		}
	}
	switch {
	case delivered > 0:
		return sendOutcome{state: StateSent, reason: strings.Join(append(temporary, permanent...), "; ")}
	case len(temporary) > 0:
		return sendOutcome{retry: errors.New(strings.Join(temporary, "; "))}
	case len(permanent) > 0:
		return sendOutcome{failed: strings.Join(permanent, "; ")}
	default:
		return sendOutcome{state: StateSkipped, reason: SkipNoSubscription}
	}
}

// email sends the alert by e-mail when the agency's switch allows it.
func (s *Service) email(ctx context.Context, u console.User, lang string, a Alert, p Payload) sendOutcome {
	st, err := s.core.Settings(ctx)
	if err != nil {
		return sendOutcome{retry: err}
	}
	switch {
	case !st.EmailNotifications:
		return sendOutcome{state: StateSkipped, reason: SkipEmailOff}
	case !s.mailConfigured():
		return sendOutcome{state: StateSkipped, reason: SkipMailOff}
	case u.Email == "":
		return sendOutcome{state: StateSkipped, reason: SkipNoAddress}
	}
	m := s.message(lang, u, a, p)
	err = s.cfg.Mail.Send(ctx, m)
	switch {
	case err == nil:
		return sendOutcome{state: StateSent}
	case errors.Is(err, dmail.ErrNotConfigured):
		return sendOutcome{state: StateSkipped, reason: SkipMailOff}
	case dmail.IsPermanent(err):
		return sendOutcome{failed: err.Error()}
	default:
		return sendOutcome{retry: err}
	}
}

// topic is the Topic header of a push (RFC 8030 §5.4: at most 32 base64url characters):
// a later push of the same tag replaces one the browser has not fetched yet.
func topic(tag string) string {
	sum := sha256.Sum256([]byte(tag))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:32]
}

// pendingAlert reads one row of the ledger.
func (s *Service) pendingAlert(ctx context.Context, id string) (Alert, error) {
	rows, err := s.db.Query(ctx, `SELECT `+alertColumns+` FROM alerts WHERE id = $1`, id)
	if err != nil {
		return Alert{}, err
	}
	return pgx.CollectExactlyOneRow(rows, scanAlert)
}

// targets are the user's push subscriptions.
func (s *Service) targets(ctx context.Context, userID string) ([]PushTarget, error) {
	rows, err := s.db.Query(ctx, `SELECT endpoint, p256dh, auth FROM alert_subscriptions WHERE user_id = $1
		ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PushTarget])
}

// record writes an attempt's outcome; a row already settled stays as it is.
func (s *Service) record(ctx context.Context, id, state, reason string) error {
	_, err := s.db.Exec(ctx, `UPDATE alerts SET state = $2, last_error = $3, attempts = attempts + 1,
			sent_at = CASE WHEN $2 = 'sent' THEN now() END, updated_at = now()
		WHERE id = $1 AND state = 'pending'`, id, state, i18n.Truncate(reason, 500))
	if err != nil {
		return fmt.Errorf("alerts: %w", err)
	}
	return nil
}

// user finds one member of staff.
func (s *Service) user(ctx context.Context, id string) (console.User, bool, error) {
	users, _, err := s.staff.Users(ctx)
	if err != nil {
		return console.User{}, false, err
	}
	for _, u := range users {
		if u.ID == id {
			return u, true, nil
		}
	}
	return console.User{}, false, nil
}
