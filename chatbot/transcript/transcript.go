package transcript

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// WriteTurns stores turns in one transaction, in order: each conversation is created on
// its first turn (with the id the chat gave it) and updated on the next ones, linked to the
// appointments it produced — chat_conversations names the latest one, and
// chat_conversation_appointments keeps every one, so each booking of a conversation keeps
// its transcript (an appointment deleted since is not linked) — and its messages are
// added. The row also keeps what Dota collected (with its number in E.164, by which a
// personal-data request finds the conversation) and, when a turn changed it, the hand-off
// state.
//
// The visitors' turns between two changes of a hand-off state are written by one
// statement (writeRun); a turn that changes the state, by one of its own (writeChange).
//
// Writing turns again is harmless: a message already stored (its number in the
// conversation, chat_messages.seq) is not added twice, and a conversation's row takes the
// state the turns leave it in. The commit is synchronous: the writer removes the turns
// from its stream once it returns, and they must not be lost after that.
func (st *Store) WriteTurns(ctx context.Context, turns []Turn) error {
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	var run turnRun
	for _, t := range turns {
		if t.Change == nil {
			run.add(t)
			continue
		}
		run.queue(b)
		run = turnRun{}
		queueChange(b, t)
	}
	run.queue(b)
	b.Queue("COMMIT")
	// A failed batch leaves its connection inside the transaction; the pool closes such a
	// connection on release instead of reusing it.
	return st.db.SendBatch(ctx, b).Close()
}

// turnRun gathers turns that change no hand-off state into the arguments of writeRun: one
// row per conversation (as its last turn left it) and every message, in order.
type turnRun struct {
	index                                                   map[string]int // a conversation's row, by session
	ids, sessions, langs, steps, appointments, collected    []string
	phones                                                  []string // what Dota collected's number in E.164, "" for none
	started                                                 []time.Time
	linkSessions, linkAppointments                          []string
	msgSessions, senders, texts, sources, msgSteps, authors []string
	times                                                   []time.Time
	unanswered                                              []bool
	seqs                                                    []int // each message's number in its conversation
}

func (r *turnRun) add(t Turn) {
	if r.index == nil {
		r.index = map[string]int{}
	}
	col, _ := json.Marshal(t.Collected)
	i, seen := r.index[t.Session]
	if !seen {
		i = len(r.ids)
		r.index[t.Session] = i
		r.ids, r.sessions, r.langs, r.steps = append(r.ids, t.Conversation), append(r.sessions, t.Session), append(r.langs, ""), append(r.steps, "")
		r.appointments, r.collected, r.started = append(r.appointments, ""), append(r.collected, ""), append(r.started, t.Started)
		r.phones = append(r.phones, "")
	}
	r.langs[i], r.steps[i], r.collected[i] = t.Lang, t.Step, string(col)
	r.phones[i], _ = booking.CanonicalPhone(t.Collected.Phone)
	if t.Appointment != "" {
		if t.Appointment != r.appointments[i] {
			r.linkSessions, r.linkAppointments = append(r.linkSessions, t.Session), append(r.linkAppointments, t.Appointment)
		}
		r.appointments[i] = t.Appointment
	}
	for _, m := range t.Messages {
		r.msgSessions, r.senders, r.texts, r.sources = append(r.msgSessions, t.Session), append(r.senders, m.Sender),
			append(r.texts, m.Text), append(r.sources, m.Source)
		r.msgSteps, r.times, r.authors, r.unanswered = append(r.msgSteps, m.Step), append(r.times, m.Timestamp),
			append(r.authors, m.Author), append(r.unanswered, m.Unanswered)
		r.seqs = append(r.seqs, m.seq())
	}
}

func (r *turnRun) queue(b *pgx.Batch) {
	if len(r.ids) == 0 {
		return
	}
	b.Queue(writeRun, r.ids, r.sessions, r.langs, r.steps, r.appointments, r.started, r.collected,
		r.linkSessions, r.linkAppointments,
		r.msgSessions, r.senders, r.texts, r.sources, r.msgSteps, r.times, r.authors, r.unanswered, r.phones, r.seqs)
}

