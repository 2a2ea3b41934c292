package booking_test

import (
	"context"
	"io"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/migrations"
	"github.com/dota-agency/dota/migrations/testdb"
)

// beforeMigration gives a database of its own at the schema before migration version,
// every later one undone, and the function that migrates it up again. prepare, when
// given, runs first, on the latest schema (the seed needs it).
func beforeMigration(t *testing.T, version int64, prepare func(db *pgxpool.Pool)) (*pgxpool.Pool, func()) {
	t.Helper()
	ctx := context.Background()
	db, d := testdb.New(t)
	if prepare != nil {
		prepare(db)
	}
	m, err := migrations.Open(d.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })
	for {
		var applied int64
		if err := db.QueryRow(ctx, `SELECT max(version_id) FROM goose_db_version WHERE is_applied`).Scan(&applied); err != nil {
			t.Fatal(err)
		}
		if applied < version {
			break
		}
		if err := m.Down(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	return db, func() {
		t.Helper()
		if err := m.Up(ctx, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}
