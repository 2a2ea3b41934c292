package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/console"
)

// backups is what the Settings page asks the backup service: the runs, a run now, and
// whether this server can make one at all.
type backups interface {
	Runs(ctx context.Context, limit int) ([]backup.Run, error)
	Start(ctx context.Context) (backup.Run, error)
	Check() error
	Keep() int
}

// backupRunsShown is how many runs the page lists.
const backupRunsShown = 50

func (a *admin) mountBackups(h route) {
	h("GET", "/backups", need(console.PageSettings, ""), a.backupRuns)
	h("POST", "/backups", need(console.PageSettings, console.ActSettingsUpdate), a.backUpNow)
}

func (a *admin) backupRuns(c *gin.Context) error {
	runs, err := a.backups.Runs(c, backupRunsShown)
	if err != nil {
		return err
	}
	reason := ""
	var un *backup.UnavailableError
	if err := a.backups.Check(); errors.As(err, &un) {
		reason = un.LocalizedMessage(langOf(c))
	} else if err != nil {
		return err
	}
	if runs == nil {
		runs = []backup.Run{}
	}
	c.JSON(http.StatusOK, gin.H{"runs": runs, "available": reason == "", "reason": reason, "keep": a.backups.Keep()})
	return nil
}

func (a *admin) backUpNow(c *gin.Context) error {
	r, err := a.backups.Start(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusAccepted, gin.H{"run": r, "message": console.Text(langOf(c), "backup_started")})
	return nil
}

// errAutoBackup marks the refusal of the settings' auto_backup, so that its reason is
// also the field's.
var errAutoBackup = errors.New("auto_backup")

// checkAutoBackup refuses auto_backup on where this server cannot make a backup.
func (a *admin) checkAutoBackup(on bool) error {
	if !on {
		return nil
	}
	if err := a.backups.Check(); err != nil {
		return errors.Join(errAutoBackup, err)
	}
	return nil
}

// describeBackup maps the backup service's refusals: 422 where no backup can be made
// (the reason, also under fields.auto_backup when the settings asked for them), 409
// while one is under way.
func describeBackup(err error, lang string) (int, body, bool) {
	var un *backup.UnavailableError
	switch {
	case errors.As(err, &un):
		b := body{Code: "backup_unavailable", Message: un.LocalizedMessage(lang)}
		if errors.Is(err, errAutoBackup) {
			b.Fields = map[string]string{"auto_backup": b.Message}
		}
		return http.StatusUnprocessableEntity, b, true
	case errors.Is(err, backup.ErrRunning):
		return http.StatusConflict, body{Code: "conflict", Message: backup.Text(lang, "backup_running")}, true
	}
	return 0, body{}, false
}
