package booking

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
)

// Offers of freed places. A "waitlist" job settles one slot's line: it closes the offers
// whose hold ran out, and offers each free place to the next in line, holding it for
// them for the settings' waitlist_hold_minutes. Each offer is e-mailed with a link (a
// delivery of kind waitlist_offer, through the jobs like every message) and, while the
// person's conversation is open, made in the chat widget too (OnOffer). The job settles
// the slot again when the hold runs out. Settling is idempotent and runs under the slot's
// lock, so jobs for one slot may run on several replicas at once.

// waitlistArgs is the job that settles one slot's line.
type waitlistArgs struct {
	Date string `json:"date"`
	Time string `json:"time"`
}

// Kind names the job in River's tables.
func (waitlistArgs) Kind() string { return "waitlist" }

type waitlistWorker struct {
	river.WorkerDefaults[waitlistArgs]
	core *Core
}

func (w *waitlistWorker) Work(ctx context.Context, job *river.Job[waitlistArgs]) error {
	return w.core.SettleWaitlist(ctx, job.Args.Date, job.Args.Time)
}

// Offer is a freed place offered to one person, as they see it.
type Offer struct {
	ID        string    `json:"-"`
	State     string    `json:"state"` // offered, or accepted once booked
	Service   string    `json:"service"`
	Date      string    `json:"date"`
	Time      string    `json:"time"`
	Label     string    `json:"label"`
	StartsAt  time.Time `json:"starts_at"`
	HoldUntil time.Time `json:"hold_until"`
	Lang      string    `json:"lang"`
	// AppointmentID is the booking an accepted offer made.
	AppointmentID string `json:"appointment_id,omitempty"`
	// ChatSession is the conversation the person joined from, if any.
	ChatSession        string `json:"-"`
	name, email, phone string
	// consultant is the consultant the offer holds, if any.
	consultant string
	// attribution is where the visit that joined the line came from: the booking made by
	// accepting keeps it.
	attribution *attribution.Visit
}

// Offer states as the offer's holder sees them.
const (
	OfferOpen     = "offered"
	OfferAccepted = "accepted"
)

// OnOffer sets what is told of each offer made, after its commit: the chat makes it in
// the person's conversation when they joined from one.
func (s *Core) OnOffer(fn func(context.Context, Offer)) { s.onOffer = fn }

// settleLater inserts, in tx, a job settling each of the slots that has people waiting:
// a change that frees a place calls it with the slots it freed.
func (s *Core) settleLater(ctx context.Context, tx pgx.Tx, slots []SlotRef) error {
	if len(slots) == 0 {
		return nil
	}
	dates, times := make([]string, len(slots)), make([]string, len(slots))
	for i, r := range slots {
		dates[i], times[i] = r.Date, r.Time
	}
	rows, err := tx.Query(ctx, `SELECT DISTINCT to_char(w.date, 'YYYY-MM-DD'), w.time FROM waitlist w
		JOIN unnest($1::date[], $2::text[]) AS f(d, t) ON w.date = f.d AND w.time = f.t
		WHERE w.state = 'waiting'`, dates, times)
	if err != nil {
		return err
	}
	var jobs []river.InsertManyParams
	var a waitlistArgs
	if _, err := pgx.ForEachRow(rows, []any{&a.Date, &a.Time}, func() error {
		jobs = append(jobs, river.InsertManyParams{Args: a})
		return nil
	}); err != nil {
		return err
	}
	if len(jobs) == 0 {
		return nil
	}
	_, err = s.jobs.InsertManyTx(ctx, tx, jobs)
	return err
}

// settleAllLater settles, later, every slot still ahead that has people waiting: a change
// of the settings may have given them room.
func (s *Core) settleAllLater(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, `SELECT DISTINCT to_char(date, 'YYYY-MM-DD'), time FROM waitlist
		WHERE state = 'waiting' AND starts_at > now()`)
	if err != nil {
		return err
	}
	var refs []SlotRef
	var r SlotRef
	if _, err := pgx.ForEachRow(rows, []any{&r.Date, &r.Time}, func() error {
		refs = append(refs, r)
		return nil
	}); err != nil {
		return err
	}
	return s.settleLater(ctx, tx, refs)
}

