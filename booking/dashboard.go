package booking

import (
	"context"
	"time"

	"github.com/dota-agency/dota/attribution"
	"github.com/jackc/pgx/v5"
)

// DashboardDays is how many days the dashboard's daily series covers.
const DashboardDays = 30

// DayCount is one day of the per-day series: appointments created, by source.
type DayCount struct {
	Date    string `json:"date"`
	Form    int    `json:"form"`
	Chat    int    `json:"chat"`
	Console int    `json:"console"`
	Total   int    `json:"total"`
}

// StatusCount is one slice of the status breakdown.
type StatusCount struct {
	Status string `json:"status"`
	Count  int    `json:"count"`
}

// ServiceCount is one bar of the bookings by service.
type ServiceCount struct {
	Service string `json:"service"`
	Count   int    `json:"count"`
}

// ChatFunnel counts conversations by how far they went; the chat counts it
// (chatbot.Engine.Funnel) and the API adds it to the dashboard.
type ChatFunnel struct {
	Started          int `json:"started"`
	ContactCollected int `json:"contact_collected"`
	Booked           int `json:"booked"`
}

// Dashboard holds the dashboard's stat cards and chart series.
type Dashboard struct {
	Cards      map[string]int `json:"cards"`
	PerDay     []DayCount     `json:"per_day"`
	ByStatus   []StatusCount  `json:"by_status"`
	ByService  []ServiceCount `json:"by_service"`
	ChatFunnel ChatFunnel     `json:"chat_funnel"`
}

// Dashboard computes the stat cards and series of the appointments, clients and
// notifications, counted in the settings' time zone.
func (s *Core) Dashboard(ctx context.Context) (Dashboard, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Dashboard{}, err
	}
	loc := st.Location()
	now := s.now()
	today := rangeStart(now, loc, "today")
	first := today.AddDate(0, 0, -(DashboardDays - 1))
	d := Dashboard{Cards: map[string]int{}}
	var total, pending, confirmed, cancelled, completed, todayN, week, upcoming, clients, unread int
	err = s.db.QueryRow(ctx, `SELECT count(*),
		count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'confirmed'),
		count(*) FILTER (WHERE status = 'cancelled'), count(*) FILTER (WHERE status = 'completed'),
		count(*) FILTER (WHERE created_at >= $1), count(*) FILTER (WHERE created_at >= $2),
		count(*) FILTER (WHERE date >= $3::date AND status <> 'cancelled'),
		(SELECT count(*) FROM clients),
		(SELECT count(*) FROM notifications n WHERE n.status = 'unread' AND `+unexpiredNotification+`)
		FROM appointments`, today, rangeStart(now, loc, "week"), today.Format(time.DateOnly)).Scan(
		&total, &pending, &confirmed, &cancelled, &completed, &todayN, &week, &upcoming, &clients, &unread)
	if err != nil {
		return d, err
	}
	d.Cards = map[string]int{"total": total, "pending": pending, "confirmed": confirmed, "cancelled": cancelled,
		"completed": completed, "today": todayN, "this_week": week, "upcoming": upcoming, "clients": clients,
		"unread_notifications": unread}

	byDay := map[string]*DayCount{}
	for i := range DashboardDays {
		day := first.AddDate(0, 0, i).Format(time.DateOnly)
		d.PerDay = append(d.PerDay, DayCount{Date: day})
	}
	for i := range d.PerDay {
		byDay[d.PerDay[i].Date] = &d.PerDay[i]
	}
	rows, err := s.db.Query(ctx, `SELECT to_char(created_at AT TIME ZONE $2, 'YYYY-MM-DD'), source, count(*)
		FROM appointments WHERE created_at >= $1 GROUP BY 1, 2`, first, loc.String())
	if err != nil {
		return d, err
	}
	var day, source string
	var n int
	if _, err := pgx.ForEachRow(rows, []any{&day, &source, &n}, func() error {
		if dc := byDay[day]; dc != nil {
			switch source {
			case SourceForm:
				dc.Form += n
			case SourceChat:
				dc.Chat += n
			case SourceConsole:
				dc.Console += n
			}
			dc.Total += n
		}
		return nil
	}); err != nil {
		return d, err
	}

	counts := map[string]int{}
	rows, err = s.db.Query(ctx, `SELECT status, count(*) FROM appointments GROUP BY status`)
	if err != nil {
		return d, err
	}
	var status string
	if _, err := pgx.ForEachRow(rows, []any{&status, &n}, func() error { counts[status] = n; return nil }); err != nil {
		return d, err
	}
	for _, s := range Statuses {
		d.ByStatus = append(d.ByStatus, StatusCount{Status: s, Count: counts[s]})
	}

	rows, err = s.db.Query(ctx, `SELECT coalesce(service, ''), count(*) FROM appointments
		GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`)
	if err != nil {
		return d, err
	}
	if d.ByService, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (ServiceCount, error) {
		var s ServiceCount
		err := row.Scan(&s.Service, &s.Count)
		return s, err
	}); err != nil {
		return d, err
	}

	return d, nil
}

