package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/attribution"
)

// Ranges are the date ranges of the appointments list, counted on the creation date in the settings'
// time zone: today since midnight, week the last 7 days, month the last 30 days (today
// included).
var Ranges = []string{"today", "week", "month"}

// AppointmentFilter narrows the appointments list, its stats and the CSV export.
type AppointmentFilter struct {
	Q       string   // matches name, e-mail, phone or message, case-insensitive
	Status  string   // one of Statuses
	Service string   // the service name as stored
	Range   string   // "", today, week or month
	IDs     []string // only these appointments (export of a selection)
	Outcome string   // one of Outcomes, or OutcomeMissing (outcomes.go)
	// Consultant is a consultant's user id (their appointments), ConsultantNone (those of
	// none), or "" (all).
	Consultant string
	// TrafficSource and Campaign are where the visit that booked came from, as
	// Appointment.TrafficSource and Campaign name them, case aside; "" for any.
	TrafficSource string
	Campaign      string
}

// Paging asks for one page of a list; Size 0 means the settings' items per page.
type Paging struct {
	Page int
	Size int
}

// AppointmentPage is one page of the appointments list.
type AppointmentPage struct {
	Items []Appointment `json:"items"`
	// Total is exact when TotalExact is set; otherwise more than countAhead matches lie past
	// this page and Total is PostgreSQL's estimate, never less than what was counted.
	Total      int  `json:"total"`
	TotalExact bool `json:"total_exact"`
	Page       int  `json:"page"`
	Size       int  `json:"size"`
}

// countAhead is how many matches past the requested page the list counts exactly. A list
// with more estimates its total instead: the console pages with previous and next, so an
// exact total matters only near the end, and counting every match of a broad search costs
// a visit to every one of them.
const countAhead = 1000

// sortMatchesUpTo is the most matches of a search, as estimated, that the list gathers
// and sorts to find a page past countAhead (see Appointments).
const sortMatchesUpTo = 20_000

// LikePattern makes a case-insensitive substring pattern of q with LIKE's wildcards escaped.
func LikePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.TrimSpace(q)) + "%"
}

// appointmentSearch is the expression the trigram index appointments_search_idx covers.
const appointmentSearch = `(coalesce(a.name, '') || ' ' || coalesce(a.email, '') || ' ' || coalesce(a.phone, '') || ' ' || coalesce(a.message, ''))`