// SettleWaitlist settles one slot's line now: offers whose hold ran out expire; a slot
// past or inside the minimum notice is offered to no one (its line lapses); otherwise
// each free place is offered to the next in line.
func (s *Core) SettleWaitlist(ctx context.Context, date, hhmm string) error {
	st, err := s.Settings(ctx)
	if err != nil {
		return err
	}
	var (
		offers  []Offer
		expired int64
		lapsed  int64
	)
	start := st.StartsAt(date, hhmm)
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		offers, expired, lapsed = nil, 0, 0
		if _, err := tx.Exec(ctx, lockBooking, []string{slotLockKey(date, hhmm)}); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE waitlist SET state = 'expired', updated_at = now()
			WHERE date = $1::date AND time = $2 AND state = 'offered' AND hold_until <= now()`, date, hhmm)
		if err != nil {
			return err
		}
		expired = tag.RowsAffected()
		if start == nil || !start.After(s.now().Add(st.MinNotice())) {
			tag, err := tx.Exec(ctx, `UPDATE waitlist SET state = 'lapsed', updated_at = now()
				WHERE date = $1::date AND time = $2 AND state = 'waiting'`, date, hhmm)
			lapsed = tag.RowsAffected()
			return err
		}
		if s.closedReason(st, date, hhmm) != "" {
			return nil // a closed day: the line waits, should it open again
		}
		offers, err = s.offerFree(ctx, tx, st, date, hhmm)
		return err
	})
	if err != nil {
		return err
	}
	waitlistOutcomes.WithLabelValues(WaitExpired).Add(float64(expired))
	waitlistOutcomes.WithLabelValues(WaitLapsed).Add(float64(lapsed))
	waitlistOffers.Add(float64(len(offers)))
	if expired+lapsed > 0 || len(offers) > 0 {
		s.publishWaitlist(ctx, date, hhmm)
	}
	for _, o := range offers {
		if o.ChatSession != "" && s.onOffer != nil {
			s.onOffer(ctx, o)
		}
	}
	return nil
}

// offerFree offers each free place of the slot to the next in line, in tx under the
// slot's lock: the entries become offers held until now + the hold, each with its
// message and a job that settles the slot again when the hold runs out.
//
// With consultants, each place is a consultant: the next in line whom a free consultant
// of their service can meet is offered the slot, and the offer holds that consultant.
func (s *Core) offerFree(ctx context.Context, tx pgx.Tx, st Settings, date, hhmm string) ([]Offer, error) {
	entries, consultants, err := s.offerConsultants(ctx, tx, st, date, hhmm)
	if err != nil {
		return nil, err
	}
	if entries != nil && len(entries) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `WITH room AS (
			SELECT greatest((SELECT slot_capacity FROM settings WHERE id = 1) - `+heldSQL("$1::date", "$2", "NULL::uuid")+`, 0) AS n),
		next AS (
			SELECT w.id, gen_random_uuid() AS delivery, p.c AS consultant FROM waitlist w
			LEFT JOIN unnest($4::uuid[], $5::uuid[]) AS p(id, c) ON p.id = w.id
			WHERE w.date = $1::date AND w.time = $2 AND w.state = 'waiting' AND ($4::uuid[] IS NULL OR p.id IS NOT NULL)
			ORDER BY w.created_at, w.id LIMIT CASE WHEN $4::uuid[] IS NULL THEN (SELECT n FROM room) END
			FOR UPDATE OF w),
		offered AS (
			UPDATE waitlist w SET state = 'offered', offered_at = now(), hold_until = now() + $3::interval,
				delivery_id = next.delivery, consultant_id = next.consultant, updated_at = now()
			FROM next WHERE w.id = next.id
			RETURNING w.*),
		sent AS (
			INSERT INTO deliveries (id, kind, language, recipient, starts_at)
			SELECT delivery_id, 'waitlist_offer', language, email, starts_at FROM offered)
		SELECT id, coalesce(service, ''), starts_at, hold_until, language, coalesce(chat_session, ''), delivery_id
		FROM offered ORDER BY created_at, id`,
		date, hhmm, st.WaitlistHold().String(), entries, consultants)
	if err != nil {
		return nil, err
	}
	var (
		offers []Offer
		jobs   []river.InsertManyParams
	)
	for rows.Next() {
		o := Offer{Date: date, Time: hhmm, State: OfferOpen}
		var d deliverArgs
		if err := rows.Scan(&o.ID, &o.Service, &o.StartsAt, &o.HoldUntil, &o.Lang, &o.ChatSession, &d.DeliveryID); err != nil {
			rows.Close()
			return nil, err
		}
		o.Label = SlotLabel(hhmm, o.Lang)
		offers, jobs = append(offers, o), append(jobs, river.InsertManyParams{Args: d})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(offers) == 0 {
		return nil, nil
	}
	// Settle again once the holds run out (they all end together).
	jobs = append(jobs, river.InsertManyParams{Args: waitlistArgs{Date: date, Time: hhmm},
		InsertOpts: &river.InsertOpts{ScheduledAt: offers[0].HoldUntil.Add(time.Second)}})
	if _, err := s.jobs.InsertManyTx(ctx, tx, jobs); err != nil {
		return nil, fmt.Errorf("waitlist: jobs: %w", err)
	}
	return offers, nil
}

// offerByEntry reads an entry as an offer; ErrNotFound when it is unknown, ErrGone when
// it is no open nor accepted offer.
func (s *Core) offerByEntry(ctx context.Context, id string) (Offer, error) {
	var o Offer
	err := s.db.QueryRow(ctx, `SELECT id, CASE WHEN state = 'booked' THEN 'accepted'
			WHEN state = 'offered' AND hold_until > now() THEN 'offered' ELSE '' END,
		coalesce(service, ''), to_char(date, 'YYYY-MM-DD'), time, starts_at, coalesce(hold_until, starts_at), language,
		coalesce(appointment_id::text, ''), coalesce(chat_session, ''), name, email, phone,
		coalesce(consultant_id::text, ''), attribution
		FROM waitlist WHERE id = $1`, id).Scan(&o.ID, &o.State, &o.Service, &o.Date, &o.Time, &o.StartsAt,
		&o.HoldUntil, &o.Lang, &o.AppointmentID, &o.ChatSession, &o.name, &o.email, &o.phone, &o.consultant,
		&o.attribution)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return o, ErrNotFound
	case err != nil:
		return o, err
	case o.State == "":
		return o, ErrGone
	}
	o.Label = SlotLabel(o.Time, o.Lang)
	return o, nil
}

// OfferByToken is the offer an offer link names: ErrNotFound for an unknown token,
// ErrGone once it is closed.
func (s *Core) OfferByToken(ctx context.Context, token string) (Offer, error) {
	id, err := s.offerIDByToken(ctx, token)
	if err != nil {
		return Offer{}, err
	}
	o, err := s.offerByEntry(ctx, id)
	o.Service = s.serviceTitle(ctx, o.Service, o.Lang) // as the visitor reads it
	return o, err
}

// AcceptOfferByToken accepts the offer an offer link names (see AcceptOffer).
func (s *Core) AcceptOfferByToken(ctx context.Context, token string) (Result, error) {
	id, err := s.offerIDByToken(ctx, token)
	if err != nil {
		return Result{}, err
	}
	return s.AcceptOffer(ctx, id)
}

// DeclineOfferByToken declines the offer an offer link names (see DeclineOffer).
func (s *Core) DeclineOfferByToken(ctx context.Context, token string) error {
	id, err := s.offerIDByToken(ctx, token)
	if err != nil {
		return err
	}
	return s.DeclineOffer(ctx, id)
}

// AcceptOffer books the offered place for its holder, through Book, in the transaction
// that closes the offer: the booking does not count the offer's own hold, and fails with
// ErrGone when the offer closed first. The offer's row makes acceptance idempotent: once
// booked it names its appointment, and accepting again (or at the same time, the second
// waiting for the first under the slot's lock) returns that appointment, Replayed. No
// idempotency key is involved, so none a visitor sends with a booking of their own can
// stand in its way.
func (s *Core) AcceptOffer(ctx context.Context, id string) (Result, error) {
	if !IsUUID(id) {
		return Result{}, ErrNotFound
	}
	o, err := s.offerByEntry(ctx, id)
	if err != nil {
		return Result{}, err
	}
	if o.State == OfferAccepted {
		return s.acceptedOffer(ctx, o)
	}
	source := SourceForm
	if o.ChatSession != "" {
		source = SourceChat
	}
	res, err := s.Book(ctx, Request{Name: o.name, Email: o.email, Phone: o.phone, Service: o.Service,
		Date: o.Date, Time: o.Time, Source: source, Language: o.Lang, StatusDashboard: "new", offer: id,
		prefer: o.consultant, Attribution: o.attribution})
	if errors.Is(err, errOfferClosed) {
		// Closed before this booking took the slot's lock: by an acceptance that won the
		// race, whose booking is this one's answer too, or otherwise, and it is gone.
		if o, err := s.offerByEntry(ctx, id); err == nil && o.State == OfferAccepted {
			return s.acceptedOffer(ctx, o)
		}
		return Result{}, ErrGone
	}
	if err == nil {
		waitlistOutcomes.WithLabelValues(WaitBooked).Inc()
		s.publishWaitlist(ctx, o.Date, o.Time)
	}
	return res, err
}

// acceptedOffer is the answer to accepting an offer that was accepted already: the
// appointment it booked, Replayed.
func (s *Core) acceptedOffer(ctx context.Context, o Offer) (Result, error) {
	a, err := s.Appointment(ctx, o.AppointmentID)
	if err != nil {
		return Result{}, err
	}
	return Result{Appointment: a, Replayed: true, ConfirmationEmail: a.Email != "" && s.MailConfigured()}, nil
}

// errOfferClosed is Book refusing an offer's booking: the offer closed before it.
var errOfferClosed = errors.New("offer closed")

// newOfferToken makes and stores a token for an entry's offer link.
func (s *Core) newOfferToken(ctx context.Context, id string) (string, error) {
	b := make([]byte, manageTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	_, err := s.db.Exec(ctx, `INSERT INTO waitlist_tokens (token_hash, waitlist_id) VALUES ($1, $2)`, hashToken(token), id)
	return token, err
}

func (s *Core) offerIDByToken(ctx context.Context, token string) (string, error) {
	if b, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(b) != manageTokenBytes {
		return "", ErrNotFound
	}
	var id string
	err := s.db.QueryRow(ctx, `SELECT waitlist_id FROM waitlist_tokens WHERE token_hash = $1`, hashToken(token)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return id, err
}

// offerInput is an offer message: the entry's offer, with a fresh link; ErrGone when the
// offer closed before its message went out.
func (s *Core) offerInput(ctx context.Context, st Settings, d pendingDelivery) (mail.Input, error) {
	var id string
	err := s.db.QueryRow(ctx, `SELECT id FROM waitlist WHERE delivery_id = $1`, d.ID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return mail.Input{}, ErrGone
	}
	if err != nil {
		return mail.Input{}, err
	}
	o, err := s.offerByEntry(ctx, id)
	if err != nil {
		return mail.Input{}, err
	}
	if o.State != OfferOpen {
		return mail.Input{}, ErrGone
	}
	token, err := s.newOfferToken(ctx, id)
	if err != nil {
		return mail.Input{}, err
	}
	in := mail.Input{Kind: mail.KindWaitlistOffer, Lang: d.Language, Service: s.serviceTitle(ctx, o.Service, d.Language), Start: o.StartsAt,
		Duration: SlotLength, Location: st.Location(), RecipientName: o.name, RecipientEmail: d.Recipient,
		OfferURL:  s.mail.PublicURL + "/waitlist/offers/" + url.PathEscape(token) + "?lang=" + url.QueryEscape(i18n.OrDefault(d.Language)),
		HoldUntil: o.HoldUntil, Agency: agencyContact(st)}
	if in.Service == "" {
		in.Service = Text(d.Language, "appointment")
	}
	return in, nil
}