// BookingsBySource counts the bookings made from the site (by the form or the chat, not
// by the console) on the days from and to of SourcePeriod, by the source and campaign of
// the visit that made them.
func (s *Core) BookingsBySource(ctx context.Context, from, to string) ([]attribution.Booked, error) {
	rows, err := s.db.Query(ctx, `SELECT traffic_source AS source, campaign, count(*)::int AS bookings
		FROM appointments
		WHERE source <> 'console' AND created_at >= $1::date AT TIME ZONE 'UTC'
			AND created_at < ($2::date + 1) AT TIME ZONE 'UTC'
		GROUP BY traffic_source, campaign`, from, to)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[attribution.Booked])
}

// SourcePeriod reads the period of the dashboard's sources (Period): days in UTC, as the
// traffic counts them.
func (s *Core) SourcePeriod(from, to string) (string, string, error) {
	return Period(from, to, s.now().UTC())
}

// OutcomeStatsMaxDays bounds the period the dashboard's outcome rates cover.
const OutcomeStatsMaxDays = 366

// OutcomeStatsDays is the period the rates cover when none is asked for: the last 30
// days, today included.
const OutcomeStatsDays = 30

// OutcomeRate is one bar of the no-show rates: the meetings of one service, source,
// weekday (0 Sunday … 6 Saturday) or mode whose outcome says whether the prospect came
// (attended or no-show), and how many did not.
type OutcomeRate struct {
	Key    string  `json:"key" db:"key"`
	Total  int     `json:"total" db:"total"`
	NoShow int     `json:"no_show" db:"no_show"`
	Rate   float64 `json:"rate" db:"-"`
}

// OutcomeStats are the dashboard's rates over a period: of the meetings held in it (past,
// not cancelled), the share reconfirmed by the customer, and the no-show rate among those
// whose outcome says whether the prospect came, overall and by service, source, weekday
// and mode.
type OutcomeStats struct {
	From               string        `json:"from"`
	To                 string        `json:"to"`
	Meetings           int           `json:"meetings"`
	Reconfirmed        int           `json:"reconfirmed"`
	ReconfirmationRate float64       `json:"reconfirmation_rate"`
	Attended           int           `json:"attended"`
	NoShow             int           `json:"no_show"`
	NoShowRate         float64       `json:"no_show_rate"`
	ByService          []OutcomeRate `json:"by_service"`
	BySource           []OutcomeRate `json:"by_source"`
	ByWeekday          []OutcomeRate `json:"by_weekday"`
	ByMode             []OutcomeRate `json:"by_mode"`
}

// outcomeStatsTotals counts the period's meetings.
const outcomeStatsTotals = `SELECT count(*)::int, count(*) FILTER (WHERE reconfirmed_at IS NOT NULL)::int,
	count(*) FILTER (WHERE outcome = 'attended')::int, count(*) FILTER (WHERE outcome = 'no_show')::int
	FROM appointments
	WHERE date BETWEEN $1::date AND $2::date AND status <> 'cancelled' AND starts_at <= $3`

