package console

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// Personal-data requests about a client: the booking core runs them, and the console's
// notes on the person's appointments take part (booking/personal.go).

// personalData is what the console needs of the booking core for them.
type personalData interface {
	ExportPerson(ctx context.Context, clientID string) (booking.PersonalExport, error)
	ErasePerson(ctx context.Context, clientID string, req booking.EraseRequest) (booking.Erased, error)
}

// ExportClient gathers everything held on a client, staff notes included.
func (c *Console) ExportClient(ctx context.Context, id string) (booking.PersonalExport, error) {
	return c.personal.ExportPerson(ctx, id)
}

// EraseClient erases a client's personal data for an administrator (by), notes included.
func (c *Console) EraseClient(ctx context.Context, by User, id string, req booking.EraseRequest) (booking.Erased, error) {
	req.By = by.Email
	return c.personal.ErasePerson(ctx, id, req)
}

// notesPart is the console's share of a request: the notes staff wrote on the person's
// appointments are exported, and deleted with the person's data.
func (c *Console) notesPart() booking.PersonalPart {
	return booking.PersonalPart{
		Name: "notes",
		Export: func(ctx context.Context, p booking.Person) (any, error) {
			rows, err := c.db.Query(ctx, `SELECT `+noteColumns+` FROM appointment_notes
				WHERE appointment_id = ANY($1::uuid[]) ORDER BY created_at, id`, p.AppointmentIDs)
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, scanNote)
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p booking.Person) (int, func(context.Context), error) {
			tag, err := tx.Exec(ctx, `DELETE FROM appointment_notes WHERE appointment_id = ANY($1::uuid[])`, p.AppointmentIDs)
			return int(tag.RowsAffected()), nil, err
		},
	}
}
