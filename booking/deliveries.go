package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// A delivery is one message to a customer — sent, due, failed or skipped — in the ledger
// staff read. Its row is written in the transaction of the change that causes it, with the
// job that sends it (jobs.go).

// Delivery states.
const (
	DeliveryScheduled = "scheduled"
	DeliverySent      = "sent"
	DeliveryFailed    = "failed"
	DeliverySkipped   = "skipped"
)

// DeliveryStates lists every state, in the order of a delivery's life.
var DeliveryStates = []string{DeliveryScheduled, DeliverySent, DeliveryFailed, DeliverySkipped}

// Delivery kinds: the kinds of mail.Kind this package sends.
const (
	KindConfirmation  = "confirmation"
	KindConfirmed     = "confirmed"
	KindMoved         = "moved"
	KindCancelled     = "cancelled"
	KindReminder      = "reminder"
	KindWaitlistOffer = "waitlist_offer"
	KindCode          = "code"
)

// DeliveryKinds lists every kind, in the order of an appointment's life.
var DeliveryKinds = []string{KindConfirmation, KindConfirmed, KindMoved, KindCancelled, KindReminder, KindWaitlistOffer, KindCode,
	KindChatAnswer, KindFollowUp, KindReconfirm}

// Delivery is one row of the ledger. Reason says why a delivery failed or was skipped,
// and, while it is still scheduled, why its last attempt failed.
type Delivery struct {
	ID            string     `json:"id"`
	AppointmentID string     `json:"appointment_id"`
	Kind          string     `json:"kind"`
	Language      string     `json:"language"`
	Recipient     string     `json:"recipient"`
	State         string     `json:"state"`
	Reason        string     `json:"reason"`
	Attempts      int        `json:"attempts"`
	Subject       string     `json:"subject"`
	ResentFrom    string     `json:"resent_from"`
	DueAt         time.Time  `json:"due_at"`
	SentAt        *time.Time `json:"sent_at"`
	CreatedAt     time.Time  `json:"created_at"`
	UpdatedAt     time.Time  `json:"updated_at"`
}

const deliveryColumns = `d.id, coalesce(d.appointment_id::text, ''), d.kind, d.language, d.recipient, d.state,
	d.reason, d.attempts, d.subject, coalesce(d.resent_from::text, ''), d.due_at, d.sent_at, d.created_at, d.updated_at`

func scanDelivery(row pgx.CollectableRow) (Delivery, error) {
	var d Delivery
	err := row.Scan(&d.ID, &d.AppointmentID, &d.Kind, &d.Language, &d.Recipient, &d.State, &d.Reason,
		&d.Attempts, &d.Subject, &d.ResentFrom, &d.DueAt, &d.SentAt, &d.CreatedAt, &d.UpdatedAt)
	return d, err
}

// DeliveryFilter narrows the ledger; empty fields do not filter. Page counts from 1.
type DeliveryFilter struct {
	State         string
	Kind          string
	AppointmentID string
	Page          int
	Size          int
}

// DeliveryPage is one page of the ledger, newest first.
type DeliveryPage struct {
	Items []Delivery `json:"items"`
	Total int        `json:"total"`
	Page  int        `json:"page"`
	Size  int        `json:"size"`
}

// MaxDeliveryPageSize bounds a page of the ledger.
const MaxDeliveryPageSize = 100

// Deliveries lists the ledger newest first, filtered by state, kind and appointment.
func (s *Core) Deliveries(ctx context.Context, f DeliveryFilter) (DeliveryPage, error) {
	v := &ValidationError{}
	if f.State != "" && !slices.Contains(DeliveryStates, f.State) {
		v.Add("status", "invalid_option")
	}
	if f.Kind != "" && !slices.Contains(DeliveryKinds, f.Kind) {
		v.Add("kind", "invalid_option")
	}
	if f.AppointmentID != "" && !IsUUID(f.AppointmentID) {
		v.Add("appointment", "not_found")
	}
	if f.Page == 0 {
		f.Page = 1
	}
	if f.Size == 0 {
		f.Size = 20
	}
	if f.Page < 1 {
		v.Add("page", "invalid_input")
	}
	if f.Size < 1 || f.Size > MaxDeliveryPageSize {
		v.Add("size", "invalid_input")
	}
	if err := v.OrNil(); err != nil {
		return DeliveryPage{}, err
	}
	out := DeliveryPage{Items: []Delivery{}, Page: f.Page, Size: f.Size}
	where := `($1 = '' OR d.state = $1) AND ($2 = '' OR d.kind = $2) AND ($3::uuid IS NULL OR d.appointment_id = $3::uuid)`
	args := []any{f.State, f.Kind, NullIfEmpty(f.AppointmentID)}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM deliveries d WHERE `+where, args...).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("deliveries: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT `+deliveryColumns+` FROM deliveries d WHERE `+where+`
		ORDER BY d.created_at DESC, d.id DESC LIMIT $4 OFFSET $5`, append(args, f.Size, (f.Page-1)*f.Size)...)
	if err != nil {
		return out, fmt.Errorf("deliveries: %w", err)
	}
	items, err := pgx.CollectRows(rows, scanDelivery)
	if err != nil {
		return out, fmt.Errorf("deliveries: %w", err)
	}
	if len(items) > 0 {
		out.Items = items
	}
	return out, nil
}

