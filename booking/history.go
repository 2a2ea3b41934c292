package booking

import (
	"context"
	"maps"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/i18n"
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
	// Code and Args are the note as a text code and its arguments, rendered into Notes in
	// the reader's language by Localize; a row written before codes has its sentence only.
	Code string            `json:"code,omitempty"`
	Args map[string]string `json:"args,omitempty"`
}

// Localize writes the entry's note in lang, when it has a code.
func (h *HistoryEntry) Localize(lang string) {
	if h.Code == "" {
		return
	}
	args := h.Args
	for _, k := range []string{"from", "to"} {
		if v, ok := args[k]; ok && v == "" {
			args = maps.Clone(args)
			args[k] = Text(lang, "history_no_slot")
		}
	}
	h.Notes = Text(lang, h.Code, pairs(args)...)
}

// History lists an appointment's status changes, newest first.
func (s *Core) History(ctx context.Context, appointmentID string) ([]HistoryEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT id, appointment_id, coalesce(previous_status, ''), new_status, changed_by,
		coalesce(notes, ''), changed_at, coalesce(code, ''), args FROM status_history
		WHERE appointment_id = $1 ORDER BY changed_at DESC, id`,
		appointmentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (HistoryEntry, error) {
		var h HistoryEntry
		err := row.Scan(&h.ID, &h.AppointmentID, &h.PreviousStatus, &h.NewStatus, &h.ChangedBy, &h.Notes, &h.ChangedAt,
			&h.Code, &h.Args)
		h.Localize(i18n.Default)
		return h, err
	})
}
