package console

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
)

// Roles of staff, from most to least powerful.
var Roles = []string{RoleAdmin, RoleModerator, RoleEditor}

// Role names.
const (
	RoleAdmin     = "admin"
	RoleModerator = "moderator"
	RoleEditor    = "editor"
)

// ErrAdminExists means a first admin already exists (or was made at the same moment).
var ErrAdminExists = errors.New("an admin already exists")

// ErrEmailTaken means another user has this e-mail.
var ErrEmailTaken = errors.New("a user with this e-mail already exists")

// CreateFirstAdmin creates an administrator from the command line. The first admin of an
// empty database is marked as the bootstrap admin; a unique index allows only one, so
// two concurrent first creations cannot both succeed. With onlyIfNone, nothing is created
// when any active admin exists and ErrAdminExists is returned.
func CreateFirstAdmin(ctx context.Context, db *pgxpool.Pool, email, role, password string, onlyIfNone bool) error {
	email = booking.NormalizeEmail(email)
	if booking.CheckEmail(email) != "" {
		return fmt.Errorf("invalid e-mail %q", email)
	}
	if !slices.Contains(Roles, role) {
		return fmt.Errorf("invalid role %q (%s)", role, strings.Join(Roles, ", "))
	}
	if len([]rune(password)) < MinPasswordLen {
		return fmt.Errorf("the password must be at least %d characters long", MinPasswordLen)
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		var admins int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM admin_users WHERE role = 'admin' AND is_active`).Scan(&admins); err != nil {
			return err
		}
		if admins > 0 && onlyIfNone {
			return ErrAdminExists
		}
		_, err := tx.Exec(ctx, `INSERT INTO admin_users (email, role, password_hash, bootstrap) VALUES ($1, $2, $3, $4)`,
			email, role, hash, admins == 0 && role == RoleAdmin)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			if pgErr.ConstraintName == "admin_users_one_bootstrap" {
				return ErrAdminExists
			}
			return ErrEmailTaken
		}
		return err
	})
}

// ResetPassword gives the user with this e-mail a new random password, stores its argon2id
// hash, ends every session of theirs (on every replica) and returns the password, to be
// shown once. An unknown e-mail is booking.ErrNotFound.
func (c *Console) ResetPassword(ctx context.Context, email string) (string, error) {
	password := RandomPassword(20)
	hash, err := HashPassword(password)
	if err != nil {
		return "", err
	}
	var id string
	err = c.db.QueryRow(ctx, `UPDATE admin_users SET password_hash = $2, updated_at = now()
		WHERE lower(email) = $1 RETURNING id`, booking.NormalizeEmail(email), hash).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("no user has the e-mail %q: %w", email, booking.ErrNotFound)
	}
	if err != nil {
		return "", err
	}
	if err := c.EndSessions(ctx, id); err != nil {
		return "", fmt.Errorf("the password is changed, but the sessions were not ended: %w", err)
	}
	return password, nil
}
