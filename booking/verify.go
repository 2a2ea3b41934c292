package booking

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/i18n"
)

// A visitor who wants Dota to show or change their appointments first proves they own the
// e-mail address they were booked with: a six-digit code is sent there (a message of kind
// "code", through the jobs like every other), valid CodeTTL, CodeTries tries. Only its
// SHA-256 is kept. A new code retires the address's earlier ones; past CodeFailuresPerDay
// wrong codes for an address in a day, none proves it. Nothing says whether an address
// has appointments before the code is given: an address with none gets no message, its
// code never matches, and every answer (sent, wrong, expired, too many) comes as it would
// for an address with appointments.

// Limits of a one-time code.
const (
	CodeTTL   = 10 * time.Minute
	CodeTries = 5
	// CodeFailuresPerDay bounds the wrong codes given for one address in a day, over all
	// its codes: past it, no code proves the address until the day has passed.
	CodeFailuresPerDay = 10
	// codesPerHour bounds the codes one address may be sent in an hour.
	codesPerHour = 5
)

// Errors of VerifyCode and SendCode.
var (
	// ErrCodeWrong is a code that does not match; tries may remain.
	ErrCodeWrong = errors.New("code does not match")
	// ErrCodeExpired is a code past its time, its tries, or used already: ask for another.
	ErrCodeExpired = errors.New("code expired")
	// ErrTooManyCodes refuses another code for an address sent codesPerHour in the hour,
	// and any code for an address given CodeFailuresPerDay wrong ones in the day.
	ErrTooManyCodes = errors.New("too many codes")
)

// The statements of a verification. Every one of an address runs under codeLock, so
// that its counts cannot be overtaken.
var (
	codeLock = `SELECT pg_advisory_xact_lock(hashtextextended('code ' || $1, 0))`
	// codeBudget counts the address's codes of the last hour and its wrong codes of the
	// last day.
	codeBudget = `SELECT
		(SELECT count(*) FROM verification_codes WHERE lower(email) = $1 AND created_at > now() - interval '1 hour'),
		(SELECT coalesce(sum(tries), 0) FROM verification_codes WHERE lower(email) = $1
			AND created_at > now() - interval '1 day')`
	// retireCodes closes the address's codes still open, before a new one.
	retireCodes = `UPDATE verification_codes SET retired_at = now()
		WHERE lower(email) = $1 AND used_at IS NULL AND retired_at IS NULL`
	// codeEmail is the address of a verification.
	codeEmail = `SELECT email FROM verification_codes WHERE id = $1`
	// lockCode reads a verification, locked, and whether it is still open.
	lockCode = `SELECT code_hash, used_at IS NULL AND retired_at IS NULL AND expires_at > now() AND tries < $2
		FROM verification_codes WHERE id = $1 FOR UPDATE`
)

// overBudget reads, in tx, whether the address may be sent no other code (codesPerHour),
// and whether no code may prove it today (CodeFailuresPerDay).
func overBudget(ctx context.Context, tx pgx.Tx, email string) (codes, failures bool, err error) {
	var recent, wrong int
	if err := tx.QueryRow(ctx, codeBudget, email).Scan(&recent, &wrong); err != nil {
		return false, false, err
	}
	return recent >= codesPerHour, wrong >= CodeFailuresPerDay, nil
}

