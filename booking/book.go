package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// MaxIdempotencyKeyLen bounds the Idempotency-Key a client may send.
const MaxIdempotencyKeyLen = 200

// Request is what a person asks for, through the form, the chat or the console.
type Request struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Company string `json:"company"`
	Sector  string `json:"sector"`
	Service string `json:"service"`
	Date    string `json:"date"` // YYYY-MM-DD, optional with Time
	Time    string `json:"time"` // HH:MM, one of SlotTimes
	Message string `json:"message"`
	// ClientID, from the console, books for an existing client instead of matching one.
	ClientID string `json:"client_id"`

	Source          string `json:"-"`
	Language        string `json:"-"`
	IdempotencyKey  string `json:"-"`
	StatusDashboard string `json:"-"`
}

// Result is a booked appointment. Replayed is true when an earlier request with the same
// idempotency key made it.
type Result struct {
	Appointment  Appointment
	Notification Notification
	Replayed     bool
}

// Book validates the request, matches or creates the client, checks that the slot is
// open and has room, and stores the appointment as pending with its notification, all in
// one transaction. Live events go out after the commit.
func (s *Core) Book(ctx context.Context, r Request) (Result, error) {
	r.normalize()
	st, err := s.Settings(ctx)
	if err != nil {
		return Result{}, err
	}
	if err := r.validate(s.now().In(st.Location())); err != nil {
		return Result{}, err
	}
	if r.IdempotencyKey != "" {
		if a, err := s.appointmentByKey(ctx, r.IdempotencyKey); err == nil {
			return Result{Appointment: a, Replayed: true}, nil
		} else if !errors.Is(err, ErrNotFound) {
			return Result{}, err
		}
	}
	if r.Date != "" {
		if err := s.checkOpen(ctx, st, r.Date, r.Time); err != nil {
			return Result{}, err
		}
	}
	res, err := s.bookTx(ctx, st, r)
	if errors.Is(err, errReplay) {
		a, err := s.appointmentByKey(ctx, r.IdempotencyKey)
		return Result{Appointment: a, Replayed: true}, err
	}
	if errors.Is(err, ErrSlotTaken) {
		alts, aerr := s.NearestFree(ctx, r.Date, r.Time, AlternativesCount)
		if aerr != nil {
			return Result{}, aerr
		}
		return Result{}, &SlotTakenError{Alternatives: alts}
	}
	if err != nil {
		return Result{}, err
	}
	appointmentsCreated.WithLabelValues(r.Source).Inc()
	s.publish(ctx, Event{Kind: EventAppointmentCreated, Appointment: &res.Appointment})
	s.publish(ctx, Event{Kind: EventNotificationCreated, Notification: &res.Notification})
	return res, nil
}

// errReplay means a concurrent request with the same idempotency key won the race.
var errReplay = errors.New("idempotent replay")

func (s *Core) bookTx(ctx context.Context, st Settings, r Request) (Result, error) {
	var res Result
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if r.IdempotencyKey != "" {
			// Retries of one request wait for each other here, so the second sees the first.
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('idem ' || $1, 0))`,
				r.IdempotencyKey); err != nil {
				return err
			}
			var exists bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM appointments WHERE idempotency_key = $1)`,
				r.IdempotencyKey).Scan(&exists); err != nil {
				return err
			}
			if exists {
				return errReplay
			}
		}
		if r.Date != "" {
			// One lock per slot serializes bookings of the same slot, so the count below
			// cannot be overtaken by a concurrent insert.
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('slot ' || $1 || ' ' || $2, 0))`,
				r.Date, r.Time); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM appointments
				WHERE date = $1::date AND time = $2 AND status <> 'cancelled'`, r.Date, r.Time).Scan(&n); err != nil {
				return err
			}
			if n >= st.SlotCapacity {
				return ErrSlotTaken
			}
		}
		clientID := r.ClientID
		if clientID != "" {
			if err := tx.QueryRow(ctx, `SELECT id FROM clients WHERE id = $1`, clientID).Scan(&clientID); err != nil {
				if errors.Is(err, pgx.ErrNoRows) {
					v := &ValidationError{}
					v.Add("client_id", "not_found")
					return v
				}
				return err
			}
		} else {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('client ' || $1, 0))`,
				PhoneDigits(r.Phone)); err != nil {
				return err
			}
			var err error
			if clientID, err = matchOrCreateClient(ctx, tx, &r); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `INSERT INTO appointments AS a (name, email, phone, service, date, time, message,
			company, sector, status, status_dashboard, source, language, client_id, idempotency_key)
			VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, 'pending', $10, $11, $12, $13, $14)
			ON CONFLICT (idempotency_key) DO NOTHING
			RETURNING `+AppointmentColumns,
			r.Name, NullIfEmpty(r.Email), NullIfEmpty(r.Phone), NullIfEmpty(r.Service), NullIfEmpty(r.Date),
			NullIfEmpty(r.Time), NullIfEmpty(r.Message), NullIfEmpty(r.Company), NullIfEmpty(r.Sector),
			NullIfEmpty(r.StatusDashboard), r.Source, r.Language, clientID, NullIfEmpty(r.IdempotencyKey))
		if err != nil {
			return err
		}
		a, err := pgx.CollectExactlyOneRow(rows, ScanAppointment)
		if errors.Is(err, pgx.ErrNoRows) {
			return errReplay
		}
		if err != nil {
			return err
		}
		title, msg := notificationText(a)
		rows, err = tx.Query(ctx, `INSERT INTO notifications AS n (title, message, type, priority, appointment_id)
			VALUES ($1, $2, 'appointment', 'high', $3) RETURNING `+NotificationColumns, title, msg, a.ID)
		if err != nil {
			return err
		}
		n, err := pgx.CollectExactlyOneRow(rows, ScanNotification)
		if err != nil {
			return err
		}
		res = Result{Appointment: a, Notification: n}
		return nil
	})
	return res, err
}

func notificationText(a Appointment) (title, message string) {
	title = "Nouveau rendez-vous : " + a.Name
	parts := []string{a.Name}
	for _, p := range []string{a.Email, a.Phone, a.Service} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if a.Date != "" {
		parts = append(parts, a.Date+" "+a.Time)
	}
	return title, strings.Join(parts, " · ") + " (" + a.Source + ")"
}

// checkOpen refuses a slot that is not one of the business day's slots, or is past.
func (s *Core) checkOpen(ctx context.Context, st Settings, date, hhmm string) error {
	d, _ := ParseDate(date, st.Location())
	day := s.day(st, d, nil)
	reason := day.Reason
	if !day.Closed {
		i := slices.IndexFunc(day.Slots, func(sl Slot) bool { return sl.Time == hhmm })
		switch {
		case i < 0:
			reason = "not_a_slot"
		case day.Slots[i].Past:
			reason = "past"
		default:
			return nil
		}
	}
	alts, err := s.NearestFree(ctx, date, hhmm, AlternativesCount)
	if err != nil {
		return err
	}
	return &SlotClosedError{Reason: reason, Alternatives: alts}
}

func (s *Core) appointmentByKey(ctx context.Context, key string) (Appointment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE idempotency_key = $1`, key)
	if err != nil {
		return Appointment{}, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, ScanAppointment)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

