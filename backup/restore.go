package backup

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Restore replaces the contents of the database at dbURL with the dump's: pg_restore
// --clean --if-exists drops each object of the dump that exists and creates it again with
// the dump's rows, in one transaction, so that a restore that fails changes nothing.
// Owners and privileges are left to the connecting role (--no-owner --no-privileges), so a
// dump restores into another server's database. pg_restore's messages go to log.
func Restore(ctx context.Context, dbURL, file string, log io.Writer) error {
	if _, err := exec.LookPath("pg_restore"); err != nil {
		return fmt.Errorf("restore needs pg_restore (package postgresql-client): %w", err)
	}
	st, err := os.Stat(file)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: not a file", file)
	}
	dbname, env := connection(dbURL)
	cmd := exec.CommandContext(ctx, "pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
		"--single-transaction", "--exit-on-error", "--dbname="+dbname, file)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pg_restore: %w", err)
	}
	return nil
}
