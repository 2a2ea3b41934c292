package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/backup"
)

const restoreUsage = "usage: dota restore [--yes] FILE"

// backupNow makes a backup by hand: `dota backup`. It is recorded with the others, and
// the oldest dumps past DOTA_BACKUP_KEEP are removed.
func backupNow(ctx context.Context, cfg config, args []string, out io.Writer) error {
	if len(args) > 0 {
		return errors.New("usage: dota backup (DOTA_BACKUP_DIR says where, DOTA_BACKUP_KEEP how many are kept)")
	}
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	r, err := backup.New(pool, cfg.Backup).Backup(ctx)
	if err != nil {
		return fmt.Errorf("backup failed: %w", err)
	}
	fmt.Fprintf(out, "backed up to %s (%d bytes)\n", filepath.Join(cfg.Backup.Dir, r.File), r.SizeBytes)
	return nil
}

// restore replaces the contents of DATABASE_URL's database with a backup's: `dota restore
// FILE`. It asks for the database's name first, unless --yes is given.
func restore(ctx context.Context, cfg config, args []string, in io.Reader, out io.Writer) error {
	yes, file := false, ""
	for _, a := range args {
		switch {
		case a == "--yes" || a == "-yes" || a == "-y":
			yes = true
		case strings.HasPrefix(a, "-") || file != "":
			return errors.New(restoreUsage)
		default:
			file = a
		}
	}
	if file == "" {
		return errors.New(restoreUsage)
	}
	if _, err := os.Stat(file); err != nil {
		return err
	}
	pc, err := pgconn.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL: %w", err)
	}
	if !yes {
		fmt.Fprintf(out, "This replaces every table of the database %q on %s:%d with the contents of %s.\n"+
			"Stop every `dota serve` using it first. Type the database's name to go on: ", pc.Database, pc.Host, pc.Port, file)
		line, err := bufio.NewReader(in).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		if strings.TrimSpace(line) != pc.Database {
			return errors.New("restore cancelled: the name typed is not the database's")
		}
	}
	if err := backup.Restore(ctx, cfg.DatabaseURL, file, os.Stderr); err != nil {
		return fmt.Errorf("restore failed, the database is as it was: %w", err)
	}
	fmt.Fprintf(out, "restored %s into %q; if the backup is older than this version, run `dota migrate` before serving\n",
		file, pc.Database)
	return nil
}