// writeRun stores turns that change no hand-off state (see WriteTurns and turnRun).
const writeRun = `
	WITH c AS (
		INSERT INTO chat_conversations AS cc (id, session_id, language, last_step, appointment_id, started_at, updated_at,
			collected, phone_e164)
		SELECT t.id, t.session_id, t.language, t.last_step, nullif(t.appointment_id, '')::uuid, t.started_at, t.started_at,
			t.Collected::jsonb, nullif(t.phone_e164, '')
		FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $18::text[])
			AS t(id, session_id, language, last_step, appointment_id, started_at, collected, phone_e164)
		ON CONFLICT (session_id) DO UPDATE SET language = EXCLUDED.language, last_step = EXCLUDED.last_step,
			appointment_id = coalesce(EXCLUDED.appointment_id, cc.appointment_id), updated_at = now(),
			collected = EXCLUDED.collected, phone_e164 = EXCLUDED.phone_e164
		RETURNING id, session_id),
	booked AS (
		INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
		SELECT c.id, l.appointment_id::uuid FROM unnest($8::text[], $9::text[]) AS l(session_id, appointment_id)
			JOIN c USING (session_id)
		ON CONFLICT DO NOTHING)
	INSERT INTO chat_messages (conversation_id, sender, text, source, step, created_at, author, unanswered, seq)
	SELECT id, sender, text, source, step, at, author, unanswered, seq FROM (
		SELECT c.id, m.sender, m.text, nullif(m.source, '') AS source, nullif(m.step, '') AS step, m.at,
			nullif(m.author, '') AS author, m.unanswered, nullif(m.seq, 0) AS seq, m.n
		FROM unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[], $16::text[], $17::bool[],
				$19::int[])
			WITH ORDINALITY AS m(session_id, sender, text, source, step, at, author, unanswered, seq, n)
			JOIN c USING (session_id)
		ORDER BY m.n) AS ordered
	ON CONFLICT (conversation_id, seq) DO NOTHING`

// queueChange adds a turn that changes the hand-off state (see WriteTurns).
func queueChange(b *pgx.Batch, t Turn) {
	n := len(t.Messages)
	senders, texts, sources, steps, authors := make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n)
	times, unanswered, seqs := make([]time.Time, n), make([]bool, n), make([]int, n)
	for i, m := range t.Messages {
		senders[i], texts[i], sources[i], steps[i], times[i] = m.Sender, m.Text, m.Source, m.Step, m.Timestamp
		authors[i], unanswered[i], seqs[i] = m.Author, m.Unanswered, m.seq()
	}
	phone, _ := booking.CanonicalPhone(t.Collected.Phone)
	b.Queue(writeChange, t.Conversation, t.Session, t.Lang, t.Step, booking.NullIfEmpty(t.Appointment), t.Started, t.Collected,
		t.Change.State, t.Change.Reason, senders, texts, sources, steps, times, authors, unanswered, booking.NullIfEmpty(phone), seqs)
}

// writeChange stores one turn that changes the hand-off state (see WriteTurns).
const writeChange = `
	WITH c AS (
		INSERT INTO chat_conversations AS cc (id, session_id, language, last_step, appointment_id, started_at, updated_at,
			collected, phone_e164, state, handoff_reason, handoff_at)
		VALUES ($1, $2, $3, $4, $5::uuid, $6, $6, $7, $17, $8, nullif($9, ''), CASE WHEN $8 = 'waiting' THEN now() END)
		ON CONFLICT (session_id) DO UPDATE SET language = EXCLUDED.language, last_step = EXCLUDED.last_step,
			appointment_id = coalesce(EXCLUDED.appointment_id, cc.appointment_id), updated_at = now(),
			collected = EXCLUDED.collected, phone_e164 = EXCLUDED.phone_e164, state = $8,
			handoff_reason = CASE WHEN $8 = 'waiting' THEN $9 ELSE cc.handoff_reason END,
			handoff_at = CASE WHEN $8 = 'waiting' THEN now() ELSE cc.handoff_at END,
			claimed_at = CASE WHEN $8 = 'waiting' THEN NULL ELSE cc.claimed_at END,
			agent_id = NULL, agent_name = NULL
		RETURNING id),
	booked AS (
		INSERT INTO chat_conversation_appointments (conversation_id, appointment_id)
		SELECT c.id, $5::uuid FROM c WHERE $5::uuid IS NOT NULL
		ON CONFLICT DO NOTHING)
	INSERT INTO chat_messages (conversation_id, sender, text, source, step, created_at, author, unanswered, seq)
	SELECT c.id, m.sender, m.text, nullif(m.source, ''), nullif(m.step, ''), m.at, nullif(m.author, ''), m.unanswered,
		nullif(m.seq, 0)
	FROM c, unnest($10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[], $15::text[], $16::bool[],
			$18::int[]) WITH ORDINALITY AS m(sender, text, source, step, at, author, unanswered, seq, n)
	ORDER BY m.n
	ON CONFLICT (conversation_id, seq) DO NOTHING`

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
func (st *Store) Transcript(ctx context.Context, appointmentID string) (Transcript, error) {
	st.Written(ctx)
	t := Transcript{AppointmentID: appointmentID, Messages: []TranscriptMessage{}}
	if st.db == nil {
		return t, nil
	}
	var convID string
	var started time.Time
	err := st.db.QueryRow(ctx, `SELECT id, language, last_step, started_at FROM chat_conversations
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
	t.Messages, err = st.messagesOf(ctx, convID)
	return t, err
}
