package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
)

// Mail is how the core writes and sends its messages to customers.
type Mail struct {
	// Renderer writes them; its public URL names calendar UIDs.
	Renderer *mail.Renderer
	// Sender delivers them; a transport without a server records them as not sent.
	Sender mail.Sender
	// PublicURL is where the links in messages point (DOTA_PUBLIC_URL), without a final /.
	PublicURL string
}

// Why a message was not sent, as the ledger records it (the console words them).
const (
	ReasonNotConfigured     = "mail_not_configured"
	ReasonBookedInsideLead  = "booked_inside_lead"
	ReasonCancelled         = "appointment_cancelled"
	ReasonMoved             = "appointment_moved"
	ReasonSuperseded        = "superseded"
	ReasonPast              = "appointment_past"
	ReasonAppointmentGone   = "appointment_deleted"
	ReasonAttemptsExhausted = "attempts_exhausted"
	ReasonCodeUsed          = "code_used"
	ReasonOfferClosed       = "offer_closed"
)

// deliverWorker sends one row of the ledger.
type deliverWorker struct {
	river.WorkerDefaults[deliverArgs]
	core *Core
}

// pendingDelivery is a ledger row with the appointment as it is now.
type pendingDelivery struct {
	Delivery
	Actor       string
	Sequence    int
	StartsAt    *time.Time
	OldStartsAt *time.Time
	Appt        *Appointment
	// ConversationID is the conversation a chat answer is about.
	ConversationID string
}

// Work sends the delivery unless it is done already or the appointment changed so that
// it no longer says what is true; it records what happened in the ledger. A temporary
// failure is returned, and River tries again later.
func (w *deliverWorker) Work(ctx context.Context, job *river.Job[deliverArgs]) error {
	s := w.core
	d, err := s.pendingDelivery(ctx, job.Args.DeliveryID)
	if errors.Is(err, ErrNotFound) {
		return nil // its appointment was deleted, and the row with it
	}
	if err != nil {
		return err
	}
	if d.State != DeliveryScheduled {
		return nil // done by an earlier attempt that was cut short after recording
	}
	if reason := d.stale(s.now()); reason != "" {
		return s.recordDelivery(ctx, d, DeliverySkipped, reason, "")
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return err
	}
	if d.Kind == KindReconfirm {
		// Before the send, so that a failure to deliver still lets staff call.
		if err := s.checkUnconfirmedLater(ctx, st, d); err != nil {
			return err
		}
	}
	var in mail.Input
	var sent func(context.Context)
	var skip *SkipError
	switch d.Kind {
	case KindChatAnswer:
		in, sent, err = s.chatAnswerInput(ctx, st, d)
	case KindCode:
		in, err = s.codeInput(ctx, st, d)
	case KindWaitlistOffer:
		in, err = s.offerInput(ctx, st, d)
	case KindFollowUp:
		in, err = s.followUpInput(ctx, st, d)
	default:
		in, err = s.mailInput(ctx, st, d)
	}
	switch {
	case errors.As(err, &skip):
		return s.recordDelivery(ctx, d, DeliverySkipped, skip.Reason, "")
	case errors.Is(err, errRecipientChanged):
		return s.recordDelivery(ctx, d, DeliverySkipped, ReasonRecipientChanged, "")
	case errors.Is(err, ErrNotFound):
		return s.recordDelivery(ctx, d, DeliverySkipped, ReasonCodeUsed, "")
	case errors.Is(err, ErrGone):
		return s.recordDelivery(ctx, d, DeliverySkipped, ReasonOfferClosed, "")
	}
	if err != nil {
		return err
	}
	msg, err := s.mail.Renderer.Render(in)
	if err != nil {
		// Input that cannot be written now never will be: no retry.
		_ = s.failDelivery(ctx, d, err.Error(), "")
		return river.JobCancel(err)
	}
	msg.ID = d.ID // a send repeated after a crash is the same message
	err = s.mail.Sender.Send(ctx, msg)
	switch {
	case err == nil:
		if sent != nil {
			sent(ctx)
		}
		return s.recordDelivery(ctx, d, DeliverySent, "", msg.KeptSubject)
	case errors.Is(err, mail.ErrNotConfigured):
		return s.recordDelivery(ctx, d, DeliverySkipped, ReasonNotConfigured, msg.KeptSubject)
	case mail.IsPermanent(err):
		_ = s.failDelivery(ctx, d, err.Error(), msg.KeptSubject)
		return river.JobCancel(err)
	case job.Attempt >= job.MaxAttempts:
		_ = s.failDelivery(ctx, d, ReasonAttemptsExhausted+": "+err.Error(), msg.KeptSubject)
		return err
	default:
		// Still scheduled: the ledger shows the attempt and why it failed.
		if rerr := s.recordDelivery(ctx, d, DeliveryScheduled, err.Error(), msg.KeptSubject); rerr != nil {
			s.log.Warn("deliveries: recording a failed attempt", "delivery", d.ID, "err", rerr)
		}
		return err
	}
}

