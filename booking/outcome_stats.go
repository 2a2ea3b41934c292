package booking

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

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
