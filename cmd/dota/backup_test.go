package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/migrations/testdb"
)

// `dota backup` then `dota restore`: the confirmation guards the database, and the
// restore brings back the rows of the backup.
func TestBackupThenRestore(t *testing.T) {
	pool, db := testdb.New(t)
	ctx := t.Context()
	dir := t.TempDir()
	cfg := config{DatabaseURL: db.URL, DBMaxConns: 2, Backup: backup.Config{Dir: dir, Keep: 3, DatabaseURL: db.URL}}
	clients := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM clients`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if _, err := pool.Exec(ctx, `INSERT INTO clients (nom, prenom) VALUES ('Kept', 'K')`); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := backupNow(ctx, cfg, nil, &out); err != nil {
		t.Fatal(err)
	}
	dumps, _ := filepath.Glob(filepath.Join(dir, "dota-*.dump"))
	if len(dumps) != 1 || !strings.Contains(out.String(), dumps[0]) {
		t.Fatalf("backed up: %q, dumps %v", out.String(), dumps)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO clients (nom, prenom) VALUES ('Later', 'L')`); err != nil {
		t.Fatal(err)
	}

	// The wrong name typed: nothing happens.
	out.Reset()
	err := restore(ctx, cfg, []string{dumps[0]}, strings.NewReader("dota\n"), &out)
	if err == nil || !strings.Contains(err.Error(), "cancelled") || !strings.Contains(out.String(), db.Name) {
		t.Fatalf("a wrong name: %v, %q", err, out.String())
	}
	if n := clients(); n != 2 {
		t.Fatalf("a cancelled restore changed the database: %d clients", n)
	}
	// The database's name typed: the backup's rows come back.
	if err := restore(ctx, cfg, []string{dumps[0]}, strings.NewReader(db.Name+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	if n := clients(); n != 1 {
		t.Fatalf("after the restore: %d clients, want the backup's 1", n)
	}
	// --yes asks nothing, before or after the file.
	if _, err := pool.Exec(ctx, `INSERT INTO clients (nom, prenom) VALUES ('Later', 'L')`); err != nil {
		t.Fatal(err)
	}
	if err := restore(ctx, cfg, []string{dumps[0], "--yes"}, strings.NewReader(""), &out); err != nil {
		t.Fatal(err)
	}
	if n := clients(); n != 1 {
		t.Fatalf("after the restore --yes: %d clients, want 1", n)
	}
	if err := restore(ctx, cfg, []string{"--yes"}, strings.NewReader(""), &out); err == nil {
		t.Fatal("a restore without a file")
	}
	if err := restore(ctx, cfg, []string{filepath.Join(dir, "none.dump"), "--yes"}, nil, &out); !os.IsNotExist(err) {
		t.Fatalf("a missing file: %v", err)
	}
}

func TestBackupWithoutADirectory(t *testing.T) {
	_, db := testdb.New(t)
	cfg := config{DatabaseURL: db.URL, DBMaxConns: 2, Backup: backup.Config{DatabaseURL: db.URL}}
	err := backupNow(t.Context(), cfg, nil, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "DOTA_BACKUP_DIR") {
		t.Fatalf("err = %v", err)
	}
}
