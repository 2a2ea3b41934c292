package console

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dota-agency/dota/booking"
)

// Note is a staff note on an appointment.
type Note struct {
	ID            string    `json:"id"`
	AppointmentID string    `json:"appointment_id"`
	AuthorName    string    `json:"author_name"`
	AuthorRole    string    `json:"author_role"`
	Note          string    `json:"note"`
	CreatedAt     time.Time `json:"created_at"`
}

// AppointmentDetail is an appointment with its notes and status history, newest first.
type AppointmentDetail struct {
	booking.Appointment
	Notes   []Note                 `json:"notes"`
	History []booking.HistoryEntry `json:"history"`
}

const noteColumns = `id, appointment_id, author_name, author_role, note, created_at`

func scanNote(row pgx.CollectableRow) (Note, error) {
	var n Note
	err := row.Scan(&n.ID, &n.AppointmentID, &n.AuthorName, &n.AuthorRole, &n.Note, &n.CreatedAt)
	return n, err
}

// AppointmentDetail returns an appointment with its notes and history.
func (c *Console) AppointmentDetail(ctx context.Context, id string) (AppointmentDetail, error) {
	a, err := c.reader.Appointment(ctx, id)
	if err != nil {
		return AppointmentDetail{}, err
	}
	d := AppointmentDetail{Appointment: a}
	if d.Notes, err = c.notes(ctx, id); err != nil {
		return d, err
	}
	d.History, err = c.reader.History(ctx, id)
	return d, err
}

// Notes lists an appointment's notes, newest first.
func (c *Console) Notes(ctx context.Context, appointmentID string) ([]Note, error) {
	if _, err := c.reader.Appointment(ctx, appointmentID); err != nil {
		return nil, err
	}
	return c.notes(ctx, appointmentID)
}

func (c *Console) notes(ctx context.Context, id string) ([]Note, error) {
	rows, err := c.db.Query(ctx, `SELECT `+noteColumns+` FROM appointment_notes
		WHERE appointment_id = $1 ORDER BY created_at DESC, id`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanNote)
}

// AddNote stores a trimmed, non-empty note by the user on an appointment.
func (c *Console) AddNote(ctx context.Context, by User, appointmentID, text string) (Note, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return Note{}, invalid("note", "note_required")
	}
	if len([]rune(text)) > booking.MessageMaxLen {
		return Note{}, invalid("note", "too_long")
	}
	if _, err := c.reader.Appointment(ctx, appointmentID); err != nil {
		return Note{}, err
	}
	rows, err := c.db.Query(ctx, `INSERT INTO appointment_notes (appointment_id, author_name, author_role, note)
		VALUES ($1, $2, $3, $4) RETURNING `+noteColumns, appointmentID, by.Email, by.Role, text)
	if err != nil {
		return Note{}, err
	}
	n, err := pgx.CollectExactlyOneRow(rows, scanNote)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" { // the appointment was deleted meanwhile
		return n, booking.ErrNotFound
	}
	return n, err
}

// DeleteNote removes a note.
func (c *Console) DeleteNote(ctx context.Context, id string) error {
	if !booking.IsUUID(id) {
		return booking.ErrNotFound
	}
	tag, err := c.db.Exec(ctx, `DELETE FROM appointment_notes WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return booking.ErrNotFound
	}
	return err
}