func (r *Request) normalize() {
	for _, f := range []*string{&r.Name, &r.Phone, &r.Company, &r.Sector, &r.Service, &r.Date, &r.Time,
		&r.Message, &r.ClientID, &r.IdempotencyKey} {
		*f = strings.TrimSpace(*f)
	}
	r.Name = strings.Join(strings.Fields(r.Name), " ")
	r.Email = NormalizeEmail(r.Email)
	if l := NormalizeLang(r.Language); l != "" {
		r.Language = l
	} else {
		r.Language = DefaultLanguage
	}
	if r.Source == "" {
		r.Source = SourceForm
	}
}

func (r *Request) validate(now time.Time) error {
	v := &ValidationError{}
	if r.Name == "" {
		v.Add("name", "required")
	} else if n := len([]rune(r.Name)); n < NameMinLen || n > NameMaxLen {
		v.Add("name", "name_length")
	} else if !cleanText(r.Name) {
		v.Add("name", "text_invalid")
	}
	if r.Phone == "" {
		v.Add("phone", "required")
	} else if c := CheckPhone(r.Phone); c != "" {
		v.Add("phone", c)
	}
	if len(v.Fields) > 0 && (r.Name == "" || r.Phone == "") {
		v.Summary = "required_fields"
	}
	if r.Email != "" {
		if c := CheckEmail(r.Email); c != "" {
			v.Add("email", c)
		}
	}
	if r.Company != "" {
		if c := CheckCompany(r.Company); c != "" {
			v.Add("company", c)
		}
	}
	for field, val := range map[string]string{"service": r.Service, "sector": r.Sector} {
		if c := checkText(val, ShortMaxLen); c != "" {
			v.Add(field, c)
		}
	}
	if c := checkText(r.Message, MessageMaxLen); c != "" {
		v.Add("message", c)
	}
	r.validateSlot(now, v)
	if r.ClientID != "" && !IsUUID(r.ClientID) {
		v.Add("client_id", "not_found")
	}
	if c := CheckIdempotencyKey(r.IdempotencyKey); c != "" {
		v.Add("idempotency_key", c)
	}
	if !slices.Contains(Sources, r.Source) {
		return fmt.Errorf("booking: unknown source %q", r.Source)
	}
	return v.OrNil()
}

func (r *Request) validateSlot(now time.Time, v *ValidationError) {
	if r.Date == "" && r.Time == "" {
		return
	}
	if r.Date == "" || r.Time == "" {
		v.Add("date", "date_time_pair")
		return
	}
	d, ok := ParseDate(r.Date, now.Location())
	if !ok {
		v.Add("date", "date_invalid")
	} else if d.Before(time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())) {
		v.Add("date", "date_past")
	}
	if !slices.Contains(SlotTimes, r.Time) {
		v.Add("time", "time_invalid")
	}
}

// CheckIdempotencyKey validates a client's Idempotency-Key: empty, or at most
// MaxIdempotencyKeyLen printable ASCII characters without spaces. It returns a message
// code, or "".
func CheckIdempotencyKey(key string) string {
	if len(key) > MaxIdempotencyKeyLen || !printableASCII(key) {
		return "idempotency_key_invalid"
	}
	return ""
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
