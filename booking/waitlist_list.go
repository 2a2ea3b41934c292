package booking

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// WaitlistSlot is one slot's line, as staff see it.
type WaitlistSlot struct {
	Date     string `json:"date"`
	Time     string `json:"time"`
	Label    string `json:"label"`
	Capacity int    `json:"capacity"`
	Booked   int    `json:"booked"` // appointments holding it
	Held     int    `json:"held"`   // open offers holding it
	// Entries are in line order: the people in line first, then those who left it.
	Entries []WaitlistEntry `json:"entries"`
}

// WaitlistEntry is one person waiting for a slot, or who did.
type WaitlistEntry struct {
	ID            string     `json:"id"`
	Position      *int       `json:"position"` // in line; nil once out of it
	Name          string     `json:"name"`
	Email         string     `json:"email"`
	Phone         string     `json:"phone"`
	Service       string     `json:"service"`
	Language      string     `json:"language"`
	Source        string     `json:"source"`
	State         string     `json:"state"`
	CreatedAt     time.Time  `json:"created_at"`
	OfferedAt     *time.Time `json:"offered_at,omitempty"`
	HoldUntil     *time.Time `json:"hold_until,omitempty"`
	AppointmentID *string    `json:"appointment_id,omitempty"`
	ClosedBy      *string    `json:"closed_by,omitempty"`
}

// maxWaitlistRows bounds the entries one listing returns.
const maxWaitlistRows = 1000

// Waitlist lists the lines of a date's slots (YYYY-MM-DD), or, with no date, of every slot
// from today on, by slot; an offer whose hold ran out shows as expired at once.
func (s *Core) Waitlist(ctx context.Context, date string) ([]WaitlistSlot, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now().In(st.Location())
	from, to := now.Format(time.DateOnly), "2999-12-31"
	if date != "" {
		if _, ok := ParseDate(date, st.Location()); !ok {
			return nil, invalidField("date", "date_invalid")
		}
		from, to = date, date
	}
	rows, err := s.db.Query(ctx, `SELECT to_char(w.date, 'YYYY-MM-DD'), w.time, w.id, w.name, w.email, w.phone,
			coalesce(w.service, ''), w.language, w.source,
			CASE WHEN w.state = 'offered' AND w.hold_until <= now() THEN 'expired' ELSE w.state END,
			w.created_at, w.offered_at, w.hold_until, w.appointment_id::text, w.closed_by,
			(SELECT count(*) FROM appointments a WHERE a.date = w.date AND a.time = w.time AND a.status <> 'cancelled')
		FROM waitlist w WHERE w.date BETWEEN $1::date AND $2::date
		ORDER BY w.date, w.time, w.state NOT IN ('waiting', 'offered'), w.created_at, w.id
		LIMIT $3`, from, to, maxWaitlistRows)
	if err != nil {
		return nil, err
	}
	type row struct {
		Date, Time string
		WaitlistEntry
		Booked int
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var w row
		e := &w.WaitlistEntry
		err := r.Scan(&w.Date, &w.Time, &e.ID, &e.Name, &e.Email, &e.Phone, &e.Service, &e.Language, &e.Source,
			&e.State, &e.CreatedAt, &e.OfferedAt, &e.HoldUntil, &e.AppointmentID, &e.ClosedBy, &w.Booked)
		return w, err
	})
	if err != nil {
		return nil, err
	}
	out := []WaitlistSlot{}
	inLine := 0
	for _, w := range list {
		if n := len(out); n == 0 || out[n-1].Date != w.Date || out[n-1].Time != w.Time {
			out = append(out, WaitlistSlot{Date: w.Date, Time: w.Time, Label: SlotLabel(w.Time, ""),
				Capacity: st.SlotCapacity, Booked: w.Booked, Entries: []WaitlistEntry{}})
			inLine = 0
		}
		slot, e := &out[len(out)-1], w.WaitlistEntry
		if e.State == WaitWaiting || e.State == WaitOffered {
			inLine++
			pos := inLine
			e.Position = &pos
		}
		if e.State == WaitOffered {
			slot.Held++
		}
		slot.Entries = append(slot.Entries, e)
	}
	return out, nil
}
