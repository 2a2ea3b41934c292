package calendars

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// FeedLink is a consultant's private feed, as the console shows it once: the https
// address, and the webcal:// one that calendars subscribe to in a click.
type FeedLink struct {
	URL       string `json:"url"`
	WebcalURL string `json:"webcal_url"`
}

// feedPath is where the feeds are served; the token and ".ics" follow.
const feedPath = "/api/calendar/"

// tokenBytes is the feed token's length before encoding: 256 bits, never guessed.
const tokenBytes = 32

// NewFeed makes a consultant's private feed address, revoking the previous one: the
// token is shown once and stored only as its SHA-256 hash. ErrNotFound when userID is
// not a consultant.
func (s *Service) NewFeed(ctx context.Context, userID string) (FeedLink, error) {
	if _, err := s.booking.Consultant(ctx, userID); err != nil {
		return FeedLink{}, err
	}
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return FeedLink{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	if _, err := s.db.Exec(ctx, `INSERT INTO consultant_calendars (user_id, feed_token_hash) VALUES (@user, @hash)
		ON CONFLICT (user_id) DO UPDATE SET feed_token_hash = excluded.feed_token_hash, updated_at = now()`,
		pgx.NamedArgs{"user": userID, "hash": hashToken(token)}); err != nil {
		return FeedLink{}, err
	}
	return s.feedLink(token), nil
}

// RevokeFeed ends a consultant's private feed: its address answers 404 from now on.
func (s *Service) RevokeFeed(ctx context.Context, userID string) error {
	if _, err := s.booking.Consultant(ctx, userID); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE consultant_calendars SET feed_token_hash = NULL, updated_at = now()
		WHERE user_id = @user`, pgx.NamedArgs{"user": userID})
	return err
}

// Feed is the calendar file of the feed a token names: the consultant's appointments
// from FeedPast ago on. ErrNotFound for an unknown or revoked token.
func (s *Service) Feed(ctx context.Context, token string) ([]byte, error) {
	if len(token) != base64.RawURLEncoding.EncodedLen(tokenBytes) {
		return nil, booking.ErrNotFound
	}
	var userID string
	err := s.db.QueryRow(ctx, `SELECT user_id::text FROM consultant_calendars WHERE feed_token_hash = @hash`,
		pgx.NamedArgs{"hash": hashToken(token)}).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, booking.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return s.booking.ConsultantFeed(ctx, userID, s.now().Add(-FeedPast))
}

func (s *Service) feedLink(token string) FeedLink {
	u := strings.TrimRight(s.cfg.PublicURL, "/") + feedPath + token + ".ics"
	webcal := "webcal://" + strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	return FeedLink{URL: u, WebcalURL: webcal}
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return base64.RawURLEncoding.EncodeToString(h[:])
}