// where builds the filter's SQL condition; only the clauses in use are written, so the
// planner can use the matching index (the trigram index for a search).
func (s *Core) where(ctx context.Context, f AppointmentFilter, withStatus bool) (string, []any, error) {
	v := &ValidationError{}
	if f.Status != "" && !slices.Contains(Statuses, f.Status) {
		v.Add("status", "invalid_option")
	}
	if f.Range != "" && !slices.Contains(Ranges, f.Range) {
		v.Add("range", "invalid_option")
	}
	for _, id := range f.IDs {
		if !IsUUID(id) {
			v.Add("ids", "invalid_input")
		}
	}
	if f.Outcome != "" && f.Outcome != OutcomeMissing && !slices.Contains(Outcomes, f.Outcome) {
		v.Add("outcome", "invalid_option")
	}
	if len(f.Q) > ShortMaxLen {
		v.Add("q", "too_long")
	}
	if f.Consultant != "" && f.Consultant != ConsultantNone && !IsUUID(f.Consultant) {
		v.Add("consultant", "invalid_option")
	}
	if utf8.RuneCountInString(f.TrafficSource) > attribution.MaxParamLen {
		v.Add("traffic_source", "too_long")
	}
	if utf8.RuneCountInString(f.Campaign) > attribution.MaxParamLen {
		v.Add("campaign", "too_long")
	}
	if err := v.OrNil(); err != nil {
		return "", nil, err
	}
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		args = append(args, arg)
		conds = append(conds, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if q := strings.TrimSpace(f.Q); q != "" {
		add(appointmentSearch+` ILIKE ?`, LikePattern(q))
	}
	if withStatus && f.Status != "" {
		add(`a.status = ?`, f.Status)
	}
	if f.Service != "" {
		// By the service's slug; a name in any language finds it too (services are stored by slug).
		service := f.Service
		if list, err := s.catalogue.AllServiceNames(ctx); err != nil {
			return "", nil, err
		} else if slug, ok := catalogueSlug(list, service); ok {
			service = slug
		}
		add(`a.service = ?`, service)
	}
	if f.Range != "" {
		st, err := s.Settings(ctx)
		if err != nil {
			return "", nil, err
		}
		add(`a.created_at >= ?`, rangeStart(s.now(), st.Location(), f.Range))
	}
	if len(f.IDs) > 0 {
		add(`a.id = ANY(?::uuid[])`, f.IDs)
	}
	if f.Outcome != "" {
		s.whereOutcome(f.Outcome, add)
	}
	// Both are stored in lower case (attribution.Visit.Source and Campaign).
	if src := strings.TrimSpace(f.TrafficSource); src != "" {
		add(`a.traffic_source = ?`, strings.ToLower(src))
	}
	if campaign := strings.TrimSpace(f.Campaign); campaign != "" {
		add(`a.campaign = ?`, strings.ToLower(campaign))
	}
	switch f.Consultant {
	case "":
	case ConsultantNone:
		conds = append(conds, `a.consultant_id IS NULL`)
	default:
		add(`a.consultant_id = ?::uuid`, f.Consultant)
	}
	if len(conds) == 0 {
		return "TRUE", args, nil
	}
	return strings.Join(conds, " AND "), args, nil
}

// rangeStart is the first instant of a date range, in the given time zone.
func rangeStart(now time.Time, loc *time.Location, r string) time.Time {
	local := now.In(loc)
	midnight := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)
	switch r {
	case "week":
		return midnight.AddDate(0, 0, -6)
	case "month":
		return midnight.AddDate(0, 0, -29)
	}
	return midnight
}

// pageSize resolves the requested size: 5, 10, 15 or 20, by default the settings' own.
func (s *Core) pageSize(ctx context.Context, p Paging) (Paging, error) {
	if p.Page == 0 {
		p.Page = 1
	}
	if p.Page < 1 || p.Page > 1_000_000 {
		return p, invalidField("page", "invalid_option")
	}
	if p.Size == 0 {
		st, err := s.Settings(ctx)
		if err != nil {
			return p, err
		}
		p.Size = st.ItemsPerPage
	}
	if !slices.Contains(PageSizes, p.Size) {
		return p, invalidField("size", "invalid_option")
	}
	return p, nil
}

