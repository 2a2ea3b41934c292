// Package testdb gives each test package its own freshly migrated PostgreSQL database
// and its own Redis key prefix, so packages can run in parallel against the real servers.
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/migrations"
)

// AdminURL is the maintenance database used to create and drop test databases.
func AdminURL() string {
	if u := os.Getenv("DOTA_TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// RedisURL is the Redis server the tests use.
func RedisURL() string {
	if u := os.Getenv("DOTA_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}

// Database is one throw-away database.
type Database struct {
	Name string
	URL  string
}

// Create makes a new empty database named after prefix, applies every migration and
// returns it. Drop removes it.
func Create(ctx context.Context, prefix string) (*Database, error) {
	name := fmt.Sprintf("dota_test_%s_%s", sanitize(prefix), RandomHex(4))
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return nil, fmt.Errorf("testdb: connect: %w", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return nil, fmt.Errorf("testdb: create: %w", err)
	}
	u, err := url.Parse(AdminURL())
	if err != nil {
		return nil, err
	}
	u.Path = "/" + name
	db := &Database{Name: name, URL: u.String()}
	m, err := migrations.Open(db.URL)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	if err := m.Up(ctx, io.Discard); err != nil {
		return nil, fmt.Errorf("testdb: migrate: %w", err)
	}
	return db, nil
}

// Drop deletes the database, ending any connection still open to it.
func (d *Database) Drop(ctx context.Context) error {
	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		return err
	}
	defer admin.Close(ctx)
	_, err = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{d.Name}.Sanitize()+" WITH (FORCE)")
	return err
}

// Pool opens a connection pool to the database.
func (d *Database) Pool(ctx context.Context) (*pgxpool.Pool, error) {
	return pgxpool.New(ctx, d.URL)
}

// New creates a database for one test (or benchmark) and drops it when the test ends.
func New(tb testing.TB) (*pgxpool.Pool, *Database) {
	tb.Helper()
	ctx := context.Background()
	db, err := Create(ctx, tb.Name())
	if err != nil {
		tb.Fatal(err)
	}
	pool, err := db.Pool(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		pool.Close()
		if err := db.Drop(context.Background()); err != nil {
			tb.Logf("testdb: drop %s: %v", db.Name, err)
		}
	})
	return pool, db
}

// Redis connects to the test Redis server and returns a client and a unique key
// prefix; keys under that prefix are deleted when the test ends.
func Redis(tb testing.TB) (*redis.Client, string) {
	tb.Helper()
	opt, err := redis.ParseURL(RedisURL())
	if err != nil {
		tb.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		tb.Fatalf("testdb: redis: %v", err)
	}
	prefix := "dotatest:" + RandomHex(6) + ":"
	tb.Cleanup(func() {
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val())
		}
		rdb.Close()
	})
	return rdb, prefix
}

// RandomHex returns n random bytes as hex.
func RandomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func sanitize(s string) string {
	s = strings.ToLower(s)
	var b strings.Builder
	for _, r := range s {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 30 {
			break
		}
	}
	return b.String()
}

// Main runs a test package against a database of its own: it creates and migrates the
// database, hands its pool to ready (which keeps it and may seed it), runs the tests and
// drops the database. It returns the exit code for os.Exit.
func Main(m *testing.M, name string, ready func(ctx context.Context, pool *pgxpool.Pool) error) int {
	ctx := context.Background()
	db, err := Create(ctx, name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer func() {
		if err := db.Drop(ctx); err != nil {
			fmt.Fprintln(os.Stderr, "testdb: drop:", err)
		}
	}()
	pool, err := db.Pool(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer pool.Close()
	if err := ready(ctx, pool); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}
