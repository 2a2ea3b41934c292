package alerts

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// States of an alert in the ledger.
const (
	StatePending = "pending" // its job has not sent it yet (or will try again)
	StateSent    = "sent"
	StateFailed  = "failed"  // given up: last_error says why
	StateSkipped = "skipped" // not sent, and never will be: last_error says why
)

// States lists the ledger's states.
var States = []string{StatePending, StateSent, StateFailed, StateSkipped}

// Why an alert was skipped, as the ledger records it.
const (
	SkipNoSubscription = "no_subscription" // push: the user has no browser subscribed (any more)
	SkipPushOff        = "push_off"        // push: no VAPID keys on the server
	SkipEmailOff       = "email_off"       // e-mail: the agency's email_notifications switch is off
	SkipMailOff        = "mail_not_configured"
	SkipNoAddress      = "no_address"
	SkipUserGone       = "user_inactive"
)

// Alert is one row of the ledger.
type Alert struct {
	ID        string `json:"id"`
	Event     string `json:"event"`
	UserID    string `json:"user_id"`
	UserEmail string `json:"user_email"`
	Channel   string `json:"channel"`
	State     string `json:"state"`
	Attempts  int    `json:"attempts"`
	LastError string `json:"last_error"`
	// URL is the console page the alert opens.
	URL string `json:"url"`
	// Title is what the alert said, in the reader's language.
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
	args      map[string]string
}

// Filter narrows the ledger; empty fields do not filter. Page counts from 1.
type Filter struct {
	State string
	Event string
	Page  int
	Size  int
	// Lang is the language titles are written in.
	Lang string
}

// Page is one page of the ledger, newest first.
type Page struct {
	Items []Alert `json:"items"`
	Total int     `json:"total"`
	Page  int     `json:"page"`
	Size  int     `json:"size"`
}

// MaxPageSize bounds a page of the ledger.
const MaxPageSize = 100

// List returns a page of the ledger.
func (s *Service) List(ctx context.Context, f Filter) (Page, error) {
	v := &booking.ValidationError{Catalogue: Text}
	if f.State != "" && !slices.Contains(States, f.State) {
		v.Add("state", "invalid_option")
	}
	if f.Event != "" && !slices.Contains(Events, f.Event) {
		v.Add("event", "invalid_option")
	}
	f.Page, f.Size = max(f.Page, 0), max(f.Size, 0)
	if f.Page == 0 {
		f.Page = 1
	}
	if f.Size == 0 {
		f.Size = 20
	}
	if f.Size > MaxPageSize {
		v.Add("size", "invalid_option")
	}
	if err := v.OrNil(); err != nil {
		return Page{}, err
	}
	out := Page{Items: []Alert{}, Page: f.Page, Size: f.Size}
	where := `($1 = '' OR state = $1) AND ($2 = '' OR event = $2)`
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM alerts WHERE `+where, f.State, f.Event).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("alerts: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT `+alertColumns+` FROM alerts WHERE `+where+`
		ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, f.State, f.Event, f.Size, (f.Page-1)*f.Size)
	if err != nil {
		return out, fmt.Errorf("alerts: %w", err)
	}
	items, err := pgx.CollectRows(rows, scanAlert)
	if err != nil {
		return out, fmt.Errorf("alerts: %w", err)
	}
	emails, err := s.emails(ctx)
	if err != nil {
		return out, err
	}
	for i := range items {
		items[i].UserEmail = emails[items[i].UserID]
		items[i].Title, items[i].Body = title(f.Lang, items[i].Event, items[i].args), body(f.Lang, items[i].Event, items[i].args)
	}
	if len(items) > 0 {
		out.Items = items
	}
	return out, nil
}

const alertColumns = `id, event, user_id, channel, state, attempts, last_error, url, args, created_at, sent_at`

func scanAlert(r pgx.CollectableRow) (Alert, error) {
	var a Alert
	var raw []byte
	err := r.Scan(&a.ID, &a.Event, &a.UserID, &a.Channel, &a.State, &a.Attempts, &a.LastError, &a.URL, &raw,
		&a.CreatedAt, &a.SentAt)
	if err == nil {
		err = json.Unmarshal(raw, &a.args)
	}
	return a, err
}

// emails are the staff's e-mail addresses by user id.
func (s *Service) emails(ctx context.Context) (map[string]string, error) {
	users, _, err := s.staff.Users(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(users))
	for _, u := range users {
		out[u.ID] = u.Email
	}
	return out, nil
}
