// Package migrations holds Dota's versioned PostgreSQL schema, embedded in the binary,
// and the functions that apply it with goose.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

//go:embed *.sql
var files embed.FS

// Migrator applies and inspects the embedded schema migrations on one database, and the
// tables of River, the job queue, which have their own versions.
type Migrator struct {
	db       *sql.DB
	provider *goose.Provider
	pool     *pgxpool.Pool
	river    *rivermigrate.Migrator[pgx.Tx]
}

// Open connects to the database at url and prepares the embedded migrations.
// Close must be called when done.
func Open(url string) (*Migrator, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("migrations: invalid database url: %w", err)
	}
	db := stdlib.OpenDB(*cfg)
	p, err := goose.NewProvider(goose.DialectPostgres, db, files)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrations: %w", err)
	}
	pcfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrations: invalid database url: %w", err)
	}
	pcfg.MaxConns = 2
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrations: %w", err)
	}
	river, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		pool.Close()
		db.Close()
		return nil, fmt.Errorf("migrations: river: %w", err)
	}
	return &Migrator{db: db, provider: p, pool: pool, river: river}, nil
}

// Close releases the database connections.
func (m *Migrator) Close() error {
	m.pool.Close()
	return m.db.Close()
}

// Up applies every pending migration: Dota's, then River's.
func (m *Migrator) Up(ctx context.Context, log io.Writer) error {
	res, err := m.provider.Up(ctx)
	for _, r := range res {
		fmt.Fprintf(log, "migrated up %s (%s)\n", r.Source.Path, r.Duration.Round(1e6))
	}
	if err != nil {
		return err
	}
	rres, err := m.river.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("migrations: river: %w", err)
	}
	for _, v := range rres.Versions {
		fmt.Fprintf(log, "migrated up river %03d %s (%s)\n", v.Version, v.Name, v.Duration.Round(1e6))
	}
	return nil
}

// Down rolls back the latest applied migration of Dota's own; River's tables stay.
func (m *Migrator) Down(ctx context.Context, log io.Writer) error {
	r, err := m.provider.Down(ctx)
	if r != nil {
		fmt.Fprintf(log, "migrated down %s\n", r.Source.Path)
	}
	return err
}

// Status writes one line per migration: applied or pending.
func (m *Migrator) Status(ctx context.Context, log io.Writer) error {
	st, err := m.provider.Status(ctx)
	if err != nil {
		return err
	}
	for _, s := range st {
		fmt.Fprintf(log, "%-8s %s\n", s.State, s.Source.Path)
	}
	applied, err := m.riverApplied(ctx)
	if err != nil {
		return err
	}
	for _, v := range m.river.AllVersions() {
		state := "pending"
		if applied[v.Version] {
			state = "applied"
		}
		fmt.Fprintf(log, "%-8s river %03d %s\n", state, v.Version, v.Name)
	}
	return nil
}

// riverApplied is the set of River's versions the database has.
func (m *Migrator) riverApplied(ctx context.Context) (map[int]bool, error) {
	existing, err := m.river.ExistingVersions(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrations: river: %w", err)
	}
	applied := make(map[int]bool, len(existing))
	for _, v := range existing {
		applied[v.Version] = true
	}
	return applied, nil
}

// Pending reports whether the database lacks any embedded migration, Dota's or River's.
func (m *Migrator) Pending(ctx context.Context) (bool, error) {
	if p, err := m.provider.HasPending(ctx); err != nil || p {
		return p, err
	}
	applied, err := m.riverApplied(ctx)
	if err != nil {
		return false, err
	}
	return len(applied) < len(m.river.AllVersions()), nil
}
