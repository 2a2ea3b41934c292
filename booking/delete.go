package booking

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// MaxBulk bounds how many rows one bulk action may touch.
const MaxBulk = 500

// CheckIDs validates the ids of a bulk action: some (else emptyCode), at most MaxBulk,
// each a UUID.
func CheckIDs(ids []string, emptyCode string) error {
	switch {
	case len(ids) == 0:
		return invalidField("ids", emptyCode)
	case len(ids) > MaxBulk:
		return invalidField("ids", "too_many_ids")
	}
	for _, id := range ids {
		if !IsUUID(id) {
			return invalidField("ids", "invalid_input")
		}
	}
	return nil
}

// DeleteAppointment removes one appointment as DeleteAppointments does; ErrNotFound when
// there is none with that id.
func (s *Core) DeleteAppointment(ctx context.Context, id string) error {
	if !IsUUID(id) {
		return ErrNotFound
	}
	deleted, err := s.DeleteAppointments(ctx, []string{id})
	if err == nil && len(deleted) == 0 {
		return ErrNotFound
	}
	return err
}

// DeleteAppointments removes the appointments, with their notes, history, messages and
// links, and returns the ids it removed. After the commit it publishes one live event per
// removed appointment; beyond eventRowsMax, as for a bulk change, one event names them all.
func (s *Core) DeleteAppointments(ctx context.Context, ids []string) ([]string, error) {
	if err := CheckIDs(ids, "select_appointments"); err != nil {
		return nil, err
	}
	var deleted []string
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM appointments WHERE id = ANY($1::uuid[])
			RETURNING id::text, coalesce(to_char(date, 'YYYY-MM-DD'), ''), coalesce(time, ''), status`, ids)
		if err != nil {
			return err
		}
		var freed []SlotRef
		var a Appointment
		deleted = nil
		if _, err := pgx.ForEachRow(rows, []any{&a.ID, &a.Date, &a.Time, &a.Status}, func() error {
			deleted = append(deleted, a.ID)
			freed = append(freed, freedSlots(a, Appointment{})...)
			return nil
		}); err != nil {
			return err
		}
		// The places they held go to the waitlist.
		return s.settleLater(ctx, tx, freed)
	})
	if err != nil {
		return nil, err
	}
	if len(deleted) > eventRowsMax {
		s.publish(ctx, Event{Kind: EventAppointmentDeleted, IDs: deleted})
		return deleted, nil
	}
	for _, id := range deleted {
		s.publish(ctx, Event{Kind: EventAppointmentDeleted, IDs: []string{id}})
	}
	return deleted, nil
}
