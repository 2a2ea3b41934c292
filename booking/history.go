package booking

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// HistoryEntry is one change of an appointment's status, naming who made it: a member of
// staff by e-mail, or ActorCustomer, ActorDota, ActorSystem.
type HistoryEntry struct {
	ID             string    `json:"id"`
	AppointmentID  string    `json:"appointment_id"`
	PreviousStatus string    `json:"previous_status"`
	NewStatus      string    `json:"new_status"`
	ChangedBy      string    `json:"changed_by"`
	Notes          string    `json:"notes"`
	ChangedAt      time.Time `json:"changed_at"`
}

// History lists an appointment's status changes, newest first.
func (s *Core) History(ctx context.Context, appointmentID string) ([]HistoryEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT id, appointment_id, coalesce(previous_status, ''), new_status, changed_by,
		coalesce(notes, ''), changed_at FROM status_history WHERE appointment_id = $1 ORDER BY changed_at DESC, id`,
		appointmentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (HistoryEntry, error) {
		var h HistoryEntry
		err := row.Scan(&h.ID, &h.AppointmentID, &h.PreviousStatus, &h.NewStatus, &h.ChangedBy, &h.Notes, &h.ChangedAt)
		return h, err
	})
}
