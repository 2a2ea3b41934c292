package alerts

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/privacy"
)

// PersonalPart is the alerts' share of personal-data requests about a client (privacy):
// an alert about the person — one of their appointments, a message to their address, a
// conversation under their name — keeps the words it was sent with (name, service, the
// visitor's last words, the address) in its arguments. They are exported, and erased
// with the person's data; the ledger keeps the alert itself, with no one's name in it.
func (s *Service) PersonalPart() privacy.Part {
	return privacy.Part{
		Name: "staff_alerts",
		Export: func(ctx context.Context, p privacy.Person) (any, error) {
			rows, err := s.db.Query(ctx, `SELECT id, event, created_at, args FROM alerts WHERE `+aboutPerson+`
				ORDER BY created_at, id`, personArgs(p))
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ExportedAlert, error) {
				var a ExportedAlert
				return a, r.Scan(&a.ID, &a.Event, &a.CreatedAt, &a.Args)
			})
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p privacy.Person) (int, func(context.Context), error) {
			tag, err := tx.Exec(ctx, `UPDATE alerts SET args = jsonb_build_object('tag', coalesce(args->>'tag', ''),
					'stage', coalesce(args->>'stage', ''), 'erased', 'true'), updated_at = now()
				WHERE `+aboutPerson, personArgs(p))
			return int(tag.RowsAffected()), nil, err
		},
	}
}

// ExportedAlert is an alert as a person's export shows it.
type ExportedAlert struct {
	ID        string            `json:"id"`
	Event     string            `json:"event"`
	CreatedAt time.Time         `json:"created_at"`
	Args      map[string]string `json:"words"`
}

// aboutPerson selects the alerts about the person of personArgs.
const aboutPerson = `(url = ANY(@urls::text[]) OR lower(args->>'recipient') = ANY(@emails::text[])
	OR (@name <> '' AND lower(args->>'name') = lower(@name)))`

func personArgs(p privacy.Person) pgx.NamedArgs {
	urls := make([]string, len(p.AppointmentIDs))
	for i, id := range p.AppointmentIDs {
		urls[i] = appointmentURL(id)
	}
	emails := p.Emails
	if emails == nil {
		emails = []string{}
	}
	return pgx.NamedArgs{"urls": urls, "emails": emails, "name": p.Name}
}

// appointmentURL is the console page of an appointment.
func appointmentURL(id string) string { return "/admin/appointments?open=" + id }
