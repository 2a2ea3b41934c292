package alerts

import (
	"context"

	"github.com/dota-agency/dota/backup"
)

// BackupFailed tells staff that a backup run did not complete (backup.Alerter): the
// settings page lists the runs.
func (s *Service) BackupFailed(ctx context.Context, r backup.Run) error {
	return s.Raise(ctx, BackupFailed(r.ID, r.Error))
}
