package booking

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Availability with consultants. When at least one consultant is active, a slot (date,
// time) is free for a service when some active consultant who takes it (any, for no
// service) works the slot's whole hour that weekday, is not off that day, holds no live
// appointment and no open waitlist offer then, and has no busy range of their own
// calendar overlapping the hour; its remaining places are the number of such
// consultants. The day's own rules (business days, closed dates, horizon, past) stand.
// Without active consultants the settings' slot capacity decides, as before.

// SlotsFor narrows which slots are free: those a consultant who takes Service ("" any)
// can hold, and only Consultant's when set. Without consultants it changes nothing.
type SlotsFor struct {
	Service    string
	Consultant string
}

// errConsultantInvalid refuses a consultant who is not an active one taking the service.
func errConsultantInvalid() error { return invalidField("consultant_id", "consultant_invalid") }

// assign chooses the consultant of an appointment of service at ref: want when set (it
// must be an active consultant taking the service, else a validation error, and free
// then, else ErrSlotTaken); else prefer when they can hold it (the consultant it keeps);
// else pick's choice, or ErrSlotTaken. The chosen one then holds the slot in t. Without
// consultants it returns "" (the capacity decides), and a wanted one is invalid.
func (t team) assign(st Settings, ref SlotRef, service, want, prefer string) (string, error) {
	if want != "" {
		m := t.find(want)
		if m == nil || !m.takes(service) {
			return "", errConsultantInvalid()
		}
		if ref.Date == "" {
			return m.ID, nil
		}
		if !m.freeAt(st, ref) {
			return "", ErrSlotTaken
		}
		m.appts[ref] = true
		return m.ID, nil
	}
	if len(t) == 0 || ref.Date == "" {
		return "", nil
	}
	if m := t.find(prefer); m != nil && m.takes(service) && m.freeAt(st, ref) {
		m.appts[ref] = true
		return m.ID, nil
	}
	if m := t.pick(st, ref, service); m != nil {
		m.appts[ref] = true
		return m.ID, nil
	}
	return "", ErrSlotTaken
}

// claim gives each appointment of list that refused does not name a consultant free at
// its slot, in slot order (see claimSlots), and refuses those none can hold.
func (t team) claim(st Settings, list []Appointment, refused map[string]*slotRefusal, pinned map[string]bool) error {
	order := make([]int, 0, len(list))
	for i, a := range list {
		if refused[a.ID] == nil {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := list[order[i]], list[order[j]]
		return a.Date+a.Time < b.Date+b.Time
	})
	for _, i := range order {
		a := &list[i]
		want, prefer := "", a.ConsultantID
		if pinned[a.ID] {
			want, prefer = a.ConsultantID, ""
		}
		id, err := t.assign(st, SlotRef{Date: a.Date, Time: a.Time}, a.Service, want, prefer)
		switch {
		case errors.Is(err, ErrSlotTaken):
			refused[a.ID] = &slotRefusal{Date: a.Date, Time: a.Time, For: SlotsFor{Service: a.Service, Consultant: want}}
		case err != nil:
			return err
		default:
			a.ConsultantID = id
		}
	}
	return nil
}

// consultantClash reports whether err is the database refusing two live appointments of
// one consultant at once (the index appointments_one_per_consultant).
func consultantClash(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == "appointments_one_per_consultant"
}

// availability says how many places each slot has left: the settings' capacity less what
// holds it, or, with consultants, the number who can hold it for the request.
type availability struct {
	capacity int
	taken    map[SlotRef]int
	team     team
	f        SlotsFor
}

// availability reads what decides the slots of the days from..to for f.
func (s *Core) availability(ctx context.Context, st Settings, from, to string, f SlotsFor) (*availability, error) {
	t, err := loadTeam(ctx, s.db, st, teamSpan{From: from, To: to})
	if err != nil {
		return nil, err
	}
	if len(t) > 0 {
		if f.Service, err = s.serviceSlug(ctx, f.Service); err != nil {
			return nil, err
		}
		return &availability{team: t, f: f}, nil
	}
	a := &availability{capacity: st.SlotCapacity}
	if f.Consultant != "" {
		return a, nil // no such consultant: nothing is free
	}
	a.taken, err = s.takenCounts(ctx, from, to)
	return a, err
}

// remaining is how many more appointments the slot may take.
func (a *availability) remaining(st Settings, ref SlotRef) int {
	switch {
	case a == nil:
		return st.SlotCapacity
	case len(a.team) > 0:
		return len(a.team.free(st, ref, a.f))
	case a.taken == nil:
		return 0
	}
	return max(a.capacity-a.taken[ref], 0)
}

// slotsFor is the optional last argument of the slot readers.
func slotsFor(f []SlotsFor) SlotsFor {
	if len(f) == 0 {
		return SlotsFor{}
	}
	return SlotsFor{Service: strings.TrimSpace(f[0].Service), Consultant: strings.TrimSpace(f[0].Consultant)}
}

// claimChanged checks, in tx, the slot an appointment changed from before into a takes,
// or the consultant it is given at its slot (see claimSlots); a refusal is returned as
// the error. The consultant that holds it is written into a.
func (s *Core) claimChanged(ctx context.Context, tx pgx.Tx, st Settings, before Appointment, a *Appointment) error {
	reassigned := a.ConsultantID != before.ConsultantID
	if !takesSlot(before, *a) && !reassigned {
		return nil
	}
	if !holdsSlot(*a) {
		// No slot to hold: the consultant need only be one of the service's.
		t, err := loadTeam(ctx, tx, st, teamSpan{})
		if err != nil {
			return err
		}
		_, err = t.assign(st, SlotRef{}, a.Service, a.ConsultantID, "")
		return err
	}
	var pinned map[string]bool
	if reassigned {
		pinned = map[string]bool{a.ID: true}
	}
	list := []Appointment{*a}
	refused, err := s.claimSlots(ctx, tx, st, list, pinned)
	if err != nil {
		return err
	}
	if r, ok := refused[a.ID]; ok {
		return r
	}
	a.ConsultantID = list[0].ConsultantID
	return nil
}

// assignTaken writes, in tx, the consultants claimSlots gave the appointments of list.
func assignTaken(ctx context.Context, tx pgx.Tx, list []Appointment) error {
	ids, consultants := []string{}, []*string{}
	for _, a := range list {
		ids, consultants = append(ids, a.ID), append(consultants, NullIfEmpty(a.ConsultantID))
	}
	if len(ids) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE appointments a SET consultant_id = l.c FROM unnest($1::uuid[], $2::uuid[]) AS l(id, c)
		WHERE a.id = l.id AND a.consultant_id IS DISTINCT FROM l.c`, ids, consultants)
	if consultantClash(err) {
		return ErrSlotTaken
	}
	return err
}

// offerConsultants chooses, in tx under the slot's lock, who of the slot's line a free
// consultant can meet, in line order, and the consultant each offer will hold: the
// entries' ids and their consultants, both nil without consultants (the capacity decides).
func (s *Core) offerConsultants(ctx context.Context, tx pgx.Tx, st Settings, date, hhmm string) ([]string, []string, error) {
	t, err := loadTeam(ctx, tx, st, teamSpan{From: date, To: date})
	if err != nil || len(t) == 0 {
		return nil, nil, err
	}
	rows, err := tx.Query(ctx, `SELECT id::text, coalesce(service, '') FROM waitlist
		WHERE date = $1::date AND time = $2 AND state = 'waiting' ORDER BY created_at, id`, date, hhmm)
	if err != nil {
		return nil, nil, err
	}
	type entry struct{ ID, Service string }
	line, err := pgx.CollectRows(rows, pgx.RowToStructByPos[entry])
	if err != nil {
		return nil, nil, err
	}
	entries, consultants := []string{}, []string{}
	for _, e := range line {
		c, err := t.assign(st, SlotRef{Date: date, Time: hhmm}, e.Service, "", "")
		if errors.Is(err, ErrSlotTaken) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		entries, consultants = append(entries, e.ID), append(consultants, c)
	}
	return entries, consultants, nil
}
