package booking

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// An Idempotency-Key returns the booking it made only to the request that made it: each
// appointment keeps, with its key, the hash of that request (RequestHash). A retry with
// the same key and the same booking, however spelled, gets the first booking back; the
// same key with another booking is an IdempotencyConflictError, never the stored one.

// RequestHash is the hex SHA-256 of the values that define a booking, once normalized as
// Book normalizes them (trimmed, e-mail lower-cased, phone in E.164): name, e-mail,
// phone, company, sector, service, date, time, message and the client asked for. The
// source, language and dashboard status do not count.
func RequestHash(r Request) string {
	r.normalize()
	return r.hash()
}

func (r *Request) hash() string {
	phone := r.phoneE164
	if phone == "" {
		phone = r.Phone
	}
	h := sha256.New()
	for _, f := range []string{r.Name, r.Email, phone, r.Company, r.Sector, r.Service, r.Date, r.Time, r.Message,
		strings.ToLower(r.ClientID)} {
		// Each value is prefixed with its length, so that values cannot run into each other.
		h.Write([]byte(strconv.Itoa(len(f)) + ":" + f + ";"))
	}
	// The answers to the service's questions, when there are any (a request without them
	// hashes as it did before questions).
	for _, id := range slices.Sorted(maps.Keys(r.Answers)) {
		a := id + "=" + r.Answers[id]
		h.Write([]byte("a" + strconv.Itoa(len(a)) + ":" + a + ";"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Booked returns the appointment that request r booked under its idempotency key, or
// ErrNotFound when it booked nothing. A booking of that key still in progress (one whose
// answer was lost) is waited for, so that the answer is what happened. It is how a caller
// learns the outcome of a Book that failed ambiguously (see Ambiguous).
func (s *Core) Booked(ctx context.Context, r Request) (Appointment, error) {
	r.normalize()
	if r.key == "" {
		return Appointment{}, ErrNotFound
	}
	var a Appointment
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, lockBooking, []string{idemLock(r.key)}); err != nil {
			return err
		}
		// A separate statement: its snapshot is taken once the lock is held.
		rows, err := tx.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
			WHERE idempotency_key = $1 AND request_hash = $2`, r.key, r.hash())
		if err != nil {
			return err
		}
		a, err = pgx.CollectExactlyOneRow(rows, ScanAppointment)
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Appointment{}, ErrNotFound
	}
	return a, err
}

// Ambiguous reports whether a Book that failed with err may still have committed its
// booking: the connection broke or timed out after the transaction could have reached
// the database. Refusals of the core's own and errors the database answered with are not
// ambiguous: nothing was booked.
func Ambiguous(err error) bool {
	var (
		pgErr *pgconn.PgError
		v     *ValidationError
	)
	switch {
	case err == nil, errors.As(err, &pgErr), errors.As(err, &v), errors.Is(err, ErrSlotTaken),
		errors.Is(err, ErrSlotClosed), errors.Is(err, ErrConflict), errors.Is(err, ErrNotFound):
		return false
	}
	return !pgconn.SafeToRetry(err)
}
