package console

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dota-agency/dota/booking"
)

func TestResetPassword(t *testing.T) {
	t.Parallel()
	c := newConsole(t, &clock{t: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)})
	ctx := t.Context()
	u, err := c.CreateUser(ctx, User{}, UserInput{Email: "reset@dota.test", Password: ptr("the old password")})
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := c.Login(ctx, "reset@dota.test", "the old password", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}

	password, err := c.ResetPassword(ctx, " RESET@dota.test ")
	if err != nil {
		t.Fatal(err)
	}
	if len(password) < MinPasswordLen || strings.Contains(password, "old") {
		t.Fatalf("new password %q", password)
	}
	var stored string
	if err := c.db.QueryRow(ctx, `SELECT password_hash FROM admin_users WHERE id = $1`, u.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stored, "$argon2id$") || strings.Contains(stored, password) {
		t.Fatalf("stored %q: want the argon2id hash, not the password", stored)
	}
	if _, err := c.Authenticate(ctx, token); !errors.Is(err, ErrUnauthenticated) {
		t.Fatalf("the session opened before the reset still works: %v", err)
	}
	if _, _, err := c.Login(ctx, "reset@dota.test", "the old password", "10.0.0.2"); err == nil {
		t.Fatal("the old password still signs in")
	}
	if _, s, err := c.Login(ctx, "reset@dota.test", password, "10.0.0.3"); err != nil || s.User.ID != u.ID {
		t.Fatalf("the new password does not sign in: %v", err)
	}

	again, err := c.ResetPassword(ctx, "reset@dota.test")
	if err != nil || again == password {
		t.Fatalf("a second reset: %q, %v", again, err)
	}
	if _, err := c.ResetPassword(ctx, "nobody@dota.test"); !errors.Is(err, booking.ErrNotFound) {
		t.Fatalf("an unknown e-mail: %v, want ErrNotFound", err)
	}
}
