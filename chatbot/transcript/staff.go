package transcript

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// Who holds a conversation, as staff take, answer in and hand back conversations. Each
// change runs in the transaction the chat engine opens (InTx) under the conversation's
// lock, and reports whether it applied; Holder then explains a refusal.

// InTx runs fn in a transaction of the transcript's database.
func (st *Store) InTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, st.db, fn)
}

// SessionOf returns the session of a conversation; booking.ErrNotFound when there is none.
func (st *Store) SessionOf(ctx context.Context, conversationID string) (string, error) {
	var sessionID string
	err := st.db.QueryRow(ctx, `SELECT session_id FROM chat_conversations WHERE id = $1`, conversationID).Scan(&sessionID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", booking.ErrNotFound
	}
	return sessionID, err
}

// Claim gives the conversation to a staff member unless another holds it (or whoever
// holds it, with takeOver), and returns the name of the staff member it was taken from;
// ok is false when another holds it.
func (st *Store) Claim(ctx context.Context, tx pgx.Tx, conversationID, agentID, agentName string, takeOver bool) (from string, ok bool, err error) {
	err = tx.QueryRow(ctx, `UPDATE chat_conversations c SET state = 'staff', agent_id = @agent, agent_name = @name,
			handoff_at = CASE WHEN c.state = 'bot' THEN now() ELSE c.handoff_at END,
			handoff_reason = CASE WHEN c.state = 'bot' THEN 'staff' ELSE c.handoff_reason END,
			claimed_at = CASE WHEN c.state = 'staff' THEN c.claimed_at ELSE now() END,
			staff_active_at = @now, updated_at = now()
		FROM (SELECT id, agent_id, agent_name FROM chat_conversations WHERE id = @id FOR UPDATE) before
		WHERE c.id = before.id AND (c.agent_id IS NULL OR c.agent_id = @agent OR @takeOver)
		RETURNING CASE WHEN before.agent_id <> @agent THEN coalesce(before.agent_name, '') ELSE '' END`,
		pgx.NamedArgs{"id": conversationID, "agent": agentID, "name": agentName, "now": st.now(), "takeOver": takeOver}).Scan(&from)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	return from, err == nil, err
}

// Active notes the holder's word in the conversation, which keeps it theirs for
// staff_idle_release_minutes more; false when they do not hold it.
func (st *Store) Active(ctx context.Context, tx pgx.Tx, conversationID, agentID string) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE chat_conversations SET staff_active_at = @now
		WHERE id = @id AND agent_id = @agent`, pgx.NamedArgs{"id": conversationID, "agent": agentID, "now": st.now()})
	return err == nil && tag.RowsAffected() > 0, err
}

// Release hands the conversation back to Dota when nobody holds it, or the staff member
// does, or with force; false when it did not.
func (st *Store) Release(ctx context.Context, tx pgx.Tx, conversationID, agentID string, force bool) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE chat_conversations SET state = 'bot', agent_id = NULL, agent_name = NULL,
			updated_at = now()
		WHERE id = $1 AND (agent_id IS NULL OR agent_id = $2 OR $3)`, conversationID, agentID, force)
	return err == nil && tag.RowsAffected() > 0, err
}

// GiveBack hands the conversation back to Dota when the staff member still holds it and,
// when silentSince is given, has been silent in it since then; false when it did not.
func (st *Store) GiveBack(ctx context.Context, tx pgx.Tx, conversationID, agentID string, silentSince *time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `UPDATE chat_conversations SET state = 'bot', agent_id = NULL, agent_name = NULL,
			updated_at = now()
		WHERE id = @id AND state = 'staff' AND agent_id = @agent
			AND (@silentSince::timestamptz IS NULL OR staff_active_at < @silentSince)`,
		pgx.NamedArgs{"id": conversationID, "agent": agentID, "silentSince": silentSince})
	return err == nil && tag.RowsAffected() == 1, err
}

// Holder returns the name of the staff member holding the conversation, "" for nobody;
// booking.ErrNotFound when there is no such conversation.
func (st *Store) Holder(ctx context.Context, tx pgx.Tx, conversationID string) (string, error) {
	var name *string
	err := tx.QueryRow(ctx, `SELECT agent_name FROM chat_conversations WHERE id = $1`, conversationID).Scan(&name)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", booking.ErrNotFound
	}
	if err != nil || name == nil {
		return "", err
	}
	return *name, nil
}

// LinkAppointment records that staff booked an appointment for the conversation's visitor.
func (st *Store) LinkAppointment(ctx context.Context, conversationID, appointmentID string) error {
	_, err := st.db.Exec(ctx, `INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
		VALUES ($1, $2) ON CONFLICT DO NOTHING`, conversationID, appointmentID)
	return err
}

// IdleHeld returns the conversations whose holder has not written in them since cutoff,
// the longest silent first, at most limit of them, with their holders.
func (st *Store) IdleHeld(ctx context.Context, cutoff time.Time, limit int) (ids, agents []string, err error) {
	rows, err := st.db.Query(ctx, `SELECT id::text, agent_id::text FROM chat_conversations
		WHERE state = 'staff' AND staff_active_at < @cutoff ORDER BY staff_active_at LIMIT @batch`,
		pgx.NamedArgs{"cutoff": cutoff, "batch": limit})
	if err != nil {
		return nil, nil, err
	}
	var id, agent string
	_, err = pgx.ForEachRow(rows, []any{&id, &agent}, func() error {
		ids, agents = append(ids, id), append(agents, agent)
		return nil
	})
	return ids, agents, err
}

// HeldBy returns the conversations a staff member holds.
func (st *Store) HeldBy(ctx context.Context, agentID string) ([]string, error) {
	rows, err := st.db.Query(ctx, `SELECT id::text FROM chat_conversations WHERE agent_id = @agent`,
		pgx.NamedArgs{"agent": agentID})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// MedianWait is the median time staff took to take a conversation a visitor handed off
// over the last 30 days; nil when none was taken.
func (st *Store) MedianWait(ctx context.Context) (*time.Duration, error) {
	var secs *float64
	err := st.db.QueryRow(ctx, `SELECT extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY claimed_at - handoff_at))
		FROM chat_conversations WHERE claimed_at IS NOT NULL AND handoff_at > now() - interval '30 days'
			AND handoff_reason IN ('asked', 'failures')`).Scan(&secs)
	if err != nil || secs == nil {
		return nil, err
	}
	d := time.Duration(*secs * float64(time.Second))
	return &d, nil
}
