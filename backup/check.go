package backup

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// Reasons a backup cannot be made on this server, the codes of texts/<lang>.json.
const (
	ReasonNoDir     = "backup_no_dir"
	ReasonNoPGDump  = "backup_no_pg_dump"
	ReasonDirFailed = "backup_dir_unusable"
)

// UnavailableError says why this server cannot make a backup.
type UnavailableError struct {
	Reason string // one of the Reason… codes
	Dir    string
	Err    error
}

func (e *UnavailableError) Error() string {
	msg := Text("en", e.Reason, "dir", e.Dir)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// LocalizedMessage is the reason in lang.
func (e *UnavailableError) LocalizedMessage(lang string) string {
	return Text(lang, e.Reason, "dir", e.Dir)
}

// Check returns nil when this server can make a backup: pg_dump is installed and the
// backup directory is set and writable (it is created when missing); else an
// *UnavailableError that says why.
func (s *Service) Check() error {
	if s.cfg.Dir == "" {
		return &UnavailableError{Reason: ReasonNoDir}
	}
	if _, err := exec.LookPath("pg_dump"); err != nil {
		return &UnavailableError{Reason: ReasonNoPGDump, Dir: s.cfg.Dir, Err: err}
	}
	if err := writable(s.cfg.Dir); err != nil {
		return &UnavailableError{Reason: ReasonDirFailed, Dir: s.cfg.Dir, Err: err}
	}
	return nil
}

// writable makes dir when it is missing (readable by its owner only: the dumps hold
// personal data) and proves a file can be written in it.
func writable(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return errors.New("not a directory")
	}
	f, err := os.CreateTemp(dir, ".dota-check-*")
	if err != nil {
		return err
	}
	name := f.Name()
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("removing %s: %w", filepath.Base(name), err)
	}
	return nil
}