// Appointments lists one page of appointments, newest first, with the total.
//
// Every statement is bounded. The total is counted up to countAhead matches past the page,
// from whichever index finds them first, and estimated past that. The page comes with the
// count, in one statement:
//   - a search gathers its matches, up to the bound, through the trigram index (a
//     materialized CTE), counts them and sorts the page out of them; the planner does not
//     get to walk the creation-date index testing the search on every row, as it would
//     when a search's estimate is off. Past the bound, the first matches found are not the
//     newest, and the page is read again: from every match, sorted, for a search
//     estimated at up to sortMatchesUpTo matches; the way of the other lists for a broader
//     one, which finds its page in the first rows;
//   - any other list reads the page's ids from the creation-date index, or from a filter's
//     (status, created_at, id) or (service, created_at, id) one, newest first, then their
//     rows.
//
// The statements are planned for their own values (pgx.QueryExecModeCacheDescribe runs
// each as an unnamed statement): a generic plan, blind to how selective a search is,
// could walk the creation-date index for a rare one.
func (s *Core) Appointments(ctx context.Context, f AppointmentFilter, p Paging) (AppointmentPage, error) {
	q, err := s.listQuery(ctx, f, p)
	if err != nil {
		return AppointmentPage{}, err
	}
	out := AppointmentPage{Page: q.paging.Page, Size: q.paging.Size, Items: []Appointment{}}
	// The statements' own parameters follow the filter's; the mode goes first.
	query := func(sql string, more ...any) (pgx.Rows, error) {
		return s.db.Query(ctx, sql, q.args(more...)...)
	}
	withCount := func(row pgx.CollectableRow) (Appointment, error) {
		return ScanAppointment(appointmentAnd{row, []any{&out.Total}})
	}
	rows, err := query(q.sql, q.firstArgs()...)
	if err != nil {
		return out, err
	}
	if out.Items, err = pgx.CollectRows(rows, withCount); err != nil {
		return out, err
	}
	if len(out.Items) == 0 && q.offset > 0 {
		// No row carried the count: the page is past the end. (An empty first page is
		// an empty list: its total, 0, is exact.)
		rows, err := query(`SELECT count(*) FROM (`+q.bounded+`) m`, q.counted+1)
		if err != nil {
			return out, err
		}
		if out.Total, err = pgx.CollectExactlyOneRow(rows, pgx.RowTo[int]); err != nil {
			return out, err
		}
	}
	out.TotalExact = out.Total <= q.counted
	if out.TotalExact {
		return out, nil
	}
	est, err := s.estimateAppointments(ctx, q)
	if err != nil {
		return out, err
	}
	out.Total = max(out.Total, est)
	if q.search {
		// Past the bound, the first matches found are not the newest: the page is read
		// again. A search estimated to match up to sortMatchesUpTo rows gathers them all
		// through the trigram index and sorts them; a broader one walks the creation-date
		// index, where its matches are dense enough to fill a page in the first rows.
		// (Walking it for a narrower search tests the search on every newer row: tens of
		// thousands when the newest appointments do not match.)
		n := len(q.filterArgs)
		sql := `SELECT ` + AppointmentColumns + ` FROM appointments a WHERE ` + q.where + ` ` + listPage(n+1, n+2)
		if est <= sortMatchesUpTo {
			sql = `WITH m AS MATERIALIZED (SELECT a.id, a.created_at FROM appointments a WHERE ` + q.where + `)
				SELECT ` + AppointmentColumns + `
				FROM (SELECT a.id FROM m a ` + listPage(n+1, n+2) + `) page JOIN appointments a USING (id)
				ORDER BY ` + listOrder
		}
		rows, err := query(sql, q.paging.Size, q.offset)
		if err != nil {
			return out, err
		}
		if out.Items, err = pgx.CollectRows(rows, ScanAppointment); err != nil {
			return out, err
		}
	}
	return out, err
}

// listStatement is the statement that reads a page of the list with its count (see
// Appointments), with what the rest of the reading needs.
type listStatement struct {
	paging     Paging
	where      string
	filterArgs []any
	sql        string // its parameters: the filter's, then the count's bound, the page's size and offset
	bounded    string // the filter's matches, up to the bound
	search     bool
	counted    int // the total is exact up to this
	offset     int
}

func (s *Core) listQuery(ctx context.Context, f AppointmentFilter, p Paging) (listStatement, error) {
	p, err := s.pageSize(ctx, p)
	if err != nil {
		return listStatement{}, err
	}
	where, args, err := s.where(ctx, f, true)
	if err != nil {
		return listStatement{}, err
	}
	q := listStatement{paging: p, where: where, filterArgs: args, search: strings.TrimSpace(f.Q) != "",
		offset: (p.Page - 1) * p.Size}
	q.counted = q.offset + p.Size + countAhead
	n := len(args)
	q.bounded = fmt.Sprintf(`SELECT a.id, a.created_at FROM appointments a WHERE %s LIMIT $%d`, where, n+1)
	// The page's ids come from a statement that reads ids and creation dates alone, which
	// an index holding the filter's column and the list's order answers by itself (the
	// status and service indexes end with created_at and id): asked for whole rows, the
	// planner walked the creation-date index instead, testing the filter on every row
	// newer than the page — tens of thousands when the newest appointments have another
	// status.
	q.sql = `SELECT ` + AppointmentColumns + `, (SELECT count(*) FROM (` + q.bounded + `) m) AS total
		FROM (SELECT a.id FROM appointments a WHERE ` + where + ` ` + listPage(n+2, n+3) + `) page
		JOIN appointments a USING (id)
		ORDER BY ` + listOrder
	if q.search {
		q.sql = `WITH m AS MATERIALIZED (` + q.bounded + `)
			SELECT ` + AppointmentColumns + `, (SELECT count(*) FROM m) AS total
			FROM (SELECT a.id FROM m a ` + listPage(n+2, n+3) + `) page JOIN appointments a USING (id)
			ORDER BY ` + listOrder
	}
	return q, nil
}

