package main

import (
	"errors"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/migrations/testdb"
)

// stdout runs f and returns what it printed on the standard output.
func stdout(t *testing.T, f func() error) (string, error) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdout
	os.Stdout = w
	ferr := f()
	os.Stdout = saved
	w.Close()
	out, _ := io.ReadAll(r)
	return string(out), ferr
}

func TestAdminResetPassword(t *testing.T) {
	pool, db := testdb.New(t)
	rdb, prefix := testdb.Redis(t)
	ctx := t.Context()
	cfg := config{DatabaseURL: db.URL, RedisURL: testdb.RedisURL(), RedisPrefix: prefix, PublicURL: "http://localhost:8080",
		DBMaxConns: 2, LogFormat: "text"}
	if err := console.CreateFirstAdmin(ctx, pool, "Dev@Dota.Local", console.RoleAdmin, "the first password", false); err != nil {
		t.Fatal(err)
	}
	// A session of the admin, open before the reset.
	cons := console.New(booking.New(pool), pool, rdb, prefix, console.Config{}, nil)
	token, _, err := cons.Login(ctx, "dev@dota.local", "the first password", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}

	out, err := stdout(t, func() error { return admin(ctx, cfg, []string{"reset-password", "--email", "dev@dota.local"}) })
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`│ +password: +(\S+) +│`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no password in a box:\n%s", out)
	}
	password := m[1]
	if strings.Count(out, password) != 1 || !strings.Contains(out, "http://localhost:8080/admin/login") {
		t.Errorf("want the password once and where to sign in:\n%s", out)
	}
	var hash string
	if err := pool.QueryRow(ctx, `SELECT password_hash FROM admin_users WHERE email = 'dev@dota.local'`).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if ok, err := console.CheckPassword(hash, password); !ok || err != nil {
		t.Errorf("the printed password does not match the stored hash: %v", err)
	}
	if _, err := cons.Authenticate(ctx, token); !errors.Is(err, console.ErrUnauthenticated) {
		t.Errorf("the session opened before the reset still works: %v", err)
	}

	if _, err := stdout(t, func() error { return admin(ctx, cfg, []string{"reset-password", "--email", "nobody@dota.local"}) }); !errors.Is(err, booking.ErrNotFound) {
		t.Errorf("an unknown e-mail: %v, want ErrNotFound", err)
	}
	if _, err := stdout(t, func() error { return admin(ctx, cfg, []string{"reset-password"}) }); err == nil {
		t.Error("no --email was accepted")
	}
}

func TestCredentialsBox(t *testing.T) {
	box := credentialsBox("Title", " Admin@Dota.Local ", "s3cret-pässword", "http://localhost:8080/")
	lines := strings.Split(strings.Trim(box, "\n"), "\n")
	width := len([]rune(lines[0]))
	for _, l := range lines {
		if n := len([]rune(l)); n != width {
			t.Errorf("line %q is %d wide, the box %d", l, n, width)
		}
	}
	for _, want := range []string{"admin@dota.local", "s3cret-pässword", "http://localhost:8080/admin/login"} {
		if !strings.Contains(box, want) {
			t.Errorf("the box lacks %q:\n%s", want, box)
		}
	}
}
