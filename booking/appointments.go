package booking

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"time"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Statuses are the appointment statuses, in the order the console lists them.
var Statuses = []string{"pending", "confirmed", "completed", "cancelled", "not_responding_1",
	"not_responding_2", "unreachable", "updating"}

// StatusPending is the status of every new appointment.
const StatusPending = "pending"

// Sources of an appointment.
const (
	SourceForm    = "form"
	SourceChat    = "chat"
	SourceConsole = "console"
)

// Sources lists every source.
var Sources = []string{SourceForm, SourceChat, SourceConsole}

// Appointment is a request for a meeting with the agency. Empty strings stand for
// values that were not given.
type Appointment struct {
	ID              string    `json:"id" db:"id"`
	Name            string    `json:"name" db:"name"`
	Email           string    `json:"email" db:"email"`
	Phone           string    `json:"phone" db:"phone"`
	Service         string    `json:"service" db:"service"`
	Date            string    `json:"date" db:"date"`
	Time            string    `json:"time" db:"time"`
	Message         string    `json:"message" db:"message"`
	Company         string    `json:"company" db:"company"`
	Sector          string    `json:"sector" db:"sector"`
	Status          string    `json:"status" db:"status"`
	StatusDashboard string    `json:"status_dashboard" db:"status_dashboard"`
	Source          string    `json:"source" db:"source"`
	Language        string    `json:"language" db:"language"`
	ClientID        string    `json:"client_id" db:"client_id"`
	CreatedAt       time.Time `json:"created_at" db:"created_at"`
	UpdatedAt       time.Time `json:"updated_at" db:"updated_at"`
	// StartsAt is Date and Time in the agency's time zone, as an instant; nil without a slot.
	StartsAt *time.Time `json:"starts_at" db:"starts_at"`
	// Sequence is raised at every change a calendar must hear of: its calendar SEQUENCE.
	Sequence int `json:"sequence" db:"sequence"`
	// Mode is how the meeting happens: one of catalogue.Modes.
	Mode string `json:"mode" db:"mode"`
	// MeetingURL is the video meeting's link; "" when Mode is not video (a link made
	// earlier is kept, and shown again when the meeting is by video again).
	MeetingURL string `json:"meeting_url" db:"meeting_url"`
	// ReconfirmedAt is when the customer said from the reminder that they will be there;
	// nil until then.
	ReconfirmedAt *time.Time `json:"reconfirmed_at" db:"reconfirmed_at"`
	// Outcome is what happened at the meeting, one of Outcomes, recorded by staff once its
	// time has passed; "" until then. OutcomeAt is when it was recorded.
	Outcome   string     `json:"outcome" db:"outcome"`
	OutcomeAt *time.Time `json:"outcome_at" db:"outcome_at"`
	// ClientNoShows counts the client's appointments recorded as no-shows: staff see a
	// badge from NoShowBadgeAt on.
	ClientNoShows int `json:"client_no_shows" db:"client_no_shows"`
	// ConsultantID is the consultant who meets the prospect, ConsultantName their name;
	// both "" when none does (no consultants, or no slot).
	ConsultantID   string `json:"consultant_id" db:"consultant_id"`
	ConsultantName string `json:"consultant_name" db:"consultant_name"`
	// Answers are the answers to the service's own questions, with the questions as they
	// were asked.
	Answers []catalogue.Answer `json:"answers" db:"answers"`
	// Attribution is where the visit that booked came from (nil: unknown, as for the
	// console's bookings); TrafficSource and Campaign are its last touch's source
	// (attribution.Direct for none) and campaign, which the console filters by.
	Attribution   *attribution.Visit `json:"attribution" db:"attribution"`
	TrafficSource string             `json:"traffic_source" db:"traffic_source"`
	Campaign      string             `json:"campaign" db:"campaign"`
}

// Meeting modes, as catalogue.Modes names them.
const (
	ModeOffice = catalogue.ModeOffice
	ModePhone  = catalogue.ModePhone
	ModeVideo  = catalogue.ModeVideo
)

