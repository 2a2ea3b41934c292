package chatbot

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// The chat's share of personal-data requests (booking/personal.go), and the retention of
// transcripts. A person's conversations are those linked to their appointments and those
// in which they gave their e-mail or phone.

// personConversations selects the ids of a person's conversations: $1 appointment ids,
// $2 lowercased e-mails, $3 phone digits, $4 patterns matching a message that names one
// of them (personPatterns). A message is read for them only in a conversation not found
// otherwise: an erasure is rare, and the scan is what finds a visitor who gave their
// address to Dota outside a booking (asking for a code).
const personConversations = `SELECT c.id FROM chat_conversations c
	WHERE c.appointment_id = ANY($1::uuid[])
		OR c.id IN (SELECT conversation_id FROM chat_conversation_appointments WHERE appointment_id = ANY($1::uuid[]))
		OR lower(c.collected->>'email') = ANY($2)
		OR regexp_replace(coalesce(c.collected->>'phone', ''), '\D', '', 'g') = ANY($3)
		OR c.id IN (SELECT conversation_id FROM chat_messages
			WHERE sender = 'user' AND (lower(text) LIKE ANY($4) OR regexp_replace(text, '\D', '', 'g') LIKE ANY($4)))`

// personPatterns are the LIKE patterns of a person's e-mails and phone digits.
func personPatterns(p booking.Person) []string {
	var out []string
	for _, v := range append(append([]string{}, p.Emails...), p.Digits...) {
		out = append(out, "%"+strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(v)+"%")
	}
	return out
}

// exportedConversation is a conversation as the person's export shows it.
type exportedConversation struct {
	ID        string            `json:"id"`
	Language  string            `json:"language"`
	StartedAt time.Time         `json:"started_at"`
	UpdatedAt time.Time         `json:"updated_at"`
	Collected map[string]any    `json:"collected"`
	Messages  []exportedMessage `json:"messages"`
}

type exportedMessage struct {
	Sender    string    `json:"sender"`
	Author    string    `json:"author,omitempty"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"created_at"`
}

// personalPart exports a person's conversations with their messages, and erases them: the
// messages' texts (the visitor's and those that quoted them), what Dota collected, and the
// sessions still in Redis.
func (e *Engine) personalPart() booking.PersonalPart {
	return booking.PersonalPart{
		Name: "conversations",
		Export: func(ctx context.Context, p booking.Person) (any, error) {
			rows, err := e.db.Query(ctx, `SELECT id, language, started_at, updated_at, collected FROM chat_conversations
				WHERE id IN (`+personConversations+`) ORDER BY started_at`, p.AppointmentIDs, p.Emails, p.Digits, personPatterns(p))
			if err != nil {
				return nil, err
			}
			out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[struct {
				ID        string
				Language  string
				StartedAt time.Time
				UpdatedAt time.Time
				Collected map[string]any
			}])
			if err != nil {
				return nil, err
			}
			convs := make([]exportedConversation, 0, len(out))
			for _, c := range out {
				rows, err := e.db.Query(ctx, `SELECT sender, coalesce(author, ''), text, created_at FROM chat_messages
					WHERE conversation_id = $1 ORDER BY id`, c.ID)
				if err != nil {
					return nil, err
				}
				msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[exportedMessage])
				if err != nil {
					return nil, err
				}
				convs = append(convs, exportedConversation{ID: c.ID, Language: c.Language, StartedAt: c.StartedAt,
					UpdatedAt: c.UpdatedAt, Collected: c.Collected, Messages: msgs})
			}
			return convs, nil
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p booking.Person) (int, func(context.Context), error) {
			rows, err := tx.Query(ctx, `UPDATE chat_conversations SET collected = '{}'
				WHERE id IN (`+personConversations+`) RETURNING id::text, session_id`, p.AppointmentIDs, p.Emails, p.Digits, personPatterns(p))
			if err != nil {
				return 0, nil, err
			}
			var ids, sessions []string
			var id, sid string
			if _, err := pgx.ForEachRow(rows, []any{&id, &sid}, func() error {
				ids, sessions = append(ids, id), append(sessions, sid)
				return nil
			}); err != nil {
				return 0, nil, err
			}
			if _, err := tx.Exec(ctx, `UPDATE chat_messages SET text = '', author = NULL
				WHERE conversation_id = ANY($1::uuid[])`, ids); err != nil {
				return 0, nil, err
			}
			return len(ids), func(ctx context.Context) { e.forgetSessions(ctx, sessions) }, nil
		},
	}
}

// forgetSessions removes conversations' sessions from Redis: what the visitor typed and
// what Dota collected live there until they expire.
func (e *Engine) forgetSessions(ctx context.Context, sessions []string) {
	if len(sessions) == 0 {
		return
	}
	keys := make([]string, 0, len(sessions))
	members := make([]any, 0, len(sessions))
	for _, sid := range sessions {
		keys, members = append(keys, e.stateKey(sid), e.messageKey(sid)), append(members, sid)
	}
	pipe := e.rdb.Pipeline()
	pipe.Del(ctx, keys...)
	pipe.ZRem(ctx, e.key("waiting"), members...)
	if _, err := pipe.Exec(ctx); err != nil {
		e.log.WarnContext(ctx, "chat: erased sessions not removed from Redis; they expire on their own", "err", err)
	}
}

// PurgeTranscripts deletes the transcripts of conversations that booked nothing and saw
// no activity for the settings' transcript_retention_days, and returns how many it deleted.
func (e *Engine) PurgeTranscripts(ctx context.Context) (int, error) {
	if e.db == nil {
		return 0, nil
	}
	st, err := e.core.Settings(ctx)
	if err != nil {
		return 0, err
	}
	days := st.TranscriptRetentionDays
	if days <= 0 {
		days = booking.DefaultTranscriptRetentionDays
	}
	tag, err := e.db.Exec(ctx, `DELETE FROM chat_conversations c
		WHERE c.updated_at < $1 AND c.appointment_id IS NULL AND c.state = 'bot'
			AND NOT EXISTS (SELECT 1 FROM chat_conversation_appointments l WHERE l.conversation_id = c.id)`,
		e.now().AddDate(0, 0, -days))
	if err != nil {
		return 0, err
	}
	transcriptsPurged.Add(float64(tag.RowsAffected()))
	return int(tag.RowsAffected()), nil
}

// RunRetention purges old transcripts now and then every hour until ctx ends; every
// replica runs it, and a second purge finds nothing left.
func (e *Engine) RunRetention(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if _, err := e.PurgeTranscripts(ctx); err != nil && ctx.Err() == nil {
			e.log.WarnContext(ctx, "chat: purging old transcripts failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
