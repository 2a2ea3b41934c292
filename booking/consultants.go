package booking

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dota-agency/dota/mail"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Consultants are the staff who meet prospects: each takes some services, works weekly
// hours and has days off. When at least one is active, a slot is free for a service when
// one who takes it is free then (assign.go), and every booking is given one.

// ConsultantNameMax bounds a consultant's name.
const ConsultantNameMax = 80

// WeeklyRange is one range of a consultant's working hours on a weekday (0 Sunday … 6
// Saturday, as time.Weekday), HH:MM in the agency's time zone.
type WeeklyRange struct {
	Weekday int    `json:"weekday"`
	Starts  string `json:"starts"`
	Ends    string `json:"ends"`
}

// ConsultantInput is a consultant's profile as staff write it.
type ConsultantInput struct {
	Name string `json:"name"`
	// Services are the services taken, by slug (or name): stored by slug.
	Services []string `json:"services"`
	// Active is true when nil: an inactive consultant is never assigned.
	Active  *bool         `json:"active"`
	Hours   []WeeklyRange `json:"hours"`
	DaysOff []string      `json:"days_off"`
}

// Consultant is a staff user who meets prospects, with their services, hours and days off.
type Consultant struct {
	UserID   string        `json:"user_id"`
	Name     string        `json:"name"`
	Services []string      `json:"services"`
	Active   bool          `json:"active"`
	Hours    []WeeklyRange `json:"hours"`
	DaysOff  []string      `json:"days_off"`
}

// PublicConsultant is a consultant as visitors see them: a name to ask for.
type PublicConsultant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// consultantColumns read a consultant of the table aliased c, with hours and days off.
const consultantColumns = `c.user_id::text, c.name, c.services, c.active,
	coalesce((SELECT array_agg(h.weekday || ' ' || left(h.starts::text, 5) || ' ' || left(h.ends::text, 5)
		ORDER BY h.weekday, h.starts) FROM consultant_hours h WHERE h.user_id = c.user_id), '{}') AS hours,
	coalesce((SELECT array_agg(to_char(o.day, 'YYYY-MM-DD') ORDER BY o.day)
		FROM consultant_days_off o WHERE o.user_id = c.user_id), '{}') AS days_off`

func scanConsultant(row pgx.CollectableRow) (Consultant, error) {
	var c Consultant
	var hours []string
	if err := row.Scan(&c.UserID, &c.Name, &c.Services, &c.Active, &hours, &c.DaysOff); err != nil {
		return c, err
	}
	c.Hours = make([]WeeklyRange, 0, len(hours))
	for _, h := range hours {
		c.Hours = append(c.Hours, parseRange(h))
	}
	return c, nil
}

// parseRange reads a range as consultantColumns write it: "weekday HH:MM HH:MM".
func parseRange(s string) WeeklyRange {
	f := strings.Fields(s)
	if len(f) != 3 {
		return WeeklyRange{}
	}
	return WeeklyRange{Weekday: int(f[0][0] - '0'), Starts: f[1], Ends: f[2]}
}

// Consultants lists every consultant, active or not, ordered by name.
func (s *Core) Consultants(ctx context.Context) ([]Consultant, error) {
	rows, err := s.db.Query(ctx, `SELECT `+consultantColumns+` FROM consultants c ORDER BY c.name, c.user_id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanConsultant)
}

// Consultant returns one consultant; ErrNotFound when the user is none.
func (s *Core) Consultant(ctx context.Context, id string) (Consultant, error) {
	if !IsUUID(id) {
		return Consultant{}, ErrNotFound
	}
	rows, err := s.db.Query(ctx, `SELECT `+consultantColumns+` FROM consultants c WHERE c.user_id = $1`, id)
	if err != nil {
		return Consultant{}, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanConsultant)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrNotFound
	}
	return c, err
}

// PublicConsultants lists the active consultants who take service (a slug or name; ""
// for every active one), ordered by name.
func (s *Core) PublicConsultants(ctx context.Context, service string) ([]PublicConsultant, error) {
	slug, err := s.serviceSlug(ctx, service)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT user_id::text, name FROM consultants
		WHERE active AND ($1 = '' OR $1 = ANY(services)) ORDER BY name, user_id`, slug)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PublicConsultant])
}

// serviceSlug is the slug of the service text names, as Book reads it; text itself when
// the catalogue knows no such service, "" for "".
func (s *Core) serviceSlug(ctx context.Context, text string) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", nil
	}
	list, err := s.catalogue.ServiceNames(ctx)
	if err != nil {
		return "", err
	}
	if slug, ok := catalogueSlug(list, text); ok {
		return slug, nil
	}
	return text, nil
}

