package console

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/booking"
)

// User is a member of staff. The password hash never leaves the package.
type User struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	// DisplayName is the name visitors see when this member answers them in the chat:
	// the one they chose, else FirstName's.
	DisplayName string    `json:"display_name"`
	Role        string    `json:"role"`
	RoleLabel   string    `json:"role_label"`
	Permissions []string  `json:"permissions"`
	IsActive    bool      `json:"is_active"`
	CreatedBy   string    `json:"created_by"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

var errNoUser = errors.New("no such user")

// FirstName is the name a visitor sees for a staff member who chose none: the first
// word of their e-mail's local part, before any space, dot or @, capitalized
// ("karim.benali@…" is Karim).
func FirstName(u User) string {
	local, _, _ := strings.Cut(u.Email, "@")
	local, _, _ = strings.Cut(local, " ")
	first := strings.FieldsFunc(local, func(r rune) bool { return strings.ContainsRune("._-+0123456789", r) })
	if len(first) == 0 {
		return RoleLabels[u.Role]
	}
	r := []rune(strings.ToLower(first[0]))
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

const userColumns = `id, email, coalesce(display_name, ''), role, permissions, is_active, coalesce(created_by::text, ''),
	created_at, updated_at`

// userFields are the destinations of userColumns, in order.
func userFields(u *User) []any {
	return []any{&u.ID, &u.Email, &u.DisplayName, &u.Role, &u.Permissions, &u.IsActive, &u.CreatedBy, &u.CreatedAt, &u.UpdatedAt}
}

// complete fills what is derived from the stored columns.
func (u *User) complete() {
	if u.Permissions == nil {
		u.Permissions = []string{}
	}
	u.RoleLabel = RoleLabels[u.Role]
	if u.DisplayName == "" {
		u.DisplayName = FirstName(*u)
	}
}

func scanUser(row pgx.CollectableRow) (User, error) {
	var u User
	err := row.Scan(userFields(&u)...)
	u.complete()
	return u, err
}

// User returns one user by id.
func (c *Console) User(ctx context.Context, id string) (User, error) {
	if !booking.IsUUID(id) {
		return User{}, errNoUser
	}
	rows, err := c.db.Query(ctx, `SELECT `+userColumns+` FROM admin_users WHERE id = $1`, id)
	if err != nil {
		return User{}, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, scanUser)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, errNoUser
	}
	return u, err
}

func (c *Console) userByEmail(ctx context.Context, email string) (User, string, error) {
	var hash string
	rows, err := c.db.Query(ctx, `SELECT `+userColumns+`, password_hash FROM admin_users WHERE lower(email) = $1`, email)
	if err != nil {
		return User{}, "", err
	}
	u, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (User, error) {
		var u User
		err := row.Scan(append(userFields(&u), &hash)...)
		return u, err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return u, "", errNoUser
	}
	u.complete()
	return u, hash, err
}

// UserStats are the users screen's cards.
type UserStats struct {
	Total  int `json:"total"`
	Active int `json:"active"`
	Admins int `json:"admins"`
}

// Users lists every user, newest first, with the screen's counts.
func (c *Console) Users(ctx context.Context) ([]User, UserStats, error) {
	rows, err := c.db.Query(ctx, `SELECT `+userColumns+` FROM admin_users ORDER BY created_at DESC, id`)
	if err != nil {
		return nil, UserStats{}, err
	}
	list, err := pgx.CollectRows(rows, scanUser)
	if err != nil {
		return nil, UserStats{}, err
	}
	var st UserStats
	for _, u := range list {
		st.Total++
		if u.IsActive {
			st.Active++
		}
		if u.Role == RoleAdmin {
			st.Admins++
		}
	}
	return list, st, nil
}

// UserInput is a new user, or the changes to one (nil fields stay as they are). The
// e-mail of an existing user cannot change.
type UserInput struct {
	Email       string    `json:"email"`
	Password    *string   `json:"password"`
	Role        *string   `json:"role"`
	Permissions *[]string `json:"permissions"`
	IsActive    *bool     `json:"is_active"`
}

func checkPassword(v *booking.ValidationError, p *string, required bool) {
	switch {
	case p == nil || *p == "":
		if required {
			v.Add("password", "password_required")
		}
	case len([]rune(*p)) < MinPasswordLen:
		v.Add("password", "password_short")
	case len(*p) > MaxPasswordLen:
		v.Add("password", "password_long")
	}
}

func checkRoleAndPermissions(v *booking.ValidationError, in UserInput) {
	if in.Role != nil && !slices.Contains(Roles, *in.Role) {
		v.Add("role", "invalid_option")
	}
	if in.Permissions != nil {
		for _, p := range *in.Permissions {
			if !slices.Contains(Actions, Action(p)) {
				v.Add("permissions", "invalid_option")
			}
		}
	}
}

// CreateUser adds a user who can sign in at once with the password given; the role
// defaults to editor.
func (c *Console) CreateUser(ctx context.Context, by User, in UserInput) (User, error) {
	in.Email = booking.NormalizeEmail(in.Email)
	v := newValidation()
	if in.Email == "" {
		v.Add("email", "required")
	} else if booking.CheckEmail(in.Email) != "" {
		v.Add("email", "email_invalid")
	}
	checkPassword(v, in.Password, true)
	checkRoleAndPermissions(v, in)
	if err := v.OrNil(); err != nil {
		return User{}, err
	}
	role, perms, active := RoleEditor, []string{}, true
	if in.Role != nil {
		role = *in.Role
	}
	if in.Permissions != nil {
		perms = dedupe(*in.Permissions)
	}
	if in.IsActive != nil {
		active = *in.IsActive
	}
	hash, err := HashPassword(*in.Password)
	if err != nil {
		return User{}, err
	}
	rows, err := c.db.Query(ctx, `INSERT INTO admin_users (email, role, permissions, is_active, password_hash, created_by)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+userColumns, in.Email, role, perms, active, hash, booking.NullIfEmpty(by.ID))
	if err != nil {
		return User{}, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, scanUser)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return User{}, &ConflictError{Key: "email_taken"}
	}
	return u, err
}

