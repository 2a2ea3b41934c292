// Command dota serves Dota — the agency's site, its chat assistant and the operations
// console — and administers its database.
//
//	dota [serve]                       serve HTTP on DOTA_ADDR
//	dota migrate [up|down|status]      apply or inspect the schema
//	dota seed                          add the catalogue and demo projects
//	dota admin create --email E --role R [--password-stdin]
//	dota admin reset-password --email E  a new password, printed once; ends the user's sessions
//	dota healthcheck                   exit 0 when the local server's /healthz answers
//	dota vapid                         print a new VAPID key pair for push alerts
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	_ "time/tzdata" // Africa/Algiers must resolve on any machine
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "dota:", err)
		os.Exit(1)
	}
}

const usage = `usage: dota [serve | migrate [up|down|status] | seed | admin create --email E --role R [--password-stdin] | admin reset-password --email E | healthcheck | vapid]`

func run(ctx context.Context, args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	if cmd == "vapid" { // needs no configuration: it makes some
		return vapid(os.Stdout)
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	switch cmd {
	case "serve":
		return serve(ctx, cfg)
	case "migrate":
		return migrate(ctx, cfg, args)
	case "seed":
		return seed(ctx, cfg)
	case "admin":
		return admin(ctx, cfg, args)
	case "healthcheck":
		return healthcheck(ctx, cfg)
	case "help", "-h", "--help":
		fmt.Println(usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, usage)
}
