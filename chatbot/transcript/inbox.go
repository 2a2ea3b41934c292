package transcript

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// The console's Conversations inbox reads every conversation, not only the booked ones,
// and the questions Dota could not answer.

// ClosedAfter is how long a conversation with Dota stays idle before the inbox counts it
// closed.
const ClosedAfter = 30 * time.Minute

// Outcomes of a conversation, as the inbox filters them; a conversation under way has none.
const (
	OutcomeBooked     = "booked"     // it booked an appointment
	OutcomeUnanswered = "unanswered" // Dota could not answer one of its questions
	OutcomeAbandoned  = "abandoned"  // it closed inside the booking flow
)

// InboxFilter selects conversations: by state (bot, waiting, staff, closed), outcome and
// words of the visitor's details or messages; empty fields select all.
type InboxFilter struct {
	State   string
	Outcome string
	Query   string
}

// Summary is a conversation as the inbox lists it.
type Summary struct {
	ID            string     `json:"id"`
	State         string     `json:"state"`
	Outcome       string     `json:"outcome,omitempty"`
	Language      string     `json:"language"`
	Name          string     `json:"name"`
	Email         string     `json:"email"`
	Preview       string     `json:"preview"`
	LastSender    string     `json:"last_sender"`
	Agent         string     `json:"agent,omitempty"`
	AgentID       string     `json:"agent_id,omitempty"`
	HandoffReason string     `json:"handoff_reason,omitempty"`
	HandoffAt     *time.Time `json:"handoff_at,omitempty"`
	Messages      int        `json:"messages"`
	StartedAt     time.Time  `json:"started_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
}

// InboxPage is one page of the inbox, with the number of conversations waiting.
type InboxPage struct {
	Items   []Summary `json:"items"`
	Total   int       `json:"total"`
	Page    int       `json:"page"`
	Size    int       `json:"size"`
	Waiting int       `json:"waiting"`
}

// Detail is one conversation: its summary, what Dota collected, the appointments it
// booked and every message.
type Detail struct {
	Summary
	Collected    Collected           `json:"collected"`
	Appointments []string            `json:"appointment_ids"`
	Transcript   []TranscriptMessage `json:"transcript"`
}

// The inbox's states and outcomes as filters accept them.
var (
	InboxStates   = []string{StateBot, StateWaiting, StateStaff, StateClosed}
	InboxOutcomes = []string{OutcomeBooked, OutcomeUnanswered, OutcomeAbandoned}
)

// inboxRows reads the conversations with their state and outcome as the inbox sees them.
const inboxRows = `
	WITH v AS (
		SELECT c.*, CASE WHEN c.state = 'bot' AND c.updated_at < now() - $1::interval THEN 'closed' ELSE c.state END AS shown,
			CASE WHEN c.appointment_id IS NOT NULL
					OR EXISTS (SELECT 1 FROM chat_conversation_appointments l WHERE l.conversation_id = c.id) THEN 'booked'
				WHEN EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.unanswered) THEN 'unanswered'
				WHEN c.state = 'bot' AND c.updated_at < now() - $1::interval AND c.last_step = ANY($2) THEN 'abandoned'
				ELSE '' END AS outcome
		FROM chat_conversations c)
	SELECT v.id, v.shown, v.outcome, v.language, coalesce(v.collected->>'name', ''), coalesce(v.collected->>'email', ''),
		coalesce(last.text, ''), coalesce(last.sender, ''), coalesce(v.agent_name, ''), coalesce(v.agent_id::text, ''),
		coalesce(v.handoff_reason, ''), v.handoff_at,
		(SELECT count(*) FROM chat_messages m WHERE m.conversation_id = v.id), v.started_at, v.updated_at,
		count(*) OVER (), count(*) FILTER (WHERE v.shown = 'waiting') OVER ()
	FROM v LEFT JOIN LATERAL (SELECT text, sender FROM chat_messages m WHERE m.conversation_id = v.id
		ORDER BY m.id DESC LIMIT 1) last ON true`

// Inbox lists conversations, newest activity first.
func (st *Store) Inbox(ctx context.Context, f InboxFilter, p booking.Paging) (InboxPage, error) {
	st.Written(ctx)
	v := &booking.ValidationError{}
	if f.State != "" && !slices.Contains(InboxStates, f.State) {
		v.Add("state", "invalid_option")
	}
	if f.Outcome != "" && !slices.Contains(InboxOutcomes, f.Outcome) {
		v.Add("outcome", "invalid_option")
	}
	if p.Page == 0 {
		p.Page = 1
	}
	if p.Size == 0 {
		p.Size = 20
	}
	if p.Page < 1 || p.Page > 1_000_000 {
		v.Add("page", "invalid_option")
	}
	if p.Size < 1 || p.Size > 100 {
		v.Add("size", "invalid_option")
	}
	if err := v.OrNil(); err != nil {
		return InboxPage{}, err
	}
	out := InboxPage{Items: []Summary{}, Page: p.Page, Size: p.Size}
	if st.db == nil {
		return out, nil
	}
	q := ""
	if strings.TrimSpace(f.Query) != "" {
		q = booking.LikePattern(f.Query)
	}
	rows, err := st.db.Query(ctx, `SELECT * FROM (`+inboxRows+`
		WHERE ($3 = '' OR v.shown = $3) AND ($4 = '' OR v.outcome = $4)
			AND ($5 = '' OR v.collected->>'name' ILIKE $5 OR v.collected->>'email' ILIKE $5 OR v.collected->>'phone' ILIKE $5
				OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = v.id AND m.text ILIKE $5))
		) page ORDER BY updated_at DESC, id DESC LIMIT $6 OFFSET $7`,
		ClosedAfter.String(), st.cfg.BookingSteps, f.State, f.Outcome, q, p.Size, (p.Page-1)*p.Size)
	if err != nil {
		return out, err
	}
	out.Items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Summary, error) {
		var s Summary
		err := row.Scan(&s.ID, &s.State, &s.Outcome, &s.Language, &s.Name, &s.Email, &s.Preview, &s.LastSender,
			&s.Agent, &s.AgentID, &s.HandoffReason, &s.HandoffAt, &s.Messages, &s.StartedAt, &s.UpdatedAt,
			&out.Total, &out.Waiting)
		return s, err
	})
	if err != nil {
		return out, err
	}
	if out.Items == nil {
		out.Items = []Summary{}
	}
	if len(out.Items) == 0 || f != (InboxFilter{}) {
		out.Waiting, err = st.waitingCount(ctx)
	}
	return out, err
}

// waitingCount is how many conversations wait for staff.
func (st *Store) waitingCount(ctx context.Context) (int, error) {
	var n int
	err := st.db.QueryRow(ctx, `SELECT count(*) FROM chat_conversations WHERE state = 'waiting'`).Scan(&n)
	return n, err
}

// Summary returns one conversation as the inbox lists it.
func (st *Store) Summary(ctx context.Context, id string) (Summary, error) {
	st.Written(ctx)
	var s Summary
	var total, waiting int
	err := st.db.QueryRow(ctx, inboxRows+` WHERE v.id = $3`, ClosedAfter.String(), st.cfg.BookingSteps, id).Scan(
		&s.ID, &s.State, &s.Outcome, &s.Language, &s.Name, &s.Email, &s.Preview, &s.LastSender,
		&s.Agent, &s.AgentID, &s.HandoffReason, &s.HandoffAt, &s.Messages, &s.StartedAt, &s.UpdatedAt, &total, &waiting)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, booking.ErrNotFound
	}
	return s, err
}

// ConversationDetail returns one conversation with everything staff need to take it over.
func (st *Store) ConversationDetail(ctx context.Context, id string) (Detail, error) {
	st.Written(ctx)
	if st.db == nil || !booking.IsUUID(id) {
		return Detail{}, booking.ErrNotFound
	}
	sum, err := st.Summary(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{Summary: sum, Appointments: []string{}}
	err = st.db.QueryRow(ctx, `SELECT collected, coalesce((SELECT array_agg(appointment_id::text ORDER BY appointment_id)
			FROM chat_conversation_appointments WHERE conversation_id = $1), '{}')
		FROM chat_conversations WHERE id = $1`, id).Scan(&d.Collected, &d.Appointments)
	if err != nil {
		return d, err
	}
	d.Transcript, err = st.messagesOf(ctx, id)
	return d, err
}

// messagesOf reads every message of a conversation, in order.
func (st *Store) messagesOf(ctx context.Context, conversationID string) ([]TranscriptMessage, error) {
	rows, err := st.db.Query(ctx, `SELECT sender, text, coalesce(source, ''), coalesce(step, ''), coalesce(author, ''),
			created_at
		FROM chat_messages WHERE conversation_id = $1 ORDER BY created_at, id`, conversationID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (TranscriptMessage, error) {
		var m TranscriptMessage
		err := row.Scan(&m.Sender, &m.Text, &m.Source, &m.Step, &m.Author, &m.CreatedAt)
		return m, err
	})
	if out == nil {
		out = []TranscriptMessage{}
	}
	return out, err
}
