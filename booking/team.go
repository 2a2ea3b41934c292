package booking

import (
	"context"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// The team: the active consultants as availability reads them, with what holds each of
// them over a span of days (see assign.go for the rule they serve).

// member is one active consultant as availability reads them over a span of days.
type member struct {
	ID       string
	Name     string
	Services []string
	hours    map[int][][2]int // weekday → ranges in minutes of the day, merged when they touch
	off      map[string]bool
	appts    map[SlotRef]bool // live appointments
	offers   map[SlotRef]bool // open waitlist offers held for them
	busy     [][2]time.Time
}

// team is the active consultants, ordered by name then id.
type team []*member

// teamSQL reads the active consultants with what holds them between @from and @to
// (dates, inclusive), their busy ranges between @since and @until; the appointments
// named by @except and the offer @offer do not count (they are being changed or accepted).
var teamSQL = named(`SELECT c.user_id::text, c.name, c.services,
	coalesce((SELECT array_agg(h.weekday || ' ' || left(h.starts::text, 5) || ' ' || left(h.ends::text, 5))
		FROM consultant_hours h WHERE h.user_id = c.user_id), '{}'),
	coalesce((SELECT array_agg(to_char(o.day, 'YYYY-MM-DD')) FROM consultant_days_off o
		WHERE o.user_id = c.user_id AND o.day BETWEEN @from::date AND @to::date), '{}'),
	coalesce((SELECT array_agg(to_char(a.date, 'YYYY-MM-DD') || ' ' || a.time) FROM appointments a
		WHERE a.consultant_id = c.user_id AND a.date BETWEEN @from::date AND @to::date
			AND a.status <> 'cancelled' AND a.id <> ALL(@except::uuid[])), '{}'),
	coalesce((SELECT array_agg(to_char(w.date, 'YYYY-MM-DD') || ' ' || w.time) FROM waitlist w
		WHERE w.consultant_id = c.user_id AND w.date BETWEEN @from::date AND @to::date
			AND w.state = 'offered' AND w.hold_until > now() AND w.id IS DISTINCT FROM @offer::uuid), '{}'),
	coalesce((SELECT array_agg(b.starts_at ORDER BY b.starts_at) FROM consultant_busy b
		WHERE b.user_id = c.user_id AND b.starts_at < @until AND b.ends_at > @since), '{}'),
	coalesce((SELECT array_agg(b.ends_at ORDER BY b.starts_at) FROM consultant_busy b
		WHERE b.user_id = c.user_id AND b.starts_at < @until AND b.ends_at > @since), '{}')
	FROM consultants c WHERE c.active ORDER BY c.name, c.user_id`)

// teamSpan is what a reading of the team covers: the days (widened to whole ISO weeks,
// which the load of each consultant is counted over) and what does not count.
type teamSpan struct {
	From, To string   // YYYY-MM-DD
	Except   []string // appointments being changed
	Offer    string   // the offer being accepted
}

// query is teamSQL's text and arguments for the span, in the settings' time zone.
func (sp teamSpan) query(st Settings) (string, []any, error) {
	loc := st.Location()
	from, ok1 := ParseDate(sp.From, loc)
	to, ok2 := ParseDate(sp.To, loc)
	if !ok1 || !ok2 {
		now := time.Now().In(loc)
		from = time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
		to = from
	}
	from = from.AddDate(0, 0, -((int(from.Weekday()) + 6) % 7)) // the Monday of its ISO week
	to = to.AddDate(0, 0, 6-((int(to.Weekday())+6)%7))          // the Sunday of its ISO week
	except := sp.Except
	if except == nil {
		except = []string{}
	}
	args, err := teamSQL.args(pgx.NamedArgs{
		"from": from.Format(time.DateOnly), "to": to.Format(time.DateOnly),
		"since": from, "until": to.AddDate(0, 0, 1),
		"except": except, "offer": NullIfEmpty(sp.Offer),
	})
	return teamSQL.sql, args, err
}

// scanTeam reads teamSQL's rows.
func scanTeam(rows pgx.Rows) (team, error) {
	var t team
	for rows.Next() {
		m := &member{hours: map[int][][2]int{}, off: map[string]bool{}, appts: map[SlotRef]bool{},
			offers: map[SlotRef]bool{}}
		var hours, off, appts, offers []string
		var starts, ends []time.Time
		if err := rows.Scan(&m.ID, &m.Name, &m.Services, &hours, &off, &appts, &offers, &starts, &ends); err != nil {
			rows.Close()
			return nil, err
		}
		for _, h := range hours {
			r := parseRange(h)
			m.hours[r.Weekday] = append(m.hours[r.Weekday], [2]int{minutes(r.Starts), minutes(r.Ends)})
		}
		for wd, rs := range m.hours {
			m.hours[wd] = mergeRanges(rs)
		}
		for _, d := range off {
			m.off[d] = true
		}
		for _, s := range appts {
			m.appts[slotOf(s)] = true
		}
		for _, s := range offers {
			m.offers[slotOf(s)] = true
		}
		for i := range starts {
			m.busy = append(m.busy, [2]time.Time{starts[i], ends[i]})
		}
		t = append(t, m)
	}
	return t, rows.Err()
}

// loadTeam reads the team over the span, through q (the pool, or a transaction under the
// slots' locks).
func loadTeam(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, st Settings, sp teamSpan) (team, error) {
	sql, args, err := sp.query(st)
	if err != nil {
		return nil, err
	}
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return scanTeam(rows)
}

func slotOf(s string) SlotRef {
	d, t, _ := strings.Cut(s, " ")
	return SlotRef{Date: d, Time: t}
}

// minutes reads HH:MM as minutes of the day; -1 when it is not.
func minutes(hhmm string) int {
	h, m, ok := strings.Cut(hhmm, ":")
	hi, err1 := strconv.Atoi(h)
	mi, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil {
		return -1
	}
	return hi*60 + mi
}

func mergeRanges(rs [][2]int) [][2]int {
	sort.Slice(rs, func(i, j int) bool { return rs[i][0] < rs[j][0] })
	var out [][2]int
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

// takes reports whether the consultant takes service ("" is any).
func (m *member) takes(service string) bool {
	return service == "" || slices.Contains(m.Services, service)
}

// freeAt reports whether the consultant can hold the slot: they work its whole hour, are
// not off that day, hold nothing then and are not busy in their calendar.
func (m *member) freeAt(st Settings, ref SlotRef) bool {
	d, ok := ParseDate(ref.Date, st.Location())
	start := minutes(ref.Time)
	if !ok || start < 0 || m.off[ref.Date] || m.appts[ref] || m.offers[ref] {
		return false
	}
	end := start + int(SlotLength/time.Minute)
	if !slices.ContainsFunc(m.hours[int(d.Weekday())], func(r [2]int) bool { return r[0] <= start && end <= r[1] }) {
		return false
	}
	from := slotStart(d, ref.Time)
	to := from.Add(SlotLength)
	return !slices.ContainsFunc(m.busy, func(b [2]time.Time) bool { return b[0].Before(to) && b[1].After(from) })
}

// load is how many live appointments the consultant holds in the ISO week of date.
func (m *member) load(date string) int {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0
	}
	y, w := d.ISOWeek()
	n := 0
	for ref := range m.appts {
		if a, err := time.Parse(time.DateOnly, ref.Date); err == nil {
			if ay, aw := a.ISOWeek(); ay == y && aw == w {
				n++
			}
		}
	}
	return n
}

func (t team) find(id string) *member {
	i := slices.IndexFunc(t, func(m *member) bool { return m.ID == id })
	if i < 0 {
		return nil
	}
	return t[i]
}

// free lists the consultants who can hold the slot for f, in team order.
func (t team) free(st Settings, ref SlotRef, f SlotsFor) []*member {
	var out []*member
	for _, m := range t {
		if (f.Consultant == "" || m.ID == f.Consultant) && m.takes(f.Service) && m.freeAt(st, ref) {
			out = append(out, m)
		}
	}
	return out
}

// pick chooses who holds the slot for service: the free consultant with the fewest live
// appointments in the slot's ISO week, by name then id on a tie; nil when none is free.
func (t team) pick(st Settings, ref SlotRef, service string) *member {
	free := t.free(st, ref, SlotsFor{Service: service})
	if len(free) == 0 {
		return nil
	}
	sort.SliceStable(free, func(i, j int) bool { return free[i].load(ref.Date) < free[j].load(ref.Date) })
	return free[0]
}