// listOrder is the list's order: newest first.
const listOrder = `a.created_at DESC, a.id DESC`

// args are a statement's arguments: the mode that plans it for its own values (see
// Appointments), the filter's, then more, numbered after them.
func (q listStatement) args(more ...any) []any {
	return append(append([]any{pgx.QueryExecModeCacheDescribe}, q.filterArgs...), more...)
}

// firstArgs are the statement's own parameters after the filter's: the count's bound, the
// page's size and offset.
func (q listStatement) firstArgs() []any { return []any{q.counted + 1, q.paging.Size, q.offset} }

// listPage orders the list and cuts a page: its size and offset are the parameters
// numbered size and offset.
func listPage(size, offset int) string {
	return fmt.Sprintf(`ORDER BY `+listOrder+` LIMIT $%d OFFSET $%d`, size, offset)
}

// ExplainAppointments returns the plan, as run (EXPLAIN ANALYZE, BUFFERS), of the statement
// Appointments sends first for the same filter and page, with the statement itself.
func (s *Core) ExplainAppointments(ctx context.Context, f AppointmentFilter, p Paging) (sql string, plan []string, err error) {
	q, err := s.listQuery(ctx, f, p)
	if err != nil {
		return "", nil, err
	}
	rows, err := s.db.Query(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+q.sql, q.args(q.firstArgs()...)...)
	if err != nil {
		return q.sql, nil, err
	}
	plan, err = pgx.CollectRows(rows, pgx.RowTo[string])
	return q.sql, plan, err
}

// estimateAppointments is PostgreSQL's estimate of the rows the filter's condition
// selects, read from the plan of a statement that is planned, never run.
func (s *Core) estimateAppointments(ctx context.Context, q listStatement) (int, error) {
	var plan []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	err := s.db.QueryRow(ctx, `EXPLAIN (FORMAT JSON) SELECT FROM appointments a WHERE `+q.where, q.args()...).Scan(&plan)
	if err != nil || len(plan) == 0 {
		return 0, err
	}
	return int(plan[0].Plan.Rows), nil
}

// AppointmentStats counts appointments by status: "total" and one entry per status.
func (s *Core) AppointmentStats(ctx context.Context, f AppointmentFilter) (map[string]int, error) {
	where, args, err := s.where(ctx, f, false)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT a.status, count(*) FROM appointments a WHERE `+where+` GROUP BY a.status`, args...)
	if err != nil {
		return nil, err
	}
	out := map[string]int{"total": 0}
	for _, s := range Statuses {
		out[s] = 0
	}
	var status string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&status, &n}, func() error {
		out[status] += n
		out["total"] += n
		return nil
	})
	return out, err
}

// lockAppointment reads appointment id inside tx and locks its row until tx ends;
// ErrNotFound when there is none.
func lockAppointment(ctx context.Context, tx pgx.Tx, id string) (Appointment, error) {
	rows, err := tx.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.id = $1 FOR UPDATE`, id)
	if err != nil {
		return Appointment{}, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, ScanAppointment)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

// Appointment returns one appointment.
func (s *Core) Appointment(ctx context.Context, id string) (Appointment, error) {
	if !IsUUID(id) {
		return Appointment{}, ErrNotFound
	}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.id = $1`, id)
	if err != nil {
		return Appointment{}, err
	}
	a, err := pgx.CollectExactlyOneRow(rows, ScanAppointment)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}

// EachAppointment calls fn with each appointment the filter selects, newest first, row by
// row as the database returns them; a filter it refuses is an error before any call.
func (s *Core) EachAppointment(ctx context.Context, f AppointmentFilter, fn func(Appointment) error) error {
	where, args, err := s.where(ctx, f, true)
	if err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE `+where+
		` ORDER BY a.created_at DESC, a.id DESC`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := ScanAppointment(rows)
		if err != nil {
			return err
		}
		if err := fn(a); err != nil {
			return err
		}
	}
	return rows.Err()
}
