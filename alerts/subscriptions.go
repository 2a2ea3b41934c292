package alerts

import (
	"context"
	"encoding/base64"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
)

// Subscription is one browser's push subscription, as the profile lists it (its keys
// stay on the server).
type Subscription struct {
	Endpoint  string    `json:"endpoint"`
	UserAgent string    `json:"user_agent"`
	CreatedAt time.Time `json:"created_at"`
}

// SubscriptionInput is the browser's PushSubscription.toJSON().
type SubscriptionInput struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// Subscribe stores a browser's push subscription for the user; the same endpoint again
// replaces its keys (and its user, when another signed in on that browser).
func (s *Service) Subscribe(ctx context.Context, u console.User, in SubscriptionInput, userAgent string) (Subscription, error) {
	if s.cfg.Push == nil {
		return Subscription{}, ErrPushOff
	}
	v := &booking.ValidationError{Catalogue: Text}
	if !s.endpointAllowed(in.Endpoint) {
		v.Add("endpoint", "invalid_endpoint")
	}
	if n := decodedLen(in.Keys.P256dh); n != 65 {
		v.Add("keys.p256dh", "invalid_key")
	}
	if n := decodedLen(in.Keys.Auth); n != 16 {
		v.Add("keys.auth", "invalid_key")
	}
	if err := v.OrNil(); err != nil {
		return Subscription{}, err
	}
	out := Subscription{Endpoint: in.Endpoint, UserAgent: i18n.Truncate(userAgent, 500)}
	err := s.db.QueryRow(ctx, `INSERT INTO alert_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
			auth = excluded.auth, user_agent = excluded.user_agent
		RETURNING created_at`, u.ID, in.Endpoint, in.Keys.P256dh, in.Keys.Auth, out.UserAgent).Scan(&out.CreatedAt)
	return out, err
}

// Unsubscribe removes one of the user's subscriptions; booking.ErrNotFound when they
// have none with that endpoint.
func (s *Service) Unsubscribe(ctx context.Context, u console.User, endpoint string) error {
	tag, err := s.db.Exec(ctx, `DELETE FROM alert_subscriptions WHERE user_id = $1 AND endpoint = $2`, u.ID, endpoint)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return booking.ErrNotFound
	}
	return nil
}

// subscriptions lists the user's subscriptions, newest first.
func (s *Service) subscriptions(ctx context.Context, userID string) ([]Subscription, error) {
	rows, err := s.db.Query(ctx, `SELECT endpoint, user_agent, created_at FROM alert_subscriptions
		WHERE user_id = $1 ORDER BY created_at DESC, id`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Subscription, error) {
		var sub Subscription
		return sub, r.Scan(&sub.Endpoint, &sub.UserAgent, &sub.CreatedAt)
	})
}

// endpointAllowed: an absolute https URL of at most 2000 bytes (http too when the pusher
// allows it, for a local stand-in), whose host is not empty.
func (s *Service) endpointAllowed(endpoint string) bool {
	if len(endpoint) == 0 || len(endpoint) > 2000 {
		return false
	}
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	return u.Scheme == "https" || (u.Scheme == "http" && s.cfg.Push.AllowsHTTP())
}

// decodedLen is the length of a key in base64url (padded or not), -1 when malformed.
func decodedLen(key string) int {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(key, "="))
	if err != nil {
		return -1
	}
	return len(b)
}
