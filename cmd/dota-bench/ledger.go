package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/dota-agency/dota/booking"
)

// What the mail and reminders rows read of River's jobs and of the delivery ledger.

// relSizes are the sizes, in bytes, of the tables the reminders fill, indexes included.
type relSizes struct {
	riverJob, riverJobIndexes, deliveries int64
}

func (e *env) relSizes(ctx context.Context) (relSizes, error) {
	var s relSizes
	err := e.db.QueryRow(ctx, `SELECT pg_total_relation_size('river_job'), pg_indexes_size('river_job'),
		pg_total_relation_size('deliveries')`).Scan(&s.riverJob, &s.riverJobIndexes, &s.deliveries)
	return s, err
}

// deliveryKinds maps the delivery ids of the messages to their kind in the ledger.
func (e *env) deliveryKinds(ctx context.Context, msgs []sunk) (map[string]string, error) {
	var ids []string
	for _, m := range msgs {
		if booking.IsUUID(m.deliveryID) {
			ids = append(ids, m.deliveryID)
		}
	}
	kinds := map[string]string{}
	rows, err := e.db.Query(ctx, `SELECT id::text, kind FROM deliveries WHERE id = ANY($1::uuid[])`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, kind string
		if err := rows.Scan(&id, &kind); err != nil {
			return nil, err
		}
		kinds[id] = kind
	}
	return kinds, rows.Err()
}

// ledgerStates says, for a reason, what the ledger recorded of the confirmations to addrs.
func (e *env) ledgerStates(ctx context.Context, addrs []string) string {
	rows, err := e.db.Query(ctx, `SELECT state || CASE WHEN reason = '' THEN '' ELSE ' (' || left(reason, 120) || ')' END, count(*)
		FROM deliveries WHERE kind = 'confirmation' AND recipient = ANY($1) GROUP BY 1 ORDER BY 2 DESC`, addrs)
	if err != nil {
		return ""
	}
	defer rows.Close()
	var parts []string
	for rows.Next() {
		var state string
		var c int
		if rows.Scan(&state, &c) == nil {
			parts = append(parts, fmt.Sprintf("%d %s", c, state))
		}
	}
	if len(parts) == 0 {
		return "; the ledger has no confirmation for them"
	}
	return "; the ledger has their confirmations as " + strings.Join(parts, ", ")
}

// dueJobs counts River's jobs that are due or being worked.
// cancelDeliveries cancels every message job not finished yet, with no dota process
// running, and returns how many it cancelled.
func (e *env) cancelDeliveries(ctx context.Context) (int64, error) {
	tag, err := e.db.Exec(ctx, `UPDATE river_job SET state = 'cancelled', finalized_at = now()
		WHERE kind = 'deliver' AND state IN ('available', 'running', 'retryable', 'pending', 'scheduled')`)
	return tag.RowsAffected(), err
}