// Resend sends a delivery again, for a member of staff (by, their e-mail): a new row of
// the same kind, about the appointment as it is now, due at once. ErrNotFound when the
// delivery or its appointment is gone; ErrConflict while the delivery is still scheduled.
func (s *Core) Resend(ctx context.Context, id, by string) (Delivery, error) {
	if !IsUUID(id) {
		return Delivery{}, ErrNotFound
	}
	var out Delivery
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `INSERT INTO deliveries AS d (appointment_id, kind, language, recipient, actor,
				sequence, starts_at, old_starts_at, resent_from)
			SELECT a.id, o.kind, a.language, a.email, o.actor, a.sequence, a.starts_at, o.old_starts_at, o.id
			FROM deliveries o JOIN appointments a ON a.id = o.appointment_id
			WHERE o.id = $1 AND o.state <> 'scheduled' AND a.email IS NOT NULL
			RETURNING `+deliveryColumns, id)
		if err != nil {
			return err
		}
		out, err = pgx.CollectExactlyOneRow(rows, scanDelivery)
		if errors.Is(err, pgx.ErrNoRows) {
			var state string
			if err := tx.QueryRow(ctx, `SELECT state FROM deliveries WHERE id = $1`, id).Scan(&state); err != nil {
				return ErrNotFound
			}
			if state == DeliveryScheduled {
				return ErrConflict
			}
			return ErrNotFound // its appointment has no e-mail any more
		}
		if err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, deliverArgs{DeliveryID: out.ID}, nil)
		return err
	})
	if err != nil {
		return Delivery{}, err
	}
	s.log.Info("deliveries: resent", "delivery", id, "as", out.ID, "by", by)
	return out, nil
}

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

// Who acted on an appointment besides staff, who are named by their e-mail: the
// history's changed_by, and, for the customer, what a message tells them.
const (
	ActorCustomer = "customer"
	ActorDota     = "dota"
	ActorSystem   = "system"
)

// The messages a change causes. A change writes them with itself (enqueue), so each is
// sent once the change has committed, and never when it has not.

// messagesFor lists the messages that changing before into after sends the customer
// (before is the zero Appointment for a new booking): a confirmation of a new request, or
// of a request whose e-mail changed (the new address has heard nothing yet); a
// cancellation; a move; a confirmation by staff; and, whenever the appointment takes a
// new start, its reminder — recorded as skipped when the start is already inside the
// reminder's lead — or, for a new address, the reminder still to come; and the second
// reminder likewise (reconfirm.go). actor says who
// acted (actorAgency or ActorCustomer).
func (s *Core) messagesFor(st Settings, before, after Appointment, actor string) []newDelivery {
	if after.Email == "" {
		return nil
	}
	now := s.now()
	msg := func(kind string) newDelivery {
		return newDelivery{Kind: kind, Appointment: after, Actor: actor, DueAt: now}
	}
	wasCancelled, isCancelled := before.Status == StatusCancelled, after.Status == StatusCancelled
	newStart := calendarChange(before, after) == 1 || before.ID == ""
	newAddress := readdressed(before, after)
	var out []newDelivery
	switch {
	case isCancelled && (before.ID == "" || wasCancelled):
		return nil
	case isCancelled:
		return []newDelivery{msg(KindCancelled)}
	case before.ID == "":
		out = append(out, msg(KindConfirmation))
	case newAddress && after.Status == "confirmed":
		out = append(out, msg(KindConfirmed))
	case newAddress:
		out = append(out, msg(KindConfirmation))
	case newStart && !wasCancelled && before.StartsAt != nil && after.StartsAt != nil:
		m := msg(KindMoved)
		m.OldStartsAt = before.StartsAt
		out = append(out, m)
	case newStart || remoded(before, after) || (after.Status == "confirmed" && before.Status != "confirmed"):
		if after.Status == "confirmed" {
			out = append(out, msg(KindConfirmed))
		} else {
			out = append(out, msg(KindConfirmation))
		}
	}
	if (newStart || newAddress) && after.StartsAt != nil && st.ReminderLead() > 0 {
		r := msg(KindReminder)
		r.Actor = actorAgency
		r.DueAt = after.StartsAt.Add(-st.ReminderLead())
		switch {
		case r.DueAt.After(now):
			out = append(out, r)
		case newStart:
			r.Skipped, r.DueAt = ReasonBookedInsideLead, now
			out = append(out, r)
		}
	}
	return append(out, reconfirmMessage(st, after, newStart, newAddress, now)...)
}

// scheduleMessages writes, in tx, the messages that changing before into after causes
// (a new booking writes its own with its insert); when the appointment no longer starts
// when its scheduled reminders expected, those are recorded as skipped first.
func (s *Core) scheduleMessages(ctx context.Context, tx pgx.Tx, st Settings, before, after Appointment, actor string) error {
	if calendarChange(before, after) == 1 {
		reason := ReasonMoved
		if after.Status == StatusCancelled {
			reason = ReasonCancelled
		}
		if _, err := tx.Exec(ctx, `UPDATE deliveries SET state = 'skipped', reason = $3, updated_at = now()
			WHERE appointment_id = $1 AND kind IN ('reminder', 'reconfirm') AND state = 'scheduled'
				AND ($4 OR starts_at IS DISTINCT FROM $2)`,
			after.ID, after.StartsAt, reason, after.Status == StatusCancelled); err != nil {
			return fmt.Errorf("deliveries: %w", err)
		}
	}
	return s.enqueue(ctx, tx, s.messagesFor(st, before, after, actor))
}
