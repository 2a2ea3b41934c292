package booking

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/attribution"
)

// The waitlist: people who want a full slot wait in line for it. When a place frees up
// (a cancellation, a move away, a deletion, a raised capacity, an offer declined or
// expired), the change that freed it inserts a "waitlist" job for the slot in its own
// transaction; the job offers the free places to the first in line (offers.go). An open
// offer holds its place: every path that counts a slot's appointments counts it too
// (heldSQL), so only the person it is offered to can book it, by accepting.

// Where a waitlist entry came from.
const (
	WaitlistForm = "form"
	WaitlistChat = "chat"
)

// States of a waitlist entry. Waiting and offered entries are in line.
const (
	WaitWaiting  = "waiting"
	WaitOffered  = "offered"
	WaitBooked   = "booked"
	WaitDeclined = "declined"
	WaitExpired  = "expired"
	WaitRemoved  = "removed"
	WaitLapsed   = "lapsed" // the slot came inside the notice before a place freed
)

// heldSQL counts what holds slot ($d, $t): its appointments that are not cancelled and
// the open offers of its waitlist, but the one named by $x (an offer being accepted).
// Every path that decides whether a slot has room counts with it.
func heldSQL(d, t, x string) string {
	return `(SELECT count(*) FROM appointments WHERE date = ` + d + ` AND time = ` + t + ` AND status <> 'cancelled')
		+ (SELECT count(*) FROM waitlist WHERE date = ` + d + ` AND time = ` + t + ` AND state = 'offered'
			AND hold_until > now() AND id IS DISTINCT FROM ` + x + `)`
}

// WaitlistRequest asks for a place in a full slot's line.
type WaitlistRequest struct {
	Date    string `json:"date"`
	Time    string `json:"time"`
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	Email   string `json:"email"`
	Service string `json:"service"`
	// Attribution is where the visit came from, as the web app kept it: cleaned (cut or
	// dropped, never a refusal), stored with the entry and carried to the booking an
	// accepted offer makes.
	Attribution *attribution.Visit `json:"attribution"`

	Language string `json:"-"`
	Source   string `json:"-"` // WaitlistForm or WaitlistChat
	// ChatSession is the visitor's conversation, where the offer is also made while it is open.
	ChatSession string `json:"-"`
}

// Joined is a place in a slot's line. Its entry, place in line and whether it was new
// are for staff and tests: anyone may join with any address, so a visitor told them would
// learn who waits (and the entry's id).
type Joined struct {
	ID       string `json:"-"`
	Position int    `json:"-"` // 1 is the first in line
	Date     string `json:"date"`
	Time     string `json:"time"`
	Label    string `json:"label"`
	Email    string `json:"email"`
	// Again is true when the address was already in this slot's line.
	Again bool `json:"-"`
}

// SlotFreeError refuses a place in line for a slot that has room: book it instead.
type SlotFreeError struct{}

func (e *SlotFreeError) Error() string { return "slot is free" }

// Is makes errors.Is(err, ErrConflict) true.
func (e *SlotFreeError) Is(target error) bool { return target == ErrConflict }

// LocalizedMessage says to book the slot instead.
func (e *SlotFreeError) LocalizedMessage(lang string) string { return Text(lang, "slot_free") }

// ErrGone is an offer that is no longer open: its hold ran out, it was declined or
// withdrawn, or its slot came too near.
var ErrGone = errors.New("offer gone")

