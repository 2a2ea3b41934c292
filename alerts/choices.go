package alerts

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
)

// Preferences are a user's alert settings as their profile shows them.
type Preferences struct {
	// Language is the console's language the alerts are written in.
	Language string `json:"language"`
	// Choices holds one entry per event the user may hear of, in Events' order.
	Choices []Choice `json:"choices"`
	// Push says whether push is on, with the key browsers subscribe with.
	Push PushStatus `json:"push"`
	// Email is whether e-mail alerts go out: the agency's email_notifications switch.
	Email EmailStatus `json:"email"`
	// Subscriptions are the browsers the user turned push on in.
	Subscriptions []Subscription `json:"subscriptions"`
}

// EmailStatus says whether e-mail alerts are sent agency-wide.
type EmailStatus struct {
	// Enabled is the settings' email_notifications switch.
	Enabled bool `json:"enabled"`
	// Configured is false when no mail server is configured: e-mails are recorded, not sent.
	Configured bool `json:"configured"`
}

// PreferencesInput is what a user changes: the language and some choices (the others
// keep theirs).
type PreferencesInput struct {
	Language string   `json:"language"`
	Choices  []Choice `json:"choices"`
}

// Preferences returns the user's alert settings.
func (s *Service) Preferences(ctx context.Context, u console.User) (Preferences, error) {
	p := Preferences{Push: s.Push(), Subscriptions: []Subscription{}}
	st, err := s.core.Settings(ctx)
	if err != nil {
		return p, err
	}
	p.Email = EmailStatus{Enabled: st.EmailNotifications, Configured: s.mailConfigured()}
	if p.Language, err = s.language(ctx, u.ID); err != nil {
		return p, err
	}
	chosen, err := s.chosen(ctx, u.ID)
	if err != nil {
		return p, err
	}
	for _, e := range EventsFor(u) {
		c, ok := chosen[e]
		if !ok {
			c = defaultChoice(u.Role, e)
		}
		p.Choices = append(p.Choices, c)
	}
	if p.Choices == nil {
		p.Choices = []Choice{}
	}
	p.Subscriptions, err = s.subscriptions(ctx, u.ID)
	return p, err
}

// SetPreferences saves the user's language and the choices given, then returns the
// preferences. A choice for an event the user may not hear of is refused.
func (s *Service) SetPreferences(ctx context.Context, u console.User, in PreferencesInput) (Preferences, error) {
	v := &booking.ValidationError{Catalogue: Text}
	if in.Language != "" && i18n.Normalize(in.Language) != in.Language {
		v.Add("language", "invalid_option")
	}
	allowed := EventsFor(u)
	for i, c := range in.Choices {
		if !slices.Contains(allowed, c.Event) {
			v.Add(fmt.Sprintf("choices[%d].event", i), "invalid_option")
		}
		if !slices.Contains(Channels, c.Channel) {
			v.Add(fmt.Sprintf("choices[%d].channel", i), "invalid_option")
		}
	}
	if err := v.OrNil(); err != nil {
		return Preferences{}, err
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if in.Language != "" {
			if _, err := tx.Exec(ctx, `INSERT INTO alert_profiles (user_id, language) VALUES ($1, $2)
				ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = now()`,
				u.ID, in.Language); err != nil {
				return err
			}
		}
		for _, c := range in.Choices {
			if _, err := tx.Exec(ctx, `INSERT INTO alert_choices (user_id, event, channel, outside_hours)
				VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, event)
				DO UPDATE SET channel = excluded.channel, outside_hours = excluded.outside_hours`,
				u.ID, c.Event, c.Channel, c.OutsideHours); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Preferences{}, err
	}
	return s.Preferences(ctx, u)
}

// language is the user's alert language, the default when they saved none.
func (s *Service) language(ctx context.Context, userID string) (string, error) {
	var l string
	err := s.db.QueryRow(ctx, `SELECT language FROM alert_profiles WHERE user_id = $1`, userID).Scan(&l)
	if err == pgx.ErrNoRows {
		return i18n.Default, nil
	}
	return l, err
}

// chosen returns the choices the user saved, by event.
func (s *Service) chosen(ctx context.Context, userID string) (map[string]Choice, error) {
	rows, err := s.db.Query(ctx, `SELECT event, channel, outside_hours FROM alert_choices WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	out := map[string]Choice{}
	var c Choice
	_, err = pgx.ForEachRow(rows, []any{&c.Event, &c.Channel, &c.OutsideHours}, func() error {
		out[c.Event] = c
		return nil
	})
	return out, err
}

// mailConfigured reports whether e-mail alerts really leave (a mail server is configured).
func (s *Service) mailConfigured() bool {
	t, ok := s.cfg.Mail.(interface{ Configured() bool })
	return s.cfg.Mail != nil && (!ok || t.Configured())
}