// SendCode starts a verification of email: it returns the verification's id, which
// VerifyCode takes with the code. The code is e-mailed in lang only when the address has
// an appointment still ahead.
func (s *Core) SendCode(ctx context.Context, email, lang string) (string, error) {
	email = NormalizeEmail(email)
	if c := CheckEmail(email); c != "" {
		return "", invalidField("email", c)
	}
	var id string
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		// One address at a time: the counts below cannot be overtaken.
		if _, err := tx.Exec(ctx, codeLock, email); err != nil {
			return err
		}
		codes, failures, err := overBudget(ctx, tx, email)
		if err != nil {
			return err
		}
		if codes || failures {
			return ErrTooManyCodes
		}
		var ahead bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM appointments WHERE lower(email) = $1
				AND status NOT IN ('cancelled', 'completed') AND (starts_at IS NULL OR starts_at > $2))`,
			email, s.now()).Scan(&ahead); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, retireCodes, email); err != nil {
			return err
		}
		var delivery *string
		if ahead {
			if err := tx.QueryRow(ctx, `INSERT INTO deliveries (kind, language, recipient)
				VALUES ('code', $1, $2) RETURNING id`, i18n.OrDefault(lang), email).Scan(&delivery); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, `INSERT INTO verification_codes (email, delivery_id, expires_at)
			VALUES ($1, $2, now() + $3::interval) RETURNING id`, email, delivery, CodeTTL.String()).Scan(&id); err != nil {
			return err
		}
		if delivery == nil {
			return nil
		}
		_, err = s.jobs.InsertTx(ctx, tx, deliverArgs{DeliveryID: *delivery}, &river.InsertOpts{})
		return err
	})
	return id, err
}

// newCode makes the code of a code delivery, stores its hash and starts its time.
func (s *Core) newCode(ctx context.Context, deliveryID string) (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	code := fmt.Sprintf("%06d", n.Int64())
	tag, err := s.db.Exec(ctx, `UPDATE verification_codes SET code_hash = $2, expires_at = now() + $3::interval
		WHERE delivery_id = $1 AND used_at IS NULL AND retired_at IS NULL`, deliveryID, hashToken(code), CodeTTL.String())
	if err != nil {
		return "", err
	}
	if tag.RowsAffected() == 0 {
		return "", ErrNotFound
	}
	return code, nil
}

// VerifyCode checks the code of verification id and returns the address it proves; a code
// is good once. ErrCodeWrong leaves the tries that remain; ErrCodeExpired asks for
// another code (this one is past its time or tries, used, or retired by a newer one);
// ErrTooManyCodes says the address was given too many wrong codes today.
func (s *Core) VerifyCode(ctx context.Context, id, code string) (string, error) {
	if !IsUUID(id) {
		return "", ErrCodeExpired
	}
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return "", err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var (
		email string
		hash  []byte
		live  bool
	)
	err = tx.QueryRow(ctx, codeEmail, id).Scan(&email)
	if err == nil {
		_, err = tx.Exec(ctx, codeLock, NormalizeEmail(email))
	}
	if err == nil {
		err = tx.QueryRow(ctx, lockCode, id, CodeTries).Scan(&hash, &live)
	}
	switch {
	case errors.Is(err, pgx.ErrNoRows), err == nil && !live:
		return "", ErrCodeExpired
	case err != nil:
		return "", err
	}
	if _, failures, err := overBudget(ctx, tx, NormalizeEmail(email)); err != nil {
		return "", err
	} else if failures {
		return "", ErrTooManyCodes
	}
	if hash == nil || subtle.ConstantTimeCompare(hash, hashToken(code)) != 1 {
		// The wrong try counts, committed before it is told.
		if _, err := tx.Exec(ctx, `UPDATE verification_codes SET tries = tries + 1 WHERE id = $1`, id); err != nil {
			return "", err
		}
		if err := tx.Commit(ctx); err != nil {
			return "", err
		}
		return "", ErrCodeWrong
	}
	if _, err := tx.Exec(ctx, `UPDATE verification_codes SET used_at = now() WHERE id = $1`, id); err != nil {
		return "", err
	}
	return email, tx.Commit(ctx)
}

// Upcoming lists the appointments booked with email that are still ahead (or have no slot
// yet) and not cancelled, soonest first.
func (s *Core) Upcoming(ctx context.Context, email string) ([]Appointment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE lower(a.email) = $1 AND a.status NOT IN ('cancelled', 'completed')
			AND (a.starts_at IS NULL OR a.starts_at > $2)
		ORDER BY a.starts_at NULLS LAST, a.created_at`, NormalizeEmail(email), s.now())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanAppointment)
}

// ChangeableByCustomer reports why the customer may not move or cancel a themselves
// (inside the minimum notice, cancelled, over), or nil: the chat says so before asking
// for a new slot.
func (s *Core) ChangeableByCustomer(ctx context.Context, a Appointment) error {
	st, err := s.Settings(ctx)
	if err != nil {
		return err
	}
	return s.checkCustomerChange(st, a)
}

// CancelVerified cancels, for the customer who proved email, their appointment id, under
// the same rules as the manage link (CancelByCustomer).
func (s *Core) CancelVerified(ctx context.Context, email, id string) (Appointment, error) {
	return s.change(ctx, id, ActorCustomer, ActorCustomer, func(st Settings, a *Appointment) error {
		if NormalizeEmail(a.Email) != NormalizeEmail(email) {
			return ErrNotFound
		}
		return s.customerCancel(st, a)
	})
}

// RescheduleVerified moves, for the customer who proved email, their appointment id to
// another slot, under the same rules as the manage link (RescheduleByCustomer).
func (s *Core) RescheduleVerified(ctx context.Context, email, id, date, hhmm string) (Appointment, error) {
	return s.change(ctx, id, ActorCustomer, ActorCustomer, func(st Settings, a *Appointment) error {
		if NormalizeEmail(a.Email) != NormalizeEmail(email) {
			return ErrNotFound
		}
		return s.customerMove(st, a, date, hhmm)
	})
}
