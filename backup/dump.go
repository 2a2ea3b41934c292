package backup

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"encoding/json"
	"github.com/dota-agency/dota/booking"
)

// EventUpdated is the live event published as a run starts and ends; its data is the run.
const EventUpdated = "backup.updated"

// Backup makes one backup now, by hand (`dota backup`): it records the run, dumps the
// database, keeps the last Keep dumps and returns the run; a failed run is returned with
// its error, recorded and alerted.
func (s *Service) Backup(ctx context.Context) (Run, error) {
	r, err := s.begin(ctx, s.db, TriggerManual)
	if err != nil {
		return Run{}, err
	}
	return s.execute(ctx, r)
}

// execute makes the dump of the run begun, then records how it ended: on success it
// prunes the old dumps; on failure it alerts.
func (s *Service) execute(ctx context.Context, r Run) (Run, error) {
	s.publish(ctx, r)
	file, size, err := s.dump(ctx, r)
	failure := ""
	if err != nil {
		failure = err.Error()
	}
	// The outcome is written even when the dump was cut short by ctx.
	done, ferr := s.finish(context.WithoutCancel(ctx), r.ID, file, size, failure)
	if ferr != nil {
		return r, errors.Join(err, ferr)
	}
	s.publish(ctx, done)
	if err != nil {
		s.alert(ctx, done)
		return done, err
	}
	if err := s.prune(); err != nil {
		s.log.WarnContext(ctx, "backup: removing old dumps", "dir", s.cfg.Dir, "err", err)
	}
	s.log.InfoContext(ctx, "backup made", "file", file, "bytes", size, "trigger", r.Trigger)
	return done, nil
}

// dump writes the database's dump (pg_dump --format=custom) for run r and returns its
// name in the directory and its size. It writes a hidden partial file, readable by its
// owner only, and renames it once complete, so the directory never shows a cut dump.
func (s *Service) dump(ctx context.Context, r Run) (string, int64, error) {
	if err := s.Check(); err != nil {
		return "", 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	name := fileName(r)
	final := filepath.Join(s.cfg.Dir, name)
	part := filepath.Join(s.cfg.Dir, "."+name+".part")
	f, err := os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", 0, err
	}
	defer os.Remove(part) // gone once renamed; else the partial dump is removed
	dbname, env := connection(s.cfg.DatabaseURL)
	cmd := exec.CommandContext(ctx, "pg_dump", "--format=custom", "--dbname="+dbname)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = f
	stderr := &tail{max: 2048}
	cmd.Stderr = stderr
	err = cmd.Run()
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", 0, fmt.Errorf("pg_dump: %w: %s", err, msg)
		}
		return "", 0, fmt.Errorf("pg_dump: %w", err)
	}
	if err := os.Rename(part, final); err != nil {
		return "", 0, err
	}
	st, err := os.Stat(final)
	if err != nil {
		return "", 0, err
	}
	return name, st.Size(), nil
}

// fileName is the dump's name: its start in UTC first, so that names sort by time, and
// the start of the run's id.
func fileName(r Run) string {
	return filePrefix + r.StartedAt.UTC().Format("20060102T150405.000Z") + "-" + r.ID[:8] + fileSuffix
}

const (
	filePrefix = "dota-"
	fileSuffix = ".dump"
)

// prune removes the oldest dumps of the directory past the last Keep. Only files named as
// this package names them are touched.
func (s *Service) prune() error {
	entries, err := os.ReadDir(s.cfg.Dir)
	if err != nil {
		return err
	}
	var dumps []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, filePrefix) && strings.HasSuffix(n, fileSuffix) {
			dumps = append(dumps, n)
		}
	}
	slices.Sort(dumps)
	var errs []error
	for len(dumps) > s.cfg.Keep {
		errs = append(errs, os.Remove(filepath.Join(s.cfg.Dir, dumps[0])))
		dumps = dumps[1:]
	}
	return errors.Join(errs...)
}

// connection is the database URL pg_dump and pg_restore are given, and their environment:
// a URL's password goes in PGPASSWORD, so that no process listing shows it.
func connection(dbURL string) (string, []string) {
	u, err := url.Parse(dbURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.User == nil {
		return dbURL, nil
	}
	pw, ok := u.User.Password()
	if !ok {
		return dbURL, nil
	}
	u.User = url.User(u.User.Username())
	return u.String(), []string{"PGPASSWORD=" + pw}
}

// tail keeps the last max bytes written to it: the end of a tool's error output.
type tail struct {
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string { return string(t.b) }

// publish tells the console's streams of the run, best effort.
func (s *Service) publish(ctx context.Context, r Run) {
	if s.pub == nil {
		return
	}
	data, err := json.Marshal(r)
	if err != nil {
		return
	}
	s.pub.Publish(ctx, booking.Event{Kind: EventUpdated, Data: data})
}

// alert raises the alert of a failed run; it is logged in any case.
func (s *Service) alert(ctx context.Context, r Run) {
	s.log.ErrorContext(ctx, "backup failed", "run", r.ID, "trigger", r.Trigger, "err", r.Error)
	if s.alerter == nil {
		return
	}
	if err := s.alerter.BackupFailed(context.WithoutCancel(ctx), r); err != nil {
		s.log.ErrorContext(ctx, "backup failed: the alert was not raised", "run", r.ID, "err", err)
	}
}
