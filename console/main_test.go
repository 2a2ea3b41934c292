package console

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/migrations/testdb"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	os.Exit(testdb.Main(m, "console", func(_ context.Context, p *pgxpool.Pool) error {
		pool = p
		return nil
	}))
}
