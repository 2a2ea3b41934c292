package booking

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// ClientOutcomes is what happened at a client's past meetings: the count of each outcome
// (and of those still without one), and each past appointment, newest first.
type ClientOutcomes struct {
	ClientID string         `json:"client_id"`
	Counts   map[string]int `json:"counts"`
	// NoShowBadge is set from NoShowBadgeAt no-shows on: staff see it on the client's
	// appointments.
	NoShowBadge  bool                `json:"no_show_badge"`
	Appointments []ClientPastMeeting `json:"appointments"`
}

// ClientPastMeeting is one past appointment of a client with its outcome ("" when none
// is recorded).
type ClientPastMeeting struct {
	ID        string  `json:"id" db:"id"`
	Service   string  `json:"service" db:"service"`
	Date      string  `json:"date" db:"date"`
	Time      string  `json:"time" db:"time"`
	Status    string  `json:"status" db:"status"`
	Outcome   string  `json:"outcome" db:"outcome"`
	OutcomeBy *string `json:"outcome_by" db:"outcome_by"`
}

// clientPastMeetingsMax bounds the past appointments a client's record lists.
const clientPastMeetingsMax = 100

// ClientOutcomes returns the outcomes of a client's past appointments; ErrNotFound when
// there is no such client.
func (s *Core) ClientOutcomes(ctx context.Context, clientID string) (ClientOutcomes, error) {
	if !IsUUID(clientID) {
		return ClientOutcomes{}, ErrNotFound
	}
	var exists bool
	if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM clients WHERE id = $1)`, clientID).Scan(&exists); err != nil {
		return ClientOutcomes{}, err
	}
	if !exists {
		return ClientOutcomes{}, ErrNotFound
	}
	rows, err := s.db.Query(ctx, `SELECT a.id::text AS id, coalesce(a.service, '') AS service,
			to_char(a.date, 'YYYY-MM-DD') AS date, coalesce(a.time, '') AS time, a.status,
			coalesce(a.outcome, '') AS outcome, a.outcome_by
		FROM appointments a WHERE a.client_id = $1 AND a.starts_at <= $2
		ORDER BY a.starts_at DESC, a.id LIMIT $3`, clientID, s.now(), clientPastMeetingsMax)
	if err != nil {
		return ClientOutcomes{}, err
	}
	past, err := pgx.CollectRows(rows, pgx.RowToStructByName[ClientPastMeeting])
	if err != nil {
		return ClientOutcomes{}, err
	}
	out := ClientOutcomes{ClientID: clientID, Counts: map[string]int{OutcomeMissing: 0}, Appointments: past}
	for _, o := range Outcomes {
		out.Counts[o] = 0
	}
	rows, err = s.db.Query(ctx, `SELECT coalesce(outcome, 'missing'), count(*)::int FROM appointments
		WHERE client_id = $1 AND starts_at <= $2 AND (outcome IS NOT NULL OR status <> 'cancelled')
		GROUP BY 1`, clientID, s.now())
	if err != nil {
		return out, err
	}
	var (
		outcome string
		n       int
	)
	_, err = pgx.ForEachRow(rows, []any{&outcome, &n}, func() error {
		out.Counts[outcome] = n
		return nil
	})
	out.NoShowBadge = out.Counts[OutcomeNoShow] >= NoShowBadgeAt
	return out, err
}