func dedupe(list []string) []string {
	out := []string{}
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// UpdateUser changes a user's role, activity, permissions or password. The last active
// admin cannot be demoted or deactivated; a change of role, activity or password ends
// the user's sessions at once, and a deactivation gives back what they held (OnStaffGone).
func (c *Console) UpdateUser(ctx context.Context, id string, in UserInput) (User, error) {
	v := newValidation()
	checkPassword(v, in.Password, false)
	checkRoleAndPermissions(v, in)
	if err := v.OrNil(); err != nil {
		return User{}, err
	}
	var hash *string
	if in.Password != nil && *in.Password != "" {
		h, err := HashPassword(*in.Password)
		if err != nil {
			return User{}, err
		}
		hash = &h
	}
	var before, after User
	err := pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		var err error
		if before, err = lockUser(ctx, tx, id); err != nil {
			return err
		}
		stillAdmin := (in.Role == nil || *in.Role == RoleAdmin) && (in.IsActive == nil || *in.IsActive)
		if before.Role == RoleAdmin && before.IsActive && !stillAdmin {
			if err := ensureAnotherAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		var perms *[]string
		if in.Permissions != nil {
			p := dedupe(*in.Permissions)
			perms = &p
		}
		rows, err := tx.Query(ctx, `UPDATE admin_users SET role = coalesce($2, role),
			is_active = coalesce($3, is_active), permissions = coalesce($4, permissions),
			password_hash = coalesce($5, password_hash), updated_at = now()
			WHERE id = $1 RETURNING `+userColumns, id, in.Role, in.IsActive, perms, hash)
		if err != nil {
			return err
		}
		after, err = pgx.CollectExactlyOneRow(rows, scanUser)
		return err
	})
	if err != nil {
		return User{}, err
	}
	if before.Role != after.Role || before.IsActive != after.IsActive || hash != nil {
		if err := c.EndSessions(ctx, id); err != nil {
			c.log.WarnContext(ctx, "ending sessions", "user", id, "err", err)
		}
	}
	if before.IsActive && !after.IsActive {
		c.gone(ctx, id)
	}
	return after, nil
}

// DeleteUser removes a user, gives back what they held and ends their sessions; the last
// active admin stays.
func (c *Console) DeleteUser(ctx context.Context, id string) error {
	err := pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		u, err := lockUser(ctx, tx, id)
		if err != nil {
			return err
		}
		if u.Role == RoleAdmin && u.IsActive {
			if err := ensureAnotherAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `DELETE FROM admin_users WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return err
	}
	c.gone(ctx, id)
	return c.EndSessions(ctx, id)
}

// OnStaffGone sets what is done, after the change is saved, when a staff member is
// deactivated or deleted: the chat gives back to Dota the conversations they hold.
func (c *Console) OnStaffGone(fn func(ctx context.Context, userID string) (int, error)) {
	c.staffGone = fn
}

// gone tells OnStaffGone's function that a staff member left. A failure is logged, not
// returned: the change stands, and the chat takes back a silent holder's conversations
// after the settings' staff_idle_release_minutes anyway.
func (c *Console) gone(ctx context.Context, id string) {
	if c.staffGone == nil {
		return
	}
	n, err := c.staffGone(context.WithoutCancel(ctx), id)
	if err != nil {
		c.log.WarnContext(ctx, "giving back the conversations of a staff member who left", "user", id, "err", err)
		return
	}
	if n > 0 {
		c.log.InfoContext(ctx, "conversations given back to Dota", "user", id, "count", n)
	}
}

func lockUser(ctx context.Context, tx pgx.Tx, id string) (User, error) {
	if !booking.IsUUID(id) {
		return User{}, booking.ErrNotFound
	}
	// Every admin change takes this lock first, so two admins demoting each other at
	// the same moment cannot leave none.
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('admin_users', 0))`); err != nil {
		return User{}, err
	}
	rows, err := tx.Query(ctx, `SELECT `+userColumns+` FROM admin_users WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return User{}, err
	}
	u, err := pgx.CollectExactlyOneRow(rows, scanUser)
	if errors.Is(err, pgx.ErrNoRows) {
		return u, booking.ErrNotFound
	}
	return u, err
}

func ensureAnotherAdmin(ctx context.Context, tx pgx.Tx, id string) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM admin_users WHERE role = 'admin' AND is_active AND id <> $1`,
		id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return &ConflictError{Key: "last_admin"}
	}
	return nil
}
