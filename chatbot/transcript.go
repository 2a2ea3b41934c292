package chatbot

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// persist stores a turn's messages in PostgreSQL, creating the conversation on its first
// turn (and noting its id in the session) and linking it to the appointment it produced:
// chat_conversations names the latest one, and chat_conversation_appointments keeps
// every one, so that each booking of a conversation keeps its transcript (an appointment
// deleted since is not linked). The row also keeps what Dota collected and, when the
// turn changed it, the hand-off state. The transcript is for staff; a failure to store
// it is logged and counted, and the visitor's conversation goes on.
//
// Its transaction commits without waiting for the write-ahead log to reach the disk
// (synchronous_commit off, for this transaction only): a turn no longer waits for an
// fsync, and a crash of PostgreSQL loses at most the last fraction of a second of
// transcript, never corrupts it. Bookings keep their synchronous commit.
func (e *Engine) persist(ctx context.Context, s *session, msgs []Message, change *stateChange) {
	if e.db == nil || (len(msgs) == 0 && change == nil) {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.DBTimeout)
	defer cancel()
	n := len(msgs)
	senders, texts, sources, steps, authors := make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n)
	times, unanswered := make([]time.Time, n), make([]bool, n)
	for i, m := range msgs {
		senders[i], texts[i], sources[i], steps[i], times[i] = m.Sender, m.Text, m.Source, m.Step, m.Timestamp
		authors[i], unanswered[i] = m.Author, m.Unanswered
	}
	var appointment, state, reason *string
	if s.AppointmentID != "" {
		appointment = &s.AppointmentID
	}
	if change != nil {
		state, reason = &change.State, &change.Reason
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue("SET LOCAL synchronous_commit TO OFF")
	var id string
	b.Queue(`
		WITH c AS (
			INSERT INTO chat_conversations AS cc (session_id, language, last_step, appointment_id, started_at, updated_at,
				collected, state, handoff_reason, handoff_at)
			VALUES ($1, $2, $3, $4::uuid, $5, $5, $6, coalesce($7, 'bot'), nullif($8, ''), CASE WHEN $7 = 'waiting' THEN now() END)
			ON CONFLICT (session_id) DO UPDATE SET language = EXCLUDED.language, last_step = EXCLUDED.last_step,
				appointment_id = coalesce(EXCLUDED.appointment_id, cc.appointment_id), updated_at = now(),
				collected = EXCLUDED.collected, state = coalesce($7, cc.state),
				handoff_reason = CASE WHEN $7 = 'waiting' THEN $8 ELSE cc.handoff_reason END,
				handoff_at = CASE WHEN $7 = 'waiting' THEN now() ELSE cc.handoff_at END,
				claimed_at = CASE WHEN $7 = 'waiting' THEN NULL ELSE cc.claimed_at END,
				agent_id = CASE WHEN $7 IS NULL THEN cc.agent_id END,
				agent_name = CASE WHEN $7 IS NULL THEN cc.agent_name END
			RETURNING id),
		booked AS (
			INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
			SELECT c.id, $4::uuid FROM c WHERE $4::uuid IS NOT NULL
			ON CONFLICT DO NOTHING),
		added AS (
			INSERT INTO chat_messages (conversation_id, sender, text, source, step, created_at, author, unanswered)
			SELECT c.id, m.sender, m.text, nullif(m.source, ''), nullif(m.step, ''), m.at, nullif(m.author, ''), m.unanswered
			FROM c, unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::text[], $15::bool[])
				AS m(sender, text, source, step, at, author, unanswered))
		SELECT id FROM c`,
		s.ID, s.Lang, s.Step, appointment, s.StartedAt, s.Collected, state, reason,
		senders, texts, sources, steps, times, authors, unanswered).QueryRow(func(row pgx.Row) error {
		return row.Scan(&id)
	})
	b.Queue("COMMIT")
	// A failed batch leaves its connection inside the transaction; the pool closes such a
	// connection on release instead of reusing it.
	if err := e.db.SendBatch(ctx, b).Close(); err != nil {
		transcriptErrors.Add(float64(len(msgs)))
		e.log.WarnContext(ctx, "chat transcript: storing messages failed", "err", err)
		return
	}
	s.ConversationID = id
}

// TranscriptMessage is one line of a chat conversation.
type TranscriptMessage struct {
	Sender    string    `json:"sender"`
	Text      string    `json:"text"`
	Source    string    `json:"source"`
	Step      string    `json:"step"`
	Author    string    `json:"author,omitempty"` // a staff member's first name
	CreatedAt time.Time `json:"created_at"`
}

// Transcript is the chat conversation behind a chat booking.
type Transcript struct {
	AppointmentID string              `json:"appointment_id"`
	Found         bool                `json:"found"`
	Language      string              `json:"language,omitempty"`
	LastStep      string              `json:"last_step,omitempty"`
	StartedAt     *time.Time          `json:"started_at,omitempty"`
	Messages      []TranscriptMessage `json:"messages"`
}

// Transcript returns the conversation that booked an appointment, whichever of the
// conversation's bookings it was (chat_conversation_appointments links each; the
// conversation's own appointment_id names its latest); Found is false when the
// appointment did not come from the chat or transcripts are not kept. The caller checks
// that the appointment exists and that its reader may see it.
func (e *Engine) Transcript(ctx context.Context, appointmentID string) (Transcript, error) {
	t := Transcript{AppointmentID: appointmentID, Messages: []TranscriptMessage{}}
	if e.db == nil {
		return t, nil
	}
	var convID string
	var started time.Time
	err := e.db.QueryRow(ctx, `SELECT id, language, last_step, started_at FROM chat_conversations
		WHERE id IN (SELECT conversation_id FROM chat_conversation_appointments WHERE appointment_id = $1
			UNION SELECT id FROM chat_conversations WHERE appointment_id = $1)
		ORDER BY started_at DESC LIMIT 1`, appointmentID).Scan(&convID, &t.Language, &t.LastStep, &started)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return t, err
	}
	t.Found, t.StartedAt = true, &started
	t.Messages, err = e.messagesOf(ctx, convID)
	return t, err
}
