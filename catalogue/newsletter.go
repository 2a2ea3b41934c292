package catalogue

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/i18n"
)

// emailMaxLen bounds a subscribed address, as every address a person gives.
const emailMaxLen = 254

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// NormalizeEmail trims and lower-cases an e-mail address, as the newsletter stores it.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// checkEmail validates the shape text@text.text, in valid UTF-8 without control
// characters. It returns a message code, or "".
func checkEmail(email string) string {
	if len(email) > emailMaxLen || !utf8.ValidString(email) || !emailPattern.MatchString(email) {
		return "email_invalid"
	}
	for _, r := range email {
		if r == utf8.RuneError || (unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t') {
			return "email_invalid"
		}
	}
	return ""
}

// Subscribe adds an e-mail address to the newsletter, with where the visit that
// subscribed came from (cleaned: cut or dropped, never a refusal; nil for unknown). An
// address already subscribed, in any letter case, is ErrAlreadySubscribed.
func (s *Store) Subscribe(ctx context.Context, email, lang string, from *attribution.Visit) error {
	email = NormalizeEmail(email)
	v := &ValidationError{}
	if email == "" {
		v.Summary = "newsletter_email_required"
		v.Add("email", "newsletter_email_required")
	} else if c := checkEmail(email); c != "" {
		v.Summary = c
		v.Add("email", c)
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	if lang = i18n.Normalize(lang); lang == "" {
		lang = i18n.Default
	}
	_, err := s.db.Exec(ctx, `INSERT INTO newsletter_subscriptions (email, language, attribution) VALUES ($1, $2, $3)`,
		email, lang, from.Clean())
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrAlreadySubscribed
	}
	return err
}
