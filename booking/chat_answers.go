package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
)

// A chat answer is a staff member's answer e-mailed to a visitor who left the chat. It is
// a row of the delivery ledger like the core's own messages — retried with back-off,
// never sent twice, listed for staff, exported and erased with its recipient — about a
// conversation instead of an appointment. What it says is the chat's to write when it is
// due (the staff messages the visitor has not read by then), so the chat registers its
// writer (OnChatAnswer); the core sends it and records the outcome. One is due at a time
// per conversation (deliveries_chat_answer_due): the answers written meanwhile go out in
// it together.

// KindChatAnswer is the ledger's kind of a chat answer.
const KindChatAnswer = "chat_answer"

// ReasonNoWriter records a chat answer that came due on a replica without the chat.
const ReasonNoWriter = "chat_unavailable"

// ChatAnswer is a due chat answer as its writer reads it.
type ChatAnswer struct {
	DeliveryID     string
	ConversationID string
	Recipient      string
	Language       string
	// SiteURL is the public site (DOTA_PUBLIC_URL), without a final /: the link back to
	// the conversation opens it.
	SiteURL string
}

// SkipError is a writer's refusal to write a message that should no longer be sent: it
// is recorded as skipped for Reason.
type SkipError struct{ Reason string }

func (e *SkipError) Error() string { return "skipped: " + e.Reason }

// ChatAnswerWriter writes a due chat answer: the message (the core adds the agency's
// contact) and sent, which the core calls once the mail server accepted it. A *SkipError
// records it as skipped; another error is retried.
type ChatAnswerWriter func(ctx context.Context, a ChatAnswer) (in mail.Input, sent func(context.Context), err error)

// OnChatAnswer registers the writer of chat answers; call it before StartJobs.
func (s *Core) OnChatAnswer(w ChatAnswerWriter) { s.chatAnswer = w }

// QueueChatAnswer writes a chat answer to the ledger, due at due, with its job, unless one
// is already due for the conversation; it reports whether it wrote one.
func (s *Core) QueueChatAnswer(ctx context.Context, conversationID, recipient, lang string, due time.Time) (bool, error) {
	if !IsUUID(conversationID) || recipient == "" {
		return false, ErrNotFound
	}
	if !slices.Contains(i18n.Languages, lang) {
		lang = i18n.Default
	}
	queued := false
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var id string
		err := tx.QueryRow(ctx, `INSERT INTO deliveries (conversation_id, kind, language, recipient, due_at)
			VALUES ($1, 'chat_answer', $2, $3, $4)
			ON CONFLICT (conversation_id) WHERE kind = 'chat_answer' AND state = 'scheduled' DO NOTHING
			RETURNING id`, conversationID, lang, recipient, due).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // one is due already: it will carry this answer too
		}
		if err != nil {
			return err
		}
		queued = true
		_, err = s.jobs.InsertTx(ctx, tx, deliverArgs{DeliveryID: id}, &river.InsertOpts{ScheduledAt: due})
		return err
	})
	if err != nil {
		return false, fmt.Errorf("deliveries: chat answer: %w", err)
	}
	return queued, nil
}

// chatAnswerInput asks the chat's writer for a due chat answer.
func (s *Core) chatAnswerInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, func(context.Context), error) {
	if s.chatAnswer == nil {
		return mail.Input{}, nil, &SkipError{Reason: ReasonNoWriter}
	}
	in, sent, err := s.chatAnswer(ctx, ChatAnswer{DeliveryID: d.ID, ConversationID: d.ConversationID,
		Recipient: d.Recipient, Language: d.Language, SiteURL: s.mail.PublicURL})
	in.Agency = agencyContact(st)
	return in, sent, err
}
