package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Date ranges of the appointments list, counted on the creation date in the settings'
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
}

// Paging asks for one page of a list; Size 0 means the settings' items per page.
type Paging struct {
	Page int
	Size int
}

// AppointmentPage is one page of the appointments list.
type AppointmentPage struct {
	Items []Appointment `json:"items"`
	Total int           `json:"total"`
	Page  int           `json:"page"`
	Size  int           `json:"size"`
}

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
	if len(f.Q) > ShortMaxLen {
		v.Add("q", "too_long")
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
		add(`a.service = ?`, f.Service)
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
// A search (q) gathers its matches first, through the trigram index or the index of
// another filter, then counts them and sorts the page out of them, in one statement: the
// matches are a materialized CTE, planned apart from the ORDER BY … LIMIT that otherwise
// let the planner walk the creation-date index from the newest row and test the search on
// row after row (110,000 rows for 2,500 matches in the benchmark's plan). Without a search,
// the total is counted on the filters' index and the page read from the creation-date
// index, each the plan PostgreSQL picks well. A page past the end has no row to carry
// the search's total; it is then counted apart.
func (s *Core) Appointments(ctx context.Context, f AppointmentFilter, p Paging) (AppointmentPage, error) {
	p, err := s.pageSize(ctx, p)
	if err != nil {
		return AppointmentPage{}, err
	}
	where, args, err := s.where(ctx, f, true)
	if err != nil {
		return AppointmentPage{}, err
	}
	out := AppointmentPage{Page: p.Page, Size: p.Size, Items: []Appointment{}}
	pageArgs := append(append([]any{}, args...), p.Size, (p.Page-1)*p.Size)
	limit := fmt.Sprintf("LIMIT $%d OFFSET $%d", len(pageArgs)-1, len(pageArgs))
	if strings.TrimSpace(f.Q) == "" {
		if err := s.db.QueryRow(ctx, `SELECT count(*) FROM appointments a WHERE `+where, args...).Scan(&out.Total); err != nil {
			return out, err
		}
		rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE `+where+`
			ORDER BY a.created_at DESC, a.id DESC `+limit, pageArgs...)
		if err != nil {
			return out, err
		}
		out.Items, err = pgx.CollectRows(rows, ScanAppointment)
		return out, err
	}
	rows, err := s.db.Query(ctx, `WITH a AS MATERIALIZED (SELECT * FROM appointments a WHERE `+where+`)
		SELECT `+AppointmentColumns+`, count(*) OVER () FROM a
		ORDER BY a.created_at DESC, a.id DESC `+limit, pageArgs...)
	if err != nil {
		return out, err
	}
	out.Items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Appointment, error) {
		var a Appointment
		err := row.Scan(&a.ID, &a.Name, &a.Email, &a.Phone, &a.Service, &a.Date, &a.Time, &a.Message, &a.Company,
			&a.Sector, &a.Status, &a.StatusDashboard, &a.Source, &a.Language, &a.ClientID, &a.CreatedAt, &a.UpdatedAt,
			&a.StartsAt, &a.Sequence, &out.Total)
		return a, err
	})
	if err != nil {
		return out, err
	}
	if len(out.Items) == 0 && p.Page > 1 {
		if err := s.db.QueryRow(ctx, `SELECT count(*) FROM appointments a WHERE `+where, args...).Scan(&out.Total); err != nil {
			return out, err
		}
	}
	return out, nil
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