// AppointmentColumns are an appointment's columns, each named for the field of
// Appointment it fills (its db tag), read from the table or CTE aliased a: a value that
// was not given reads as "".
const AppointmentColumns = `a.id, a.name, coalesce(a.email, '') AS email, coalesce(a.phone, '') AS phone,
	coalesce(a.service, '') AS service, coalesce(to_char(a.date, 'YYYY-MM-DD'), '') AS date,
	coalesce(a.time, '') AS time, coalesce(a.message, '') AS message, coalesce(a.company, '') AS company,
	coalesce(a.sector, '') AS sector, a.status, coalesce(a.status_dashboard, '') AS status_dashboard, a.source,
	a.language, coalesce(a.client_id::text, '') AS client_id, a.created_at, a.updated_at, a.starts_at, a.sequence,
	a.mode, CASE WHEN a.mode = 'video' THEN coalesce(a.meeting_url, '') ELSE '' END AS meeting_url,
	a.reconfirmed_at, coalesce(a.outcome, '') AS outcome, a.outcome_at,
	(SELECT count(*)::int FROM appointments ns WHERE ns.client_id = a.client_id AND ns.outcome = 'no_show') AS client_no_shows,
	coalesce(a.consultant_id::text, '') AS consultant_id,
	coalesce((SELECT k.name FROM consultants k WHERE k.user_id = a.consultant_id), '') AS consultant_name,
	a.answers, a.attribution, a.traffic_source, a.campaign`

// ScanAppointment reads one row of AppointmentColumns, by name. Every appointment read
// goes through it; a row with more columns after them is read with appointmentAnd.
func ScanAppointment(row pgx.CollectableRow) (Appointment, error) {
	return pgx.RowToStructByName[Appointment](row)
}

// appointmentAnd is a row of AppointmentColumns followed by len(more) other columns, as
// ScanAppointment reads it: its field descriptions are the appointment's alone, and Scan
// reads the other columns into more, in order.
type appointmentAnd struct {
	pgx.CollectableRow
	more []any
}

func (r appointmentAnd) FieldDescriptions() []pgconn.FieldDescription {
	f := r.CollectableRow.FieldDescriptions()
	return f[:len(f)-len(r.more)]
}

func (r appointmentAnd) Scan(dest ...any) error {
	return r.CollectableRow.Scan(append(dest, r.more...)...)
}

// Notification is a message for staff, shown in the console's bell and list.
type Notification struct {
	ID            string     `json:"id"`
	Title         string     `json:"title"`
	Message       string     `json:"message"`
	Type          string     `json:"type"`
	Priority      string     `json:"priority"`
	Status        string     `json:"status"`
	AppointmentID string     `json:"appointment_id"`
	CreatedAt     time.Time  `json:"created_at"`
	ExpiresAt     *time.Time `json:"expires_at"`
	// Code and Args are what happened, rendered into Title and Message in the reader's
	// language by Localize; a notification written before codes has its sentence only.
	Code string            `json:"code,omitempty"`
	Args map[string]string `json:"args,omitempty"`
}

// Localize writes the notification's title and message in lang, when it has a code.
func (n *Notification) Localize(lang string) {
	if n.Code == "" {
		return
	}
	args := pairs(n.Args)
	n.Title = Text(lang, "notification_"+n.Code+"_title", args...)
	n.Message = Text(lang, "notification_"+n.Code+"_message", args...)
}

// pairs are a map's entries as name, value pairs, for Text.
func pairs(m map[string]string) []string {
	out := make([]string, 0, 2*len(m))
	for k, v := range m {
		out = append(out, k, v)
	}
	return out
}

// NotificationColumns lists a notification's columns in the order ScanNotification reads them.
const NotificationColumns = `n.id, coalesce(n.title, ''), coalesce(n.message, ''), n.type, n.priority, n.status,
	coalesce(n.appointment_id::text, ''), n.created_at, n.expires_at, coalesce(n.code, ''), n.args`

// ScanNotification reads one row of NotificationColumns, written in the default language
// (Localize rewrites it in the reader's).
func ScanNotification(row pgx.CollectableRow) (Notification, error) {
	var n Notification
	err := row.Scan(n.fields()...)
	n.Localize(i18n.Default)
	return n, err
}

// fields are the destinations of NotificationColumns.
func (n *Notification) fields() []any {
	return []any{&n.ID, &n.Title, &n.Message, &n.Type, &n.Priority, &n.Status, &n.AppointmentID,
		&n.CreatedAt, &n.ExpiresAt, &n.Code, &n.Args}
}

