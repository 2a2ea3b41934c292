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
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

//go:embed *.sql
var files embed.FS

// Migrator applies and inspects the embedded schema migrations on one database.
type Migrator struct {
	db       *sql.DB
	provider *goose.Provider
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
	return &Migrator{db: db, provider: p}, nil
}

// Close releases the database connection.
func (m *Migrator) Close() error { return m.db.Close() }

// Up applies every pending migration.
func (m *Migrator) Up(ctx context.Context, log io.Writer) error {
	res, err := m.provider.Up(ctx)
	for _, r := range res {
		fmt.Fprintf(log, "migrated up %s (%s)\n", r.Source.Path, r.Duration.Round(1e6))
	}
	return err
}

// Down rolls back the latest applied migration.
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
	return nil
}

// Pending reports whether the database lacks any embedded migration.
func (m *Migrator) Pending(ctx context.Context) (bool, error) {
	return m.provider.HasPending(ctx)
}