// JoinWaitlist puts a person in line for a full slot, once per address: joining again
// returns their place. The slot must be one of an open day's slots beyond the minimum
// notice (a nearer one could never be offered), and full (else *SlotFreeError).
func (s *Core) JoinWaitlist(ctx context.Context, r WaitlistRequest) (Joined, error) {
	st, err := s.Settings(ctx)
	if err != nil {
		return Joined{}, err
	}
	if err := r.normalize(s.now().In(st.Location())); err != nil {
		return Joined{}, err
	}
	if r.Language == "" {
		r.Language = st.Language // the offer goes in the agency's default language
	}
	if err := s.checkOpen(ctx, st, r.Date, r.Time, r.Language); err != nil {
		return Joined{}, err
	}
	start := st.StartsAt(r.Date, r.Time)
	if start == nil || !start.After(s.now().Add(st.MinNotice())) {
		return Joined{}, invalidField("time", "waitlist_too_soon")
	}
	if r.Service != "" {
		// Stored by its slug when the catalogue knows it, as a booking's; else as given, and
		// the place it is offered is booked as a general appointment (Book).
		list, err := s.catalogue.ServiceNames(ctx)
		if err != nil {
			return Joined{}, err
		}
		if slug, ok := catalogueSlug(list, r.Service); ok {
			r.Service = slug
		}
	}
	j := Joined{Date: r.Date, Time: r.Time, Label: SlotLabel(r.Time, r.Language), Email: r.Email}
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, lockBooking, []string{slotLockKey(r.Date, r.Time)}); err != nil {
			return err
		}
		var held, capacity int
		if err := tx.QueryRow(ctx, `SELECT `+heldSQL("$1::date", "$2", "NULL::uuid")+`,
			(SELECT slot_capacity FROM settings WHERE id = 1)`, r.Date, r.Time).Scan(&held, &capacity); err != nil {
			return err
		}
		consultants, err := loadTeam(ctx, tx, st, teamSpan{From: r.Date, To: r.Date})
		if err != nil {
			return err
		}
		free := held < capacity
		if len(consultants) > 0 {
			free = len(consultants.free(st, SlotRef{Date: r.Date, Time: r.Time}, SlotsFor{Service: r.Service})) > 0
		}
		if free {
			return &SlotFreeError{}
		}
		err = tx.QueryRow(ctx, `INSERT INTO waitlist (date, time, starts_at, name, email, phone, phone_e164, service,
				language, source, chat_session, attribution)
			VALUES ($1::date, $2, $3, $4, $5, $6, $11, $7, $8, $9, $10, $12)
			ON CONFLICT (date, time, lower(email)) WHERE state IN ('waiting', 'offered') DO NOTHING
			RETURNING id`, r.Date, r.Time, start, r.Name, r.Email, r.Phone, NullIfEmpty(r.Service), r.Language,
			r.Source, NullIfEmpty(r.ChatSession), canonicalOrNil(&r.Phone), r.Attribution).Scan(&j.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			j.Again = true
			err = tx.QueryRow(ctx, `SELECT id FROM waitlist WHERE date = $1::date AND time = $2
				AND lower(email) = $3 AND state IN ('waiting', 'offered')`, r.Date, r.Time, r.Email).Scan(&j.ID)
		}
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT count(*) FROM waitlist w, waitlist me
			WHERE me.id = $1 AND w.date = me.date AND w.time = me.time AND w.state IN ('waiting', 'offered')
				AND (w.created_at, w.id) <= (me.created_at, me.id)`, j.ID).Scan(&j.Position)
	})
	if err != nil {
		return Joined{}, err
	}
	if !j.Again {
		waitlistJoins.WithLabelValues(r.Source).Inc()
		s.publishWaitlist(ctx, r.Date, r.Time)
	}
	return j, nil
}

// normalize trims the request and checks it as Book checks a request: a name, a phone
// number and, since the offer is e-mailed, an e-mail address.
func (r *WaitlistRequest) normalize(now time.Time) error {
	for _, f := range []*string{&r.Date, &r.Time, &r.Phone, &r.Service, &r.ChatSession} {
		*f = strings.TrimSpace(*f)
	}
	if r.Source == "" {
		r.Source = WaitlistForm
	}
	r.Attribution = r.Attribution.Clean()
	if r.Source != WaitlistForm && r.Source != WaitlistChat {
		return errors.New("booking: unknown waitlist source " + r.Source)
	}
	req := Request{Name: r.Name, Email: r.Email, Phone: r.Phone, Service: r.Service, Date: r.Date, Time: r.Time,
		Language: r.Language, Source: SourceForm}
	req.normalize()
	err := req.validate(now)
	v := &ValidationError{}
	if !errors.As(err, &v) {
		if err != nil {
			return err
		}
		v = &ValidationError{}
	}
	if req.Email == "" {
		v.Add("email", "required")
	}
	if req.Date == "" {
		v.Add("date", "required")
	}
	r.Name, r.Email, r.Phone, r.Language = req.Name, req.Email, req.Phone, req.Language
	return v.OrNil()
}

// DeclineOffer closes an open offer at its holder's wish; the place goes to the next in
// line. Declining again is harmless; ErrGone when the offer closed otherwise.
func (s *Core) DeclineOffer(ctx context.Context, id string) error {
	c, err := s.closeEntry(ctx, id, WaitDeclined, ActorCustomer, WaitOffered)
	switch {
	case err != nil:
		return err
	case !c.changed && c.was == WaitDeclined:
		return nil
	case !c.changed:
		return ErrGone
	}
	waitlistOutcomes.WithLabelValues(WaitDeclined).Inc()
	return nil
}

// RemoveFromWaitlist takes an entry out of line for a member of staff (by); an open offer
// is withdrawn and its place goes to the next in line. Removing an entry out of line
// already changes nothing.
func (s *Core) RemoveFromWaitlist(ctx context.Context, id, by string) error {
	_, err := s.closeEntry(ctx, id, WaitRemoved, by, WaitWaiting, WaitOffered)
	return err
}

// closedEntry is what closeEntry did: the entry's slot, the state it had, and whether it
// changed.
type closedEntry struct {
	slot    SlotRef
	was     string
	changed bool
}

// closeEntry takes an entry out of line, under its slot's lock: into state to, by whom,
// when its state is one of from (an offer only while its hold lasts). A place its offer
// held goes to the next in line; staff hear of the change.
func (s *Core) closeEntry(ctx context.Context, id, to, by string, from ...string) (closedEntry, error) {
	var c closedEntry
	if !IsUUID(id) {
		return c, ErrNotFound
	}
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		c, err = s.closeEntryTx(ctx, tx, id, to, by, from...)
		return err
	})
	if err == nil && c.changed {
		s.publishWaitlist(ctx, c.slot.Date, c.slot.Time)
	}
	return c, err
}

// closeEntryTx is closeEntry's work, in tx; the caller publishes the change after the
// commit.
func (s *Core) closeEntryTx(ctx context.Context, tx pgx.Tx, id, to, by string, from ...string) (closedEntry, error) {
	var c closedEntry
	err := tx.QueryRow(ctx, `SELECT to_char(date, 'YYYY-MM-DD'), time FROM waitlist WHERE id = $1`, id).
		Scan(&c.slot.Date, &c.slot.Time)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, err
	}
	if _, err := tx.Exec(ctx, lockBooking, []string{slotLockKey(c.slot.Date, c.slot.Time)}); err != nil {
		return c, err
	}
	var open bool
	if err := tx.QueryRow(ctx, `SELECT state, state <> 'offered' OR hold_until > now() FROM waitlist
		WHERE id = $1 FOR UPDATE`, id).Scan(&c.was, &open); err != nil {
		return c, err
	}
	if !open || !slices.Contains(from, c.was) {
		return c, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE waitlist SET state = $2, closed_by = $3, updated_at = now() WHERE id = $1`,
		id, to, by); err != nil {
		return c, err
	}
	c.changed = true
	if c.was != WaitOffered {
		return c, nil
	}
	return c, s.settleLater(ctx, tx, []SlotRef{c.slot})
}

// EventWaitlistUpdated tells staff that a slot's line changed; Data names the slot.
const EventWaitlistUpdated = "waitlist.updated"

func (s *Core) publishWaitlist(ctx context.Context, date, hhmm string) {
	data, _ := json.Marshal(map[string]string{"date": date, "time": hhmm})
	s.publish(ctx, Event{Kind: EventWaitlistUpdated, Data: data})
}

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
