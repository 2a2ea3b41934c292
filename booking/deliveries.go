package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
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
	KindChatAnswer, KindFollowUp}

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
