package catalogue

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/privacy"
)

// PersonalPart is the catalogue's share of personal-data requests: the person's
// newsletter subscription, by any of their addresses, is exported, with where the visit
// that subscribed came from, and deleted with their data (its attribution with it).
func (s *Store) PersonalPart() privacy.Part {
	return privacy.Part{
		Name: "newsletter",
		Export: func(ctx context.Context, p privacy.Person) (any, error) {
			return s.subscriptionOf(ctx, p.Emails)
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p privacy.Person) (int, func(context.Context), error) {
			n, err := eraseSubscriptions(ctx, tx, p.Emails)
			return n, nil, err
		},
	}
}

// Subscription is an address's subscription to the newsletter, as a person's export
// shows it.
type Subscription struct {
	Email     string    `json:"email"`
	Language  string    `json:"language"`
	CreatedAt time.Time `json:"created_at"`
	// Attribution is where the visit that subscribed came from.
	Attribution *attribution.Visit `json:"attribution"`
}

// subscriptionOf returns the subscription of one of emails (lowercased), nil when none
// of them is subscribed.
func (s *Store) subscriptionOf(ctx context.Context, emails []string) (*Subscription, error) {
	var sub Subscription
	err := s.db.QueryRow(ctx, `SELECT email, language, created_at, attribution FROM newsletter_subscriptions
		WHERE lower(email) = ANY($1) LIMIT 1`, emails).Scan(&sub.Email, &sub.Language, &sub.CreatedAt, &sub.Attribution)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, err
	}
	return &sub, nil
}

// eraseSubscriptions removes the subscriptions of emails (lowercased) inside tx, an
// erasure's transaction, and returns how many it removed.
func eraseSubscriptions(ctx context.Context, tx pgx.Tx, emails []string) (int, error) {
	tag, err := tx.Exec(ctx, `DELETE FROM newsletter_subscriptions WHERE lower(email) = ANY($1)`, emails)
	return int(tag.RowsAffected()), err
}
