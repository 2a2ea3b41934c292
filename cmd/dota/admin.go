package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/redis/go-redis/v9"
	"golang.org/x/term"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
)

const adminUsage = "usage: dota admin create --email E --role R [--password-stdin | --generate-password] [--if-none]\n" +
	"       dota admin reset-password --email E"

func admin(ctx context.Context, cfg config, args []string) error {
	switch {
	case len(args) > 0 && args[0] == "create":
		return adminCreate(ctx, cfg, args[1:])
	case len(args) > 0 && args[0] == "reset-password":
		return adminResetPassword(ctx, cfg, args[1:])
	}
	return errors.New(adminUsage)
}

// adminCreate creates a user: `dota admin create`.
func adminCreate(ctx context.Context, cfg config, args []string) error {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "the administrator's e-mail")
	role := fs.String("role", console.RoleAdmin, "admin, moderator or editor")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	generate := fs.Bool("generate-password", false, "generate a password and print it once")
	ifNone := fs.Bool("if-none", false, "do nothing when an active admin already exists")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" {
		return errors.New("admin create: --email is required")
	}
	var password string
	switch {
	case *generate:
		password = console.RandomPassword(20)
	case *fromStdin:
		line, err := bufio.NewReader(os.Stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		password = strings.TrimRight(line, "\r\n")
	default:
		p, err := prompt()
		if err != nil {
			return err
		}
		password = p
	}
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	err = console.CreateFirstAdmin(ctx, pool, *email, *role, password, *ifNone)
	if errors.Is(err, console.ErrAdminExists) && *ifNone {
		fmt.Printf("an admin already exists; none created (a new password: dota admin reset-password --email %s)\n",
			strings.ToLower(*email))
		return nil
	}
	if err != nil {
		return err
	}
	if *generate {
		fmt.Print(credentialsBox("Created "+*role+": its password is shown this once", *email, password, cfg.PublicURL))
		return nil
	}
	fmt.Printf("created %s %s\n", *role, strings.ToLower(*email))
	return nil
}

// adminResetPassword gives a user a new random password, printed once, and ends their
// sessions: `dota admin reset-password --email E`.
func adminResetPassword(ctx context.Context, cfg config, args []string) error {
	fs := flag.NewFlagSet("admin reset-password", flag.ContinueOnError)
	email := fs.String("email", "", "the user's e-mail")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" || fs.NArg() > 0 {
		return errors.New("usage: dota admin reset-password --email E")
	}
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	ropt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return err
	}
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	log := newLogger(cfg)
	cons := console.New(booking.New(pool, booking.WithLogger(log)), pool, rdb, cfg.RedisPrefix, console.Config{}, log)
	password, err := cons.ResetPassword(ctx, *email)
	if err != nil {
		return err
	}
	fmt.Print(credentialsBox("New password, shown this once; the user's sessions are ended", *email, password, cfg.PublicURL))
	return nil
}

// credentialsBox frames a user's e-mail and password, with where to sign in, so that
// they stand out at the end of a long output.
func credentialsBox(title, email, password, publicURL string) string {
	lines := []string{
		title,
		"",
		"  e-mail:    " + strings.ToLower(strings.TrimSpace(email)),
		"  password:  " + password,
		"  sign in:   " + strings.TrimSuffix(publicURL, "/") + "/admin/login",
	}
	width := 0
	for _, l := range lines {
		width = max(width, utf8.RuneCountInString(l))
	}
	var b strings.Builder
	rule := strings.Repeat("─", width+2)
	b.WriteString("\n┌" + rule + "┐\n")
	for _, l := range lines {
		b.WriteString("│ " + l + strings.Repeat(" ", width-utf8.RuneCountInString(l)) + " │\n")
	}
	b.WriteString("└" + rule + "┘\n\n")
	return b.String()
}

func prompt() (string, error) {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return "", errors.New("admin create: no terminal to prompt on; use --password-stdin")
	}
	fmt.Fprint(os.Stderr, "Password: ")
	p1, err := term.ReadPassword(int(os.Stdin.Fd()))
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return "", err
	}
	fmt.Fprint(os.Stderr, "Again: ")
	p2, err := term.ReadPassword(int(os.Stdin.Fd()))
	fmt.Fprintln(os.Stderr)
	if err != nil {
		return "", err
	}
	if string(p1) != string(p2) {
		return "", errors.New("admin create: the passwords differ")
	}
	return string(p1), nil
}