// stale says why the message should no longer be sent, or "" when it should.
func (d pendingDelivery) stale(now time.Time) string {
	if d.Kind == KindCode || d.Kind == KindWaitlistOffer || d.Kind == KindChatAnswer {
		return "" // about an address, an offer or a conversation, not an appointment: checked as it is written
	}
	a := d.Appt
	if a == nil {
		return ReasonAppointmentGone
	}
	if NormalizeEmail(a.Email) != NormalizeEmail(d.Recipient) {
		return ReasonRecipientChanged // what it says belongs to the appointment's new address
	}
	cancelled := a.Status == StatusCancelled
	switch d.Kind {
	case KindFollowUp:
		if a.Outcome != OutcomeAttended {
			return ReasonSuperseded // the outcome was corrected since
		}
		return ""
	case KindCancelled:
		if !cancelled {
			return ReasonSuperseded // it was restored since
		}
		return ""
	case KindReminder, KindReconfirm:
		switch {
		case cancelled:
			return ReasonCancelled
		case a.StartsAt == nil || d.StartsAt == nil || !a.StartsAt.Equal(*d.StartsAt):
			return ReasonMoved
		case !a.StartsAt.After(now):
			return ReasonPast
		case d.Kind == KindReconfirm && a.ReconfirmedAt != nil:
			return ReasonReconfirmed
		}
		return ""
	}
	switch {
	case cancelled:
		return ReasonCancelled
	case a.Sequence > d.Sequence:
		return ReasonSuperseded // a later message tells the newer state
	}
	return ""
}

// mailInput is what the renderer needs for d, with a fresh manage link.
func (s *Core) mailInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, error) {
	a := d.Appt
	in := mail.Input{
		Kind:           mail.Kind(d.Kind),
		Lang:           d.Language,
		AppointmentID:  a.ID,
		Sequence:       d.Sequence,
		Service:        s.serviceTitle(ctx, a.Service, d.Language),
		Duration:       SlotLength,
		Location:       st.Location(),
		RecipientName:  addressedName(a.Name),
		RecipientEmail: d.Recipient,
		Source:         mail.Source(a.Source),
		By:             mail.Actor(d.Actor),
		Agency:         agencyContact(st),
		Mode:           a.Mode,
		MeetingURL:     a.MeetingURL,
	}
	if in.Service == "" {
		in.Service = Text(d.Language, "appointment")
	}
	if d.StartsAt != nil {
		in.Start = *d.StartsAt
	}
	if d.OldStartsAt != nil {
		in.OldStart = *d.OldStartsAt
	}
	if d.Kind != KindCancelled {
		token, err := s.newManageToken(ctx, a.ID, d.Recipient)
		if err != nil {
			return in, err
		}
		in.ManageURL = s.manageURL(token, d.Language)
		if d.Kind == KindReminder || d.Kind == KindReconfirm {
			// The reminders' one-tap answers: "I'll be there", "I can't come".
			in.ReconfirmURL, in.CancelURL = s.reconfirmURL(token, d.Language), s.cancelURL(token, d.Language)
		}
	}
	return in, nil
}

// codeInput is a code message: a fresh code for the delivery's verification.
func (s *Core) codeInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, error) {
	code, err := s.newCode(ctx, d.ID)
	if err != nil {
		return mail.Input{}, err
	}
	return mail.Input{Kind: mail.KindCode, Lang: d.Language, RecipientEmail: d.Recipient, Code: code,
		Agency: agencyContact(st)}, nil
}

