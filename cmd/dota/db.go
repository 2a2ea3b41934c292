package main

import (
	"context"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/migrations"
)

func openDB(ctx context.Context, cfg config) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	pc.MaxConns = cfg.DBMaxConns
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("PostgreSQL at DATABASE_URL does not answer: %w", err)
	}
	return pool, nil
}

func migrate(ctx context.Context, cfg config, args []string) error {
	m, err := migrations.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer m.Close()
	action := "up"
	if len(args) > 0 {
		action = args[0]
	}
	switch action {
	case "up":
		return m.Up(ctx, os.Stdout)
	case "down":
		return m.Down(ctx, os.Stdout)
	case "status":
		return m.Status(ctx, os.Stdout)
	}
	return fmt.Errorf("migrate: unknown action %q (up, down or status)", action)
}

// checkSchema refuses to serve on a database that lacks migrations.
func checkSchema(ctx context.Context, cfg config) error {
	m, err := migrations.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer m.Close()
	pending, err := m.Pending(ctx)
	if err != nil {
		return fmt.Errorf("reading the schema version: %w", err)
	}
	if pending {
		return fmt.Errorf("the database schema is out of date: run `dota migrate` first")
	}
	return nil
}

func seed(ctx context.Context, cfg config) error {
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := booking.New(pool).SeedAgency(ctx); err != nil {
		return err
	}
	rep, err := catalogue.New(pool).Seed(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("seeded %d services and %d projects\n", rep.Services, rep.Projects)
	return nil
}
