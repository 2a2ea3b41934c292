package console

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// Personal-data requests about a client are the booking core's (booking/personal.go);
// the console's notes on the person's appointments take part.

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
