package chatbot

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// persist stores a turn's messages in PostgreSQL, creating the conversation on its first
// turn and linking it to the appointment it produced: chat_conversations names the latest
// one, and chat_conversation_appointments keeps every one, so that each booking of a
// conversation keeps its transcript (an appointment deleted since is not linked). The
// transcript is for staff; a failure to store it is logged and counted, and the visitor's
// conversation goes on.
//
// Its transaction commits without waiting for the write-ahead log to reach the disk
// (synchronous_commit off, for this transaction only): a turn no longer waits for an
// fsync, and a crash of PostgreSQL loses at most the last fraction of a second of
// transcript, never corrupts it. Bookings keep their synchronous commit.
func (e *Engine) persist(ctx context.Context, s *session, msgs []Message) {
	if e.db == nil || len(msgs) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), e.cfg.DBTimeout)
	defer cancel()
	senders := make([]string, len(msgs))
	texts := make([]string, len(msgs))
	sources := make([]string, len(msgs))
	steps := make([]string, len(msgs))
	times := make([]time.Time, len(msgs))
	for i, m := range msgs {
		senders[i], texts[i], sources[i], steps[i], times[i] = m.Sender, m.Text, m.Source, m.Step, m.Timestamp
	}
	var appointment *string
	if s.AppointmentID != "" {
		appointment = &s.AppointmentID
	}
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue("SET LOCAL synchronous_commit TO OFF")
	b.Queue(`
		WITH c AS (
			INSERT INTO chat_conversations AS cc (session_id, language, last_step, appointment_id, started_at, updated_at)
			VALUES ($1, $2, $3, $4::uuid, $5, $5)
			ON CONFLICT (session_id) DO UPDATE SET language = EXCLUDED.language, last_step = EXCLUDED.last_step,
				appointment_id = coalesce(EXCLUDED.appointment_id, cc.appointment_id), updated_at = now()
			RETURNING id),
		booked AS (
			INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
			SELECT c.id, $4::uuid FROM c WHERE $4::uuid IS NOT NULL
			ON CONFLICT DO NOTHING)
		INSERT INTO chat_messages (conversation_id, sender, text, source, step, created_at)
		SELECT c.id, m.sender, m.text, nullif(m.source, ''), nullif(m.step, ''), m.at
		FROM c, unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[]) AS m(sender, text, source, step, at)`,
		s.ID, s.Lang, s.Step, appointment, s.StartedAt, senders, texts, sources, steps, times)
	b.Queue("COMMIT")
	// A failed batch leaves its connection inside the transaction; the pool closes such a
	// connection on release instead of reusing it.
	if err := e.db.SendBatch(ctx, b).Close(); err != nil {
		transcriptErrors.Add(float64(len(msgs)))
		e.log.WarnContext(ctx, "chat transcript: storing messages failed", "err", err)
	}
}

// TranscriptMessage is one line of a chat conversation.
type TranscriptMessage struct {
	Sender    string    `json:"sender"`
	Text      string    `json:"text"`
	Source    string    `json:"source"`
	Step      string    `json:"step"`
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
	rows, err := e.db.Query(ctx, `SELECT sender, text, coalesce(source, ''), coalesce(step, ''), created_at
		FROM chat_messages WHERE conversation_id = $1 ORDER BY id`, convID)
	if err != nil {
		return t, err
	}
	t.Messages, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (TranscriptMessage, error) {
		var m TranscriptMessage
		err := row.Scan(&m.Sender, &m.Text, &m.Source, &m.Step, &m.CreatedAt)
		return m, err
	})
	return t, err
}