// outcomeStatsBy counts the period's meetings whose outcome says whether the prospect
// came, by each dimension.
const outcomeStatsBy = `WITH m AS (
		SELECT coalesce(service, '') AS service, source, extract(dow FROM date)::int::text AS weekday, mode,
			outcome = 'no_show' AS no_show
		FROM appointments
		WHERE date BETWEEN $1::date AND $2::date AND status <> 'cancelled' AND starts_at <= $3
			AND outcome IN ('attended', 'no_show'))
	SELECT 'service' AS dim, service AS key, count(*)::int AS total, count(*) FILTER (WHERE no_show)::int AS no_show
		FROM m GROUP BY service
	UNION ALL SELECT 'source', source, count(*)::int, count(*) FILTER (WHERE no_show)::int FROM m GROUP BY source
	UNION ALL SELECT 'weekday', weekday, count(*)::int, count(*) FILTER (WHERE no_show)::int FROM m GROUP BY weekday
	UNION ALL SELECT 'mode', mode, count(*)::int, count(*) FILTER (WHERE no_show)::int FROM m GROUP BY mode
	ORDER BY 1, 2`

// OutcomeStats computes the rates over the days from and to (YYYY-MM-DD, both included);
// empty, the last OutcomeStatsDays days.
func (s *Core) OutcomeStats(ctx context.Context, from, to string) (OutcomeStats, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return OutcomeStats{}, err
	}
	now := s.now()
	from, to, err = Period(from, to, now.In(st.Location()))
	if err != nil {
		return OutcomeStats{}, err
	}
	out := OutcomeStats{From: from, To: to, ByService: []OutcomeRate{}, BySource: []OutcomeRate{},
		ByWeekday: []OutcomeRate{}, ByMode: []OutcomeRate{}}
	if err := s.db.QueryRow(ctx, outcomeStatsTotals, from, to, now).Scan(&out.Meetings, &out.Reconfirmed,
		&out.Attended, &out.NoShow); err != nil {
		return out, err
	}
	out.ReconfirmationRate = rate(out.Reconfirmed, out.Meetings)
	out.NoShowRate = rate(out.NoShow, out.Attended+out.NoShow)
	rows, err := s.db.Query(ctx, outcomeStatsBy, from, to, now)
	if err != nil {
		return out, err
	}
	var (
		dim string
		r   OutcomeRate
	)
	_, err = pgx.ForEachRow(rows, []any{&dim, &r.Key, &r.Total, &r.NoShow}, func() error {
		r.Rate = rate(r.NoShow, r.Total)
		switch dim {
		case "service":
			out.ByService = append(out.ByService, r)
		case "source":
			out.BySource = append(out.BySource, r)
		case "weekday":
			out.ByWeekday = append(out.ByWeekday, r)
		case "mode":
			out.ByMode = append(out.ByMode, r)
		}
		return nil
	})
	return out, err
}

// Period reads the days from and to (YYYY-MM-DD, both included) of a dashboard's period:
// to defaults to today's date, from to OutcomeStatsDays days before it; a period that is
// not a pair of days, runs backwards or spans more than OutcomeStatsMaxDays is a
// *ValidationError on "from" or "to".
func Period(from, to string, today time.Time) (string, string, error) {
	if to == "" {
		to = today.Format(time.DateOnly)
	}
	v := &ValidationError{}
	end, ok := ParseDate(to, time.UTC)
	if !ok {
		v.Add("to", "date_invalid")
	}
	if from == "" && ok {
		from = end.AddDate(0, 0, 1-OutcomeStatsDays).Format(time.DateOnly)
	}
	start, fromOK := ParseDate(from, time.UTC)
	if !fromOK {
		v.Add("from", "date_invalid")
	}
	if ok && fromOK && (start.After(end) || end.Sub(start) > OutcomeStatsMaxDays*24*time.Hour) {
		v.Add("from", "date_invalid")
	}
	return from, to, v.OrNil()
}

// rate is part over whole, 0 when whole is 0, rounded to four places.
func rate(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(part*10000/whole) / 10000
}