// HistoryEntry is one change of an appointment's status, naming who made it: a member of
// staff by e-mail, or ActorCustomer, ActorDota, ActorSystem.
type HistoryEntry struct {
	ID             string    `json:"id"`
	AppointmentID  string    `json:"appointment_id"`
	PreviousStatus string    `json:"previous_status"`
	NewStatus      string    `json:"new_status"`
	ChangedBy      string    `json:"changed_by"`
	Notes          string    `json:"notes"`
	ChangedAt      time.Time `json:"changed_at"`
	// Code and Args are the note as a text code and its arguments, rendered into Notes in
	// the reader's language by Localize; a row written before codes has its sentence only.
	Code string            `json:"code,omitempty"`
	Args map[string]string `json:"args,omitempty"`
}

// Localize writes the entry's note in lang, when it has a code.
func (h *HistoryEntry) Localize(lang string) {
	if h.Code == "" {
		return
	}
	args := h.Args
	for _, k := range []string{"from", "to"} {
		if v, ok := args[k]; ok && v == "" {
			args = maps.Clone(args)
			args[k] = Text(lang, "history_no_slot")
		}
	}
	h.Notes = Text(lang, h.Code, pairs(args)...)
}

// History lists an appointment's status changes, newest first.
func (s *Core) History(ctx context.Context, appointmentID string) ([]HistoryEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT id, appointment_id, coalesce(previous_status, ''), new_status, changed_by,
		coalesce(notes, ''), changed_at, coalesce(code, ''), args FROM status_history
		WHERE appointment_id = $1 ORDER BY changed_at DESC, id`,
		appointmentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (HistoryEntry, error) {
		var h HistoryEntry
		err := row.Scan(&h.ID, &h.AppointmentID, &h.PreviousStatus, &h.NewStatus, &h.ChangedBy, &h.Notes, &h.ChangedAt,
			&h.Code, &h.Args)
		h.Localize(i18n.Default)
		return h, err
	})
}

// namedStatement is a statement written with named parameters (@name, as pgx.NamedArgs
// reads them), rewritten into PostgreSQL's numbered ones once, when the program starts.
// pgx.NamedArgs rewrites the text at every call, which for the booking's long statements
// cost a tenth of a booking's CPU.
type namedStatement struct {
	sql   string   // with numbered parameters
	names []string // the name of each numbered parameter, in order
}

// paramName finds the names in a statement: any word after an @, a superset of those
// pgx.NamedArgs reads (it skips literals and comments), which is all named needs.
var paramName = regexp.MustCompile(`@([A-Za-z_][A-Za-z0-9_]*)`)

// named rewrites sql by pgx's own rules, so that its names are read exactly as
// pgx.NamedArgs would read them. It panics on a name outside paramName's reach.
func named(sql string) namedStatement {
	self := pgx.NamedArgs{}
	for _, m := range paramName.FindAllStringSubmatch(sql, -1) {
		self[m[1]] = m[1]
	}
	out, params, err := self.RewriteQuery(context.Background(), nil, sql, nil)
	if err != nil {
		panic(err)
	}
	st := namedStatement{sql: out, names: make([]string, len(params))}
	for i, p := range params {
		name, ok := p.(string)
		if !ok {
			panic(fmt.Sprintf("booking: parameter $%d of a named statement has no name that named reads", i+1))
		}
		st.names[i] = name
	}
	return st
}

// args are the statement's arguments, in order, from args by name. As with
// pgx.StrictNamedArgs, a name the statement uses and args lacks, or one args has and
// the statement does not use, is an error.
func (st namedStatement) args(args pgx.NamedArgs) ([]any, error) {
	out := make([]any, len(st.names))
	for i, name := range st.names {
		v, ok := args[name]
		if !ok {
			return nil, fmt.Errorf("booking: no argument for @%s", name)
		}
		out[i] = v
	}
	if len(args) != len(st.names) { // names are distinct: one has no parameter
		for name := range args {
			if !slices.Contains(st.names, name) {
				return nil, fmt.Errorf("booking: no parameter @%s", name)
			}
		}
	}
	return out, nil
}
