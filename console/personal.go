package console

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/privacy"
)

// PersonalPart is the console's share of personal-data requests about a client
// (privacy): the notes staff wrote on the person's appointments are exported, and
// deleted with the person's data.
func (c *Console) PersonalPart() privacy.Part {
	return privacy.Part{
		Name: "notes",
		Export: func(ctx context.Context, p privacy.Person) (any, error) {
			rows, err := c.db.Query(ctx, `SELECT `+noteColumns+` FROM appointment_notes
				WHERE appointment_id = ANY($1::uuid[]) ORDER BY created_at, id`, p.AppointmentIDs)
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, scanNote)
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p privacy.Person) (int, func(context.Context), error) {
			tag, err := tx.Exec(ctx, `DELETE FROM appointment_notes WHERE appointment_id = ANY($1::uuid[])`, p.AppointmentIDs)
			return int(tag.RowsAffected()), nil, err
		},
	}
}
