package calendars

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// Status is a consultant's calendars as the console shows them: whether a feed is out,
// the calendar read in (never its password) and how its reads went.
type Status struct {
	Feed           bool       `json:"feed"`
	SourceKind     string     `json:"source_kind"`
	SourceURL      string     `json:"source_url"`
	SourceUsername string     `json:"source_username"`
	LastReadAt     *time.Time `json:"last_read_at"`
	LastOKAt       *time.Time `json:"last_ok_at"`
	LastError      string     `json:"last_error"`
	BusyCount      int        `json:"busy_count"`
}

// SourceInput is the calendar a consultant gives: an ICS address or a CalDAV
// collection, with the account's username and password when it needs one. An empty URL
// removes the calendar. An empty password keeps the one saved for the same address and
// username.
type SourceInput struct {
	Kind     string `json:"source_kind"`
	URL      string `json:"source_url"`
	Username string `json:"source_username"`
	Password string `json:"source_password"`
}

// Status is a consultant's calendars, the last error in lang. ErrNotFound when userID
// is not a consultant.
func (s *Service) Status(ctx context.Context, userID, lang string) (Status, error) {
	if _, err := s.booking.Consultant(ctx, userID); err != nil {
		return Status{}, err
	}
	var (
		st      Status
		lastErr string
	)
	err := s.db.QueryRow(ctx, `SELECT feed_token_hash IS NOT NULL, coalesce(source_kind, ''), coalesce(source_url, ''),
			coalesce(source_username, ''), last_read_at, last_ok_at, coalesce(last_error, '')
		FROM consultant_calendars WHERE user_id = @user`, pgx.NamedArgs{"user": userID}).
		Scan(&st.Feed, &st.SourceKind, &st.SourceURL, &st.SourceUsername, &st.LastReadAt, &st.LastOKAt, &lastErr)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return Status{}, err
	}
	if e := storedError(lastErr); e != nil {
		st.LastError = e.LocalizedMessage(lang)
	}
	if st.BusyCount, err = s.booking.BusyCount(ctx, userID, s.now()); err != nil {
		return Status{}, err
	}
	return st, nil
}

// Input limits.
const (
	maxURL      = 2000
	maxUsername = 200
	maxPassword = 500
)

// SetSource saves the calendar a consultant reads in, after reading it once: an address
// that cannot be read is refused with the reason (a *booking.ValidationError on
// source_url), and one that can is stored with its busy ranges at once. An empty URL
// removes the calendar and frees what it blocked.
func (s *Service) SetSource(ctx context.Context, userID string, in SourceInput, lang string) (Status, error) {
	if _, err := s.booking.Consultant(ctx, userID); err != nil {
		return Status{}, err
	}
	in.URL, in.Username = strings.TrimSpace(in.URL), strings.TrimSpace(in.Username)
	now := s.now()
	if in.URL == "" {
		if _, err := s.db.Exec(ctx, `UPDATE consultant_calendars SET source_kind = NULL, source_url = NULL,
				source_username = NULL, source_password = NULL, last_read_at = NULL, last_ok_at = NULL,
				last_error = NULL, updated_at = now() WHERE user_id = @user`, pgx.NamedArgs{"user": userID}); err != nil {
			return Status{}, err
		}
		if err := s.booking.ReplaceBusy(ctx, userID, now, now.AddDate(0, 0, booking.MaxBookingHorizonDays+1), nil); err != nil {
			return Status{}, err
		}
		return s.Status(ctx, userID, lang)
	}
	src, err := s.checkInput(ctx, userID, in)
	if err != nil {
		return Status{}, err
	}
	from, to, loc, err := s.window(ctx)
	if err != nil {
		return Status{}, err
	}
	ranges, err := s.read(ctx, src, from, to, loc)
	var re *ReadError
	if errors.As(err, &re) {
		return Status{}, &booking.ValidationError{Fields: map[string]string{"source_url": re.Code},
			Catalogue: func(lang, code string, _ ...string) string { return Text(lang, code, re.Args...) }}
	}
	if err != nil {
		return Status{}, err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO consultant_calendars (user_id, source_kind, source_url, source_username,
			source_password, last_read_at, last_ok_at)
		VALUES (@user, @kind, @url, nullif(@username, ''), nullif(@password, ''), @now, @now)
		ON CONFLICT (user_id) DO UPDATE SET source_kind = excluded.source_kind, source_url = excluded.source_url,
			source_username = excluded.source_username, source_password = excluded.source_password,
			last_read_at = excluded.last_read_at, last_ok_at = excluded.last_ok_at, last_error = NULL,
			updated_at = now()`,
		pgx.NamedArgs{"user": userID, "kind": src.Kind, "url": src.URL, "username": src.Username,
			"password": src.Password, "now": now}); err != nil {
		return Status{}, err
	}
	if err := s.booking.ReplaceBusy(ctx, userID, from, to, ranges); err != nil {
		return Status{}, err
	}
	return s.Status(ctx, userID, lang)
}

// checkInput validates a calendar's address; a webcal:// address (what calendars hand
// out for subscribing) is read over https. An empty password keeps the saved one when
// the address and username are the same.
func (s *Service) checkInput(ctx context.Context, userID string, in SourceInput) (source, error) {
	fields := map[string]string{}
	if in.Kind == "" {
		in.Kind = KindICS
	}
	if in.Kind != KindICS && in.Kind != KindCalDAV {
		fields["source_kind"] = "calendar_kind_invalid"
	}
	if strings.HasPrefix(strings.ToLower(in.URL), "webcal://") {
		in.URL = "https://" + in.URL[len("webcal://"):]
	}
	u, err := url.Parse(in.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(in.URL) > maxURL || u.User != nil {
		fields["source_url"] = "calendar_url_invalid"
	}
	if len(in.Username) > maxUsername {
		fields["source_username"] = "calendar_field_too_long"
	}
	if len(in.Password) > maxPassword {
		fields["source_password"] = "calendar_field_too_long"
	}
	if len(fields) > 0 {
		return source{}, &booking.ValidationError{Fields: fields, Catalogue: Text}
	}
	src := source(in)
	if src.Password == "" {
		var saved string
		err := s.db.QueryRow(ctx, `SELECT coalesce(source_password, '') FROM consultant_calendars
			WHERE user_id = @user AND source_url = @url AND coalesce(source_username, '') = @username`,
			pgx.NamedArgs{"user": userID, "url": src.URL, "username": src.Username}).Scan(&saved)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return source{}, err
		}
		src.Password = saved
	}
	return src, nil
}

// window is what a read covers: from now to the booking horizon's last day, in the
// agency's zone.
func (s *Service) window(ctx context.Context) (time.Time, time.Time, *time.Location, error) {
	st, err := s.booking.Settings(ctx)
	if err != nil {
		return time.Time{}, time.Time{}, nil, err
	}
	loc := st.Location()
	now := s.now().In(loc)
	days := st.BookingHorizonDays
	if days <= 0 {
		days = booking.DefaultBookingHorizonDays
	}
	end := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc).AddDate(0, 0, days+1)
	return now, end, loc, nil
}
