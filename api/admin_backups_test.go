package api_test

import (
	"context"
	"net"
	"net/url"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/dota-agency/dota/api"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/migrations/testdb"
)

// packageDatabaseURL is the URL of the package's test database.
func packageDatabaseURL(t *testing.T) string {
	t.Helper()
	cfg := pool.Config().ConnConfig
	u := url.URL{Scheme: "postgres", User: url.UserPassword(cfg.User, cfg.Password),
		Host: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), Path: "/" + cfg.Database, RawQuery: "sslmode=disable"}
	return u.String()
}

// Where no backup can be made, the page says why, "back up now" is refused and so is
// auto_backup, with the reason under the field.
func TestBackupsRefusedWithTheReason(t *testing.T) {
	srv := newConsoleServer(t)
	adm := signIn(t, srv.URL, "admin")
	r := adm.do("GET", "/api/admin/backups?lang=en", nil)
	if r.Status != 200 || r.Body["available"] != false || !strings.Contains(r.Body["reason"].(string), "DOTA_BACKUP_DIR") {
		t.Fatalf("GET: %d %s", r.Status, r.Raw)
	}
	if r := adm.do("POST", "/api/admin/backups?lang=fr", nil); r.Status != 422 || errorCode(r) != "backup_unavailable" ||
		!strings.Contains(string(r.Raw), "dossier") {
		t.Fatalf("POST: %d %s", r.Status, r.Raw)
	}
	st := adm.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)
	if st["auto_backup"] != false {
		t.Fatalf("auto_backup starts off: %v", st["auto_backup"])
	}
	st["auto_backup"] = true
	r = adm.do("PUT", "/api/admin/settings?lang=en", st)
	fields, _ := r.Body["error"].(map[string]any)["fields"].(map[string]any)
	if r.Status != 422 || errorCode(r) != "backup_unavailable" || !strings.Contains(fields["auto_backup"].(string), "DOTA_BACKUP_DIR") {
		t.Fatalf("PUT auto_backup on: %d %s", r.Status, r.Raw)
	}
	if got := adm.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)["auto_backup"]; got != false {
		t.Fatalf("auto_backup stored although refused: %v", got)
	}
	for _, gone := range []string{"sms_notifications", "allow_registration"} {
		if _, ok := st[gone]; ok {
			t.Errorf("settings still hold %s", gone)
		}
	}
	mod := signIn(t, srv.URL, "moderator")
	if r := mod.do("POST", "/api/admin/backups", nil); r.Status != 403 {
		t.Fatalf("a moderator backs up: %d %s", r.Status, r.Raw)
	}
}

// Where backups can be made: "back up now" records a running run at once, a second is a
// conflict, the list shows it, and auto_backup may be turned on.
func TestBackUpNow(t *testing.T) {
	if _, err := exec.LookPath("pg_dump"); err != nil {
		t.Fatalf("pg_dump is not installed (package postgresql-client): %v", err)
	}
	ctx := context.Background()
	t.Cleanup(func() {
		_, _ = pool.Exec(ctx, `DELETE FROM backup_runs; UPDATE settings SET auto_backup = false`)
	})
	svc := backup.New(pool, backup.Config{Dir: t.TempDir(), DatabaseURL: packageDatabaseURL(t)})
	rdb, prefix := testdb.Redis(t)
	// The River client knows the backup's workers, as the binary's does; it is not
	// started, so the run stays running.
	jobs := booking.New(pool, booking.WithJobs(booking.JobsConfig{AddWorkers: []func(*river.Workers) error{svc.AddWorkers}}))
	svc.Attach(jobs, jobs.Jobs())
	srv := newConsoleServerOn(t, prefix, rdb, func(d *api.Deps) { d.Backups = svc })
	adm := signIn(t, srv.URL, "admin")
	r := adm.do("POST", "/api/admin/backups?lang=en", nil)
	run, _ := r.Body["run"].(map[string]any)
	if r.Status != 202 || run["state"] != "running" || run["trigger"] != "manual" || r.Body["message"] == "" {
		t.Fatalf("POST: %d %s", r.Status, r.Raw)
	}
	if r := adm.do("POST", "/api/admin/backups?lang=en", nil); r.Status != 409 || errorCode(r) != "conflict" {
		t.Fatalf("a second run at once: %d %s", r.Status, r.Raw)
	}
	r = adm.do("GET", "/api/admin/backups", nil)
	runs, _ := r.Body["runs"].([]any)
	if r.Status != 200 || r.Body["available"] != true || r.Body["reason"] != "" || len(runs) != 1 ||
		runs[0].(map[string]any)["id"] != run["id"] || r.Body["keep"] != float64(backup.DefaultKeep) {
		t.Fatalf("GET: %d %s", r.Status, r.Raw)
	}
	st := adm.do("GET", "/api/admin/settings", nil).Body["settings"].(map[string]any)
	st["auto_backup"], st["backup_frequency"] = true, "weekly"
	if r := adm.do("PUT", "/api/admin/settings", st); r.Status != 200 {
		t.Fatalf("PUT auto_backup on: %d %s", r.Status, r.Raw)
	}
}
