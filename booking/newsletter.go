package booking

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/i18n"
)

// Subscribe adds an e-mail address to the newsletter. An address already subscribed, in
// any letter case, is ErrAlreadySubscribed.
func (s *Core) Subscribe(ctx context.Context, email, lang string) error {
	email = NormalizeEmail(email)
	v := &ValidationError{}
	if email == "" {
		v.Summary = "newsletter_email_required"
		v.Add("email", "newsletter_email_required")
	} else if c := CheckEmail(email); c != "" {
		v.Summary = c
		v.Add("email", c)
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	if lang = i18n.Normalize(lang); lang == "" {
		lang = i18n.Default
	}
	_, err := s.db.Exec(ctx, `INSERT INTO newsletter_subscriptions (email, language) VALUES ($1, $2)`, email, lang)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrAlreadySubscribed
	}
	return err
}
