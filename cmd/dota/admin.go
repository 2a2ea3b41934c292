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

	"golang.org/x/term"

	"github.com/dota-agency/dota/console"
)

func admin(ctx context.Context, cfg config, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: dota admin create --email E --role R [--password-stdin | --generate-password] [--if-none]")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "the administrator's e-mail")
	role := fs.String("role", console.RoleAdmin, "admin, moderator or editor")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	generate := fs.Bool("generate-password", false, "generate a password and print it once")
	ifNone := fs.Bool("if-none", false, "do nothing when an active admin already exists")
	if err := fs.Parse(args[1:]); err != nil {
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
		fmt.Println("an admin already exists; none created")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Printf("created %s %s\n", *role, strings.ToLower(*email))
	if *generate {
		fmt.Printf("password (shown once): %s\n", password)
	}
	return nil
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
