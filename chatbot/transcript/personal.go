package transcript

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/privacy"
)

// The chat's share of personal-data requests (privacy), and the retention of
// transcripts. A person's conversations are those linked to their appointments and those
// in which what Dota collected is theirs: their address, or their number in E.164
// however it was typed. Those are exported whole and erased. Another person's
// conversation that merely names their address or number is not theirs: it is not
// exported to them, and the erasure redacts their address and number from its messages,
// leaving the rest.

// personConversations selects the ids of a person's conversations: $1 appointment ids,
// $2 lowercased e-mails, $3 numbers in E.164.
const personConversations = `SELECT c.id FROM chat_conversations c
	WHERE c.appointment_id = ANY($1::uuid[])
		OR c.id IN (SELECT conversation_id FROM chat_conversation_appointments WHERE appointment_id = ANY($1::uuid[]))
		OR lower(c.collected->>'email') = ANY($2)
		OR c.phone_e164 = ANY($3)`

// mentionCandidates selects the messages that may name a person ($1 patterns of their
// e-mails, $2 of their numbers' last digits: mentionPatterns), with their conversation's
// session; Redact decides. Any spelling of a number holds its last
// seven digits together once its other characters are gone.
const mentionCandidates = `SELECT m.id, cc.session_id, m.text FROM chat_messages m
	JOIN chat_conversations cc ON cc.id = m.conversation_id
	WHERE lower(m.text) LIKE ANY($1)
		OR regexp_replace(translate(m.text, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[^0-9]', '', 'g') LIKE ANY($2)`

// mentionPatterns are the LIKE patterns of mentionCandidates.
func mentionPatterns(p privacy.Person) (emails, phones []string) {
	like := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`)
	for _, e := range p.Emails {
		emails = append(emails, "%"+like.Replace(e)+"%")
	}
	for _, ph := range p.Phones {
		phones = append(phones, "%"+ph[max(len(ph)-7, 0):]+"%")
	}
	return emails, phones
}

// ExportedConversation is a conversation as the person's export shows it.
type ExportedConversation struct {
	ID        string            `json:"id"`
	Language  string            `json:"language"`
	StartedAt time.Time         `json:"started_at"`
	UpdatedAt time.Time         `json:"updated_at"`
	Collected map[string]any    `json:"collected"`
	Messages  []ExportedMessage `json:"messages"`
}

// ExportedMessage is one message of an exported conversation.
type ExportedMessage struct {
	Sender    string    `json:"sender"`
	Author    string    `json:"author,omitempty"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"created_at"`
}

// PersonalPart exports a person's conversations with their messages, and erases them: the
// messages' texts (the visitor's and those that quoted them), what Dota collected, and the
// sessions still in Redis; and it redacts their address and number from the messages of
// other conversations, in PostgreSQL and in the sessions still in Redis.
func (st *Store) PersonalPart() privacy.Part {
	return privacy.Part{
		Name: "conversations",
		Hold: st.holdPerson,
		Export: func(ctx context.Context, p privacy.Person) (any, error) {
			rows, err := st.db.Query(ctx, `SELECT id, language, started_at, updated_at, collected FROM chat_conversations
				WHERE id IN (`+personConversations+`) ORDER BY started_at`, p.AppointmentIDs, p.Emails, p.Phones)
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
			convs := make([]ExportedConversation, 0, len(out))
			for _, c := range out {
				rows, err := st.db.Query(ctx, `SELECT sender, coalesce(author, ''), text, created_at FROM chat_messages
					WHERE conversation_id = $1 ORDER BY id`, c.ID)
				if err != nil {
					return nil, err
				}
				msgs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ExportedMessage])
				if err != nil {
					return nil, err
				}
				convs = append(convs, ExportedConversation{ID: c.ID, Language: c.Language, StartedAt: c.StartedAt,
					UpdatedAt: c.UpdatedAt, Collected: c.Collected, Messages: msgs})
			}
			return convs, nil
		},
		Erase: func(ctx context.Context, tx pgx.Tx, p privacy.Person) (int, func(context.Context), error) {
			rows, err := tx.Query(ctx, `UPDATE chat_conversations SET collected = '{}', phone_e164 = NULL
				WHERE id IN (`+personConversations+`) RETURNING id::text, session_id`, p.AppointmentIDs, p.Emails, p.Phones)
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
			named, err := st.redactMentions(ctx, tx, p)
			if err != nil {
				return 0, nil, err
			}
			return len(ids), func(ctx context.Context) {
				st.cfg.Sessions.Forget(ctx, sessions)
				st.cfg.Sessions.Redact(ctx, named, p)
			}, nil
		},
	}
}

// redactMentions redacts a person's address and number from the messages that still name
// them (their own conversations are blank by now), and returns the sessions of the
// conversations it changed.
func (st *Store) redactMentions(ctx context.Context, tx pgx.Tx, p privacy.Person) ([]string, error) {
	emails, phones := mentionPatterns(p)
	if len(emails)+len(phones) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, mentionCandidates, emails, phones)
	if err != nil {
		return nil, err
	}
	var ids []int64
	var texts, sessions []string
	var id int64
	var sid, text string
	if _, err := pgx.ForEachRow(rows, []any{&id, &sid, &text}, func() error {
		if red, ok := Redact(text, p.Emails, p.Phones); ok {
			ids, texts = append(ids, id), append(texts, red)
			if !slices.Contains(sessions, sid) {
				sessions = append(sessions, sid)
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	_, err = tx.Exec(ctx, `UPDATE chat_messages m SET text = r.text FROM unnest($1::bigint[], $2::text[]) AS r(id, text)
		WHERE m.id = r.id`, ids, texts)
	return sessions, err
}

// PurgeTranscripts deletes the transcripts of conversations that booked nothing and saw
// no activity for the settings' transcript_retention_days, and returns how many it deleted.
func (st *Store) PurgeTranscripts(ctx context.Context) (int, error) {
	if st.db == nil {
		return 0, nil
	}
	settings, err := st.cfg.Settings.Settings(ctx)
	if err != nil {
		return 0, err
	}
	days := settings.TranscriptRetentionDays
	if days <= 0 {
		days = booking.DefaultTranscriptRetentionDays
	}
	tag, err := st.db.Exec(ctx, `DELETE FROM chat_conversations c
		WHERE c.updated_at < $1 AND c.appointment_id IS NULL AND c.state = 'bot'
			AND NOT EXISTS (SELECT 1 FROM chat_conversation_appointments l WHERE l.conversation_id = c.id)`,
		st.now().AddDate(0, 0, -days))
	if err != nil {
		return 0, err
	}
	transcriptsPurged.Add(float64(tag.RowsAffected()))
	return int(tag.RowsAffected()), nil
}

// RunRetention purges old transcripts now and then every hour until ctx ends; every
// replica runs it, and a second purge finds nothing left.
func (st *Store) RunRetention(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		if _, err := st.PurgeTranscripts(ctx); err != nil && ctx.Err() == nil {
			st.log.WarnContext(ctx, "chat: purging old transcripts failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