// SaveConsultant makes the staff user id a consultant, or replaces their profile, hours
// and days off, in one transaction. The services must be the catalogue's (stored by
// slug), the ranges HH:MM with starts before ends and none overlapping another of the
// same weekday, the days off dates. ErrNotFound when no staff user has that id.
func (s *Core) SaveConsultant(ctx context.Context, id string, in ConsultantInput) (Consultant, error) {
	if !IsUUID(id) {
		return Consultant{}, ErrNotFound
	}
	list, err := s.catalogue.ServiceNames(ctx)
	if err != nil {
		return Consultant{}, err
	}
	c, err := in.check(func(text string) (string, bool) { return catalogueSlug(list, text) })
	if err != nil {
		return Consultant{}, err
	}
	starts, ends, weekdays := make([]string, len(c.Hours)), make([]string, len(c.Hours)), make([]int, len(c.Hours))
	for i, h := range c.Hours {
		weekdays[i], starts[i], ends[i] = h.Weekday, h.Starts, h.Ends
	}
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO consultants (user_id, name, services, active) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, services = excluded.services,
				active = excluded.active, updated_at = now()`, id, c.Name, c.Services, c.Active); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM consultant_hours WHERE user_id = $1`, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO consultant_hours (user_id, weekday, starts, ends)
			SELECT $1, w, s::time, e::time FROM unnest($2::int[], $3::text[], $4::text[]) AS r(w, s, e)`,
			id, weekdays, starts, ends); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM consultant_days_off WHERE user_id = $1`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO consultant_days_off (user_id, day)
			SELECT $1, d FROM unnest($2::date[]) AS d`, id, c.DaysOff)
		return err
	})
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return Consultant{}, ErrNotFound // no staff user has that id
	}
	if err != nil {
		return Consultant{}, err
	}
	return s.Consultant(ctx, id)
}

// RemoveConsultant makes the user no longer a consultant: their appointments keep their
// slots without an owner. ErrNotFound when they were none.
func (s *Core) RemoveConsultant(ctx context.Context, id string) error {
	if !IsUUID(id) {
		return ErrNotFound
	}
	tag, err := s.db.Exec(ctx, `DELETE FROM consultants WHERE user_id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return err
}

// check validates the input and returns the consultant it describes (without a user id):
// slug reads a service against the catalogue.
func (in ConsultantInput) check(slug func(string) (string, bool)) (Consultant, error) {
	v := &ValidationError{}
	c := Consultant{Name: strings.Join(strings.Fields(in.Name), " "), Active: in.Active == nil || *in.Active,
		Services: []string{}, Hours: []WeeklyRange{}, DaysOff: []string{}}
	switch {
	case c.Name == "":
		v.Add("name", "required")
	case utf8.RuneCountInString(c.Name) > ConsultantNameMax:
		v.Add("name", "too_long")
	case !cleanText(c.Name):
		v.Add("name", "text_invalid")
	}
	for _, text := range in.Services {
		sl, ok := slug(text)
		if !ok {
			v.Add("services", "service_invalid")
			continue
		}
		if !slices.Contains(c.Services, sl) {
			c.Services = append(c.Services, sl)
		}
	}
	for _, h := range in.Hours {
		h.Starts, h.Ends = strings.TrimSpace(h.Starts), strings.TrimSpace(h.Ends)
		if h.Weekday < 0 || h.Weekday > 6 || !hhmm.MatchString(h.Starts) || !hhmm.MatchString(h.Ends) || h.Starts >= h.Ends {
			v.Add("hours", "consultant_hours_invalid")
			continue
		}
		c.Hours = append(c.Hours, h)
	}
	sort.Slice(c.Hours, func(i, j int) bool {
		a, b := c.Hours[i], c.Hours[j]
		return a.Weekday < b.Weekday || (a.Weekday == b.Weekday && a.Starts < b.Starts)
	})
	for i := 1; i < len(c.Hours); i++ {
		if c.Hours[i].Weekday == c.Hours[i-1].Weekday && c.Hours[i].Starts < c.Hours[i-1].Ends {
			v.Add("hours", "consultant_hours_overlap")
		}
	}
	for _, d := range in.DaysOff {
		d = strings.TrimSpace(d)
		if _, ok := ParseDate(d, time.UTC); !ok {
			v.Add("days_off", "date_invalid")
			continue
		}
		if !slices.Contains(c.DaysOff, d) {
			c.DaysOff = append(c.DaysOff, d)
		}
	}
	sort.Strings(c.DaysOff)
	return c, v.OrNil()
}