// pendingDelivery reads a ledger row with its appointment, nil when it has none.
func (s *Core) pendingDelivery(ctx context.Context, id string) (pendingDelivery, error) {
	rows, err := s.db.Query(ctx, `SELECT `+deliveryColumns+`, d.actor, d.sequence, d.starts_at, d.old_starts_at,
			coalesce(d.conversation_id::text, '')
		FROM deliveries d WHERE d.id = $1`, id)
	if err != nil {
		return pendingDelivery{}, err
	}
	d, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) (pendingDelivery, error) {
		var p pendingDelivery
		err := row.Scan(&p.ID, &p.AppointmentID, &p.Kind, &p.Language, &p.Recipient, &p.State, &p.Reason,
			&p.Attempts, &p.Subject, &p.ResentFrom, &p.DueAt, &p.SentAt, &p.CreatedAt, &p.UpdatedAt,
			&p.Actor, &p.Sequence, &p.StartsAt, &p.OldStartsAt, &p.ConversationID)
		return p, err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return d, ErrNotFound
	}
	if err != nil || d.AppointmentID == "" {
		return d, err
	}
	a, err := s.Appointment(ctx, d.AppointmentID)
	if errors.Is(err, ErrNotFound) {
		return d, nil
	}
	d.Appt = &a
	return d, err
}

// recordDelivery writes the outcome of an attempt. A scheduled state keeps the row due,
// with the attempt's error as its reason.
func (s *Core) recordDelivery(ctx context.Context, d pendingDelivery, state, reason, subject string) error {
	if err := writeDelivery(ctx, s.db, d, state, reason, subject); err != nil {
		return err
	}
	countDelivery(d.Kind, state)
	return nil
}

// failDelivery records that d failed for good. An offer's message is how the offer
// reaches its holder: one that never will closes the offer (expired, by the system) in
// the same transaction, with the job that settles its slot again, so the place goes to
// the next in line instead of being held for nobody until the hold runs out.
func (s *Core) failDelivery(ctx context.Context, d pendingDelivery, reason, subject string) error {
	if d.Kind != KindWaitlistOffer {
		if err := s.recordDelivery(ctx, d, DeliveryFailed, reason, subject); err != nil {
			return err
		}
		s.publishFailed(ctx, d, reason)
		return nil
	}
	var c closedEntry
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		c = closedEntry{}
		var id string
		err := tx.QueryRow(ctx, `SELECT id FROM waitlist WHERE delivery_id = $1`, d.ID).Scan(&id)
		if err == nil {
			c, err = s.closeEntryTx(ctx, tx, id, WaitExpired, ActorSystem, WaitOffered)
		}
		// No entry (it was erased) leaves only the ledger to write.
		if err != nil && !errors.Is(err, pgx.ErrNoRows) && !errors.Is(err, ErrNotFound) {
			return err
		}
		return writeDelivery(ctx, tx, d, DeliveryFailed, reason, subject)
	})
	if err != nil {
		return err
	}
	countDelivery(d.Kind, DeliveryFailed)
	s.publishFailed(ctx, d, reason)
	if c.changed {
		waitlistOutcomes.WithLabelValues(WaitExpired).Inc()
		s.publishWaitlist(ctx, c.slot.Date, c.slot.Time)
	}
	return nil
}

// publishFailed tells staff that a message failed for good.
func (s *Core) publishFailed(ctx context.Context, d pendingDelivery, reason string) {
	f := d.Delivery
	f.State, f.Reason = DeliveryFailed, i18n.Truncate(reason, 500)
	s.publish(ctx, Event{Kind: EventDeliveryFailed, Delivery: &f})
}

// execer is a pool or a transaction, for a statement that returns no rows.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// writeDelivery writes the outcome of an attempt on q. A message the server accepted is
// recorded as sent even when a change of address skipped it while it was on its way: the
// ledger says what happened.
func writeDelivery(ctx context.Context, q execer, d pendingDelivery, state, reason, subject string) error {
	_, err := q.Exec(ctx, `UPDATE deliveries SET state = $2, reason = $3,
			subject = CASE WHEN $4 = '' THEN subject ELSE $4 END,
			attempts = attempts + CASE WHEN $4 = '' THEN 0 ELSE 1 END,
			sent_at = CASE WHEN $2 = 'sent' THEN now() END, updated_at = now()
		WHERE id = $1 AND (state = 'scheduled' OR ($2 = 'sent' AND state = 'skipped' AND reason = $5))`,
		d.ID, state, i18n.Truncate(reason, 500), subject, ReasonRecipientChanged)
	if err != nil {
		return fmt.Errorf("deliveries: %w", err)
	}
	return nil
}

// countDelivery counts an attempt's outcome; a scheduled state is a retry.
func countDelivery(kind, state string) {
	outcome := state
	if state == DeliveryScheduled {
		outcome = "retried"
	}
	messagesTotal.WithLabelValues(kind, outcome).Inc()
}
