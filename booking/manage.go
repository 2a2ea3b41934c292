package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/mail"
	"github.com/jackc/pgx/v5"
)

// A manage link lets the customer see, cancel or move their appointment without an
// account. Its token is 32 random bytes (43 characters in the link); only its SHA-256 is
// stored, so the ledger and the database never hold a working link. Every message makes
// its own token; all of them stay valid until the appointment is over, or until its
// e-mail changes (readdress.go).

// manageTokenBytes is the size of a token before encoding.
const manageTokenBytes = 32

// insertManageToken stores a token for the appointment, only while recipient is still its
// e-mail ("" for an appointment without one: the form's visitor's confirmation page).
const insertManageToken = `INSERT INTO manage_tokens (token_hash, appointment_id)
	SELECT $1, id FROM appointments WHERE id = $2 AND coalesce(lower(email), '') = $3`

// newManageToken makes and stores a token for the appointment, for a message to
// recipient; errRecipientChanged when the appointment's e-mail is another one now.
func (s *Core) newManageToken(ctx context.Context, appointmentID, recipient string) (string, error) {
	b := make([]byte, manageTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	tag, err := s.db.Exec(ctx, insertManageToken, hashToken(token), appointmentID, NormalizeEmail(recipient))
	if err != nil {
		return "", err
	}
	if tag.RowsAffected() == 0 {
		return "", errRecipientChanged
	}
	return token, nil
}

// manageURL is the page of the manage link, in lang.
func (s *Core) manageURL(token, lang string) string {
	return s.mail.PublicURL + "/manage/" + url.PathEscape(token) + "?lang=" + url.QueryEscape(i18n.OrDefault(lang))
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// appointmentIDByToken finds the appointment a token manages, locked for the change when
// tx is given; ErrNotFound for a token that is malformed or unknown.
func appointmentIDByToken(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, token string) (string, error) {
	if b, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(b) != manageTokenBytes {
		return "", ErrNotFound
	}
	var id string
	err := q.QueryRow(ctx, `SELECT appointment_id FROM manage_tokens WHERE token_hash = $1`, hashToken(token)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return id, err
}

// Managed is the appointment as its manage link shows it to the customer.
type Managed struct {
	ID       string     `json:"id"`
	Service  string     `json:"service"`
	Date     string     `json:"date"`
	Time     string     `json:"time"`
	StartsAt *time.Time `json:"starts_at"`
	Status   string     `json:"status"`
	Lang     string     `json:"lang"`
	// Mode is how the meeting happens; MeetingURL its video link ("" but by video).
	Mode          string `json:"mode"`
	MeetingURL    string `json:"meeting_url"`
	CanCancel     bool   `json:"can_cancel"`
	CanReschedule bool   `json:"can_reschedule"`
	// NoticeUntil is the last moment the customer may change it; nil without a slot.
	NoticeUntil *time.Time `json:"notice_until"`
}

// TooLateError refuses a customer's change inside the minimum notice: the message says
// how to reach the agency instead.
type TooLateError struct {
	NoticeMinutes int
	Agency        mail.Agency
}

func (e *TooLateError) Error() string { return "too late to change online" }

// LocalizedMessage is the refusal in lang, with the agency's phone and e-mail.
func (e *TooLateError) LocalizedMessage(lang string) string {
	return Text(lang, "too_late", "hours", strconv.Itoa((e.NoticeMinutes+59)/60), "phone", e.Agency.Phone,
		"email", e.Agency.Email)
}

// AlreadyCancelledError refuses to cancel or move a cancelled appointment.
type AlreadyCancelledError struct{}

func (e *AlreadyCancelledError) Error() string { return "already cancelled" }

// Is makes it match ErrConflict.
func (e *AlreadyCancelledError) Is(target error) bool { return target == ErrConflict }

// LocalizedMessage is the refusal in lang.
func (e *AlreadyCancelledError) LocalizedMessage(lang string) string {
	return Text(lang, "already_cancelled")
}

// Manage returns the appointment a manage link names; ErrNotFound when the token is
// unknown or the appointment is over.
func (s *Core) Manage(ctx context.Context, token string) (Managed, error) {
	id, err := appointmentIDByToken(ctx, s.db, token)
	if err != nil {
		return Managed{}, err
	}
	a, err := s.Appointment(ctx, id)
	if err != nil {
		return Managed{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Managed{}, err
	}
	return s.named(ctx, st, a)
}

// named is managed with the service named in the appointment's language.
func (s *Core) named(ctx context.Context, st Settings, a Appointment) (Managed, error) {
	m, err := s.managed(st, a)
	m.Service = s.serviceTitle(ctx, m.Service, m.Lang)
	return m, err
}

// managed is what the customer sees of a; ErrNotFound once it is over.
func (s *Core) managed(st Settings, a Appointment) (Managed, error) {
	now := s.now()
	if a.Status == "completed" || (a.StartsAt != nil && !a.StartsAt.Add(SlotLength).After(now)) {
		return Managed{}, ErrNotFound
	}
	m := Managed{ID: a.ID, Service: a.Service, Date: a.Date, Time: a.Time, StartsAt: a.StartsAt,
		Status: a.Status, Lang: i18n.OrDefault(a.Language), Mode: a.Mode, MeetingURL: a.MeetingURL}
	open := a.Status != StatusCancelled
	if a.StartsAt != nil {
		until := a.StartsAt.Add(-st.MinNotice())
		m.NoticeUntil = &until
		open = open && now.Before(until)
	}
	m.CanCancel, m.CanReschedule = open, open
	return m, nil
}

// checkCustomerChange refuses a change by the customer to a cancelled appointment, to
// one inside the notice, or over.
func (s *Core) checkCustomerChange(st Settings, a Appointment) error {
	m, err := s.managed(st, a)
	switch {
	case err != nil:
		return err
	case a.Status == StatusCancelled:
		return &AlreadyCancelledError{}
	case !m.CanCancel:
		return &TooLateError{NoticeMinutes: st.MinNoticeMinutes, Agency: agencyContact(st)}
	}
	return nil
}

// CancelByCustomer cancels the appointment a manage link names, up to the minimum notice
// (*TooLateError inside it), with a history row naming the customer and the cancellation
// message; *AlreadyCancelledError when it is cancelled already.
func (s *Core) CancelByCustomer(ctx context.Context, token string) (Managed, error) {
	return s.changeByCustomer(ctx, token, s.customerCancel)
}

// customerCancel cancels a for its customer, refused inside the notice or when cancelled.
func (s *Core) customerCancel(st Settings, a *Appointment) error {
	if err := s.checkCustomerChange(st, *a); err != nil {
		return err
	}
	a.Status = StatusCancelled
	return nil
}

// RescheduleByCustomer moves the appointment a manage link names to another slot: both
// the current start and the new one must lie beyond the minimum notice (*TooLateError),
// and the new slot is checked as Book checks one (*SlotClosedError, *SlotTakenError with
// the nearest free slots). The history names the customer; the move message follows.
func (s *Core) RescheduleByCustomer(ctx context.Context, token, date, hhmm string) (Managed, error) {
	return s.changeByCustomer(ctx, token, func(st Settings, a *Appointment) error {
		return s.customerMove(st, a, date, hhmm)
	})
}

// customerMove moves a to another slot for its customer: both its start and the new one
// beyond the minimum notice; the slot itself is checked by change, as Book checks one.
func (s *Core) customerMove(st Settings, a *Appointment, date, hhmm string) error {
	date, hhmm = strings.TrimSpace(date), strings.TrimSpace(hhmm)
	if err := s.checkCustomerChange(st, *a); err != nil {
		return err
	}
	v := &ValidationError{}
	if _, ok := ParseDate(date, st.Location()); !ok {
		v.Add("date", "date_invalid")
	}
	if !slices.Contains(SlotTimes, hhmm) {
		v.Add("time", "time_invalid")
	}
	if err := v.OrNil(); err != nil {
		return err
	}
	if start := st.StartsAt(date, hhmm); start != nil && start.After(s.now()) && start.Before(s.now().Add(st.MinNotice())) {
		return &TooLateError{NoticeMinutes: st.MinNoticeMinutes, Agency: agencyContact(st)}
	}
	a.Date, a.Time = date, hhmm
	return nil
}

func (s *Core) changeByCustomer(ctx context.Context, token string, fn func(Settings, *Appointment) error) (Managed, error) {
	id, err := appointmentIDByToken(ctx, s.db, token)
	if err != nil {
		return Managed{}, err
	}
	a, err := s.change(ctx, id, ActorCustomer, ActorCustomer, fn)
	if err != nil {
		return Managed{}, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Managed{}, err
	}
	return s.named(ctx, st, a)
}

// ManageLink makes a new manage link for the appointment, in lang, for staff to hand the
// customer in a message of their own (a canned reply's {manage_link}): a token made and
// stored now, like a message's, for the appointment's e-mail as it is. ErrNotFound when
// the appointment is unknown, cancelled or over: a link that manages nothing is not
// handed out.
func (s *Core) ManageLink(ctx context.Context, appointmentID, lang string) (string, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return "", err
	}
	for range 2 { // the e-mail may change between the read and the insert: read it again once
		a, err := s.Appointment(ctx, appointmentID)
		if err != nil {
			return "", err
		}
		if _, err := s.managed(st, a); err != nil || a.Status == StatusCancelled {
			return "", ErrNotFound
		}
		token, err := s.newManageToken(ctx, a.ID, a.Email)
		if errors.Is(err, errRecipientChanged) {
			continue
		}
		if err != nil {
			return "", err
		}
		return s.manageURL(token, lang), nil
	}
	return "", ErrConflict
}