// BusyRange is a time a consultant is busy in their own calendar: times only, never what
// the event was.
type BusyRange struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// ReplaceBusy replaces a consultant's busy ranges that touch [from, to) with ranges, in
// one transaction, so that slots are never computed from half a read: what the last read
// of their calendar found is what blocks their slots. Ranges that ended before from are
// dropped too (they block nothing any more). A range that is empty or reversed is left
// out. ErrNotFound when ranges are given for a user who is not a consultant.
func (s *Core) ReplaceBusy(ctx context.Context, userID string, from, to time.Time, ranges []BusyRange) error {
	starts := make([]time.Time, 0, len(ranges))
	ends := make([]time.Time, 0, len(ranges))
	for _, r := range ranges {
		if r.Start.Before(r.End) {
			starts, ends = append(starts, r.Start.UTC()), append(ends, r.End.UTC())
		}
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM consultant_busy
			WHERE user_id = @user AND ((starts_at < @to AND ends_at > @from) OR ends_at <= @from)`,
			pgx.NamedArgs{"user": userID, "from": from, "to": to}); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO consultant_busy (user_id, starts_at, ends_at)
			SELECT @user, r.s, r.e FROM unnest(@starts::timestamptz[], @ends::timestamptz[]) AS r(s, e)`,
			pgx.NamedArgs{"user": userID, "starts": starts, "ends": ends})
		return err
	})
	if pgErr := (*pgconn.PgError)(nil); errors.As(err, &pgErr) && (pgErr.Code == "23503" || pgErr.Code == "22P02") {
		return ErrNotFound // not a consultant (or not an id)
	}
	return err
}

// BusyCount is how many of a consultant's busy ranges end after from: what their
// calendar blocks from then on.
func (s *Core) BusyCount(ctx context.Context, userID string, from time.Time) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT count(*) FROM consultant_busy WHERE user_id = @user AND ends_at > @from`,
		pgx.NamedArgs{"user": userID, "from": from}).Scan(&n)
	return n, err
}

// ConsultantAppointments are the appointments a consultant holds that start at from or
// later, in time order, the cancelled ones included: a calendar that subscribes to their
// feed learns of a cancellation from the event's STATUS:CANCELLED (and its raised
// SEQUENCE), where an event that merely vanished may linger in a calendar that keeps what
// it read.
func (s *Core) ConsultantAppointments(ctx context.Context, userID string, from time.Time) ([]Appointment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
		WHERE a.consultant_id = @user AND a.starts_at >= @from ORDER BY a.starts_at, a.created_at`,
		pgx.NamedArgs{"user": userID, "from": from})
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, ScanAppointment)
}

// ConsultantFeed is a consultant's calendar feed (RFC 5545): their appointments from
// from on, each as the customer's calendar file has it (same UID and SEQUENCE), named for
// the service and the prospect, in the agency's language. ErrNotFound when userID is not
// a consultant.
func (s *Core) ConsultantFeed(ctx context.Context, userID string, from time.Time) ([]byte, error) {
	if s.mail.Renderer == nil {
		return nil, errors.New("booking: no renderer for the calendar feed")
	}
	c, err := s.Consultant(ctx, userID)
	if err != nil {
		return nil, err
	}
	list, err := s.ConsultantAppointments(ctx, userID, from)
	if err != nil {
		return nil, err
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	feed := mail.Feed{Lang: st.Language, Consultant: c.Name, Agency: agencyContact(st), Events: make([]mail.FeedEvent, 0, len(list))}
	for _, a := range list {
		if a.StartsAt == nil {
			continue
		}
		e := mail.FeedEvent{AppointmentID: a.ID, Sequence: a.Sequence, Cancelled: a.Status == StatusCancelled,
			Service: s.serviceTitle(ctx, a.Service, st.Language), Start: *a.StartsAt, Duration: SlotLength,
			Name: a.Name, Email: a.Email, Phone: a.Phone, Mode: a.Mode, MeetingURL: a.MeetingURL,
			ConsoleURL: s.mail.PublicURL + "/admin/appointments?open=" + url.QueryEscape(a.ID)}
		if e.Service == "" {
			e.Service = Text(st.Language, "appointment")
		}
		feed.Events = append(feed.Events, e)
	}
	return s.mail.Renderer.Feed(feed), nil
}
