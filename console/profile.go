package console

import (
	"context"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// DisplayNameMaxLen is the longest display name, in characters.
const DisplayNameMaxLen = 40

// SetDisplayName changes the name visitors see for a staff member in the chat. Spaces
// are trimmed and runs of them made one; an empty name goes back to the default
// (FirstName's).
func (c *Console) SetDisplayName(ctx context.Context, id, name string) (User, error) {
	name = strings.Join(strings.Fields(name), " ")
	v := newValidation()
	switch {
	case utf8.RuneCountInString(name) > DisplayNameMaxLen:
		v.Add("display_name", "display_name_long")
	case strings.IndexFunc(name, func(r rune) bool { return r == utf8.RuneError || unicode.IsControl(r) }) >= 0:
		v.Add("display_name", "text_invalid")
	}
	if err := v.OrNil(); err != nil {
		return User{}, err
	}
	var stored *string
	if name != "" {
		stored = &name
	}
	rows, err := c.db.Query(ctx, `UPDATE admin_users SET display_name = $2, updated_at = now()
		WHERE id = $1 RETURNING `+userColumns, id, stored)
	if err != nil {
		return User{}, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, scanUser)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, booking.ErrNotFound
	}
	return u, err
}
