package booking

import (
	"context"
	"time"

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
