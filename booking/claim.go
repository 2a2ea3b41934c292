package booking

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strconv"

	"github.com/jackc/pgx/v5"
)

// slotLockKey names a slot's advisory lock: Book and every change that takes a slot hold
// it while they count the slot's appointments and write theirs.
func slotLockKey(date, hhmm string) string { return "slot " + date + " " + hhmm }

// closedReason says why a slot cannot be booked — closed_day, past or not_a_slot — or ""
// when it is one of an open day's slots, still ahead.
func (s *Core) closedReason(st Settings, date, hhmm string) string {
	d, ok := ParseDate(date, st.Location())
	if !ok {
		return "not_a_slot"
	}
	day := s.day(st, d, nil, "")
	if day.Closed {
		return day.Reason
	}
	i := slices.IndexFunc(day.Slots, func(sl Slot) bool { return sl.Time == hhmm })
	switch {
	case i < 0:
		return "not_a_slot"
	case day.Slots[i].Past:
		return "past"
	}
	return ""
}

// slotRefusal is one appointment refused its slot: Reason is closedReason's, or "" when
// the slot is full. withAlternatives turns it into the public error.
type slotRefusal struct {
	Date, Time, Reason string
	HorizonDays        int // for beyond_horizon
	// For narrows the alternatives to the slots a consultant of the service can hold.
	For SlotsFor
}

// closedError is the error of a slot refused for reason, with the horizon it lies beyond.
func closedError(st Settings, reason string, alts []SlotRef) *SlotClosedError {
	e := &SlotClosedError{Reason: reason, Alternatives: alts}
	if reason == "beyond_horizon" {
		e.HorizonDays = st.HorizonDays()
	}
	return e
}

func (r *slotRefusal) Error() string {
	if r.Reason == "" {
		return "slot taken"
	}
	return "slot closed: " + r.Reason
}

// claimSlots checks, inside tx, that each appointment, as it will be once changed, may
// hold its slot: the slot is open (closedReason), and under the slot's advisory lock
// fewer than the capacity hold it besides the appointments being changed, which all
// count. The locks are taken in slot order and held until tx ends, so a concurrent Book
// or change of the same slot waits and then counts this one. It returns the refused
// appointments by id.
//
// With consultants, the capacity gives way to them (assign.go): each appointment keeps
// its consultant when they are free at its slot, else gets another free one who takes
// its service, else is refused; one in pinned must keep its consultant (a reassign: an
// active consultant of the service, else a validation error). The consultants chosen
// are written into list.
func (s *Core) claimSlots(ctx context.Context, tx pgx.Tx, st Settings, list []Appointment, pinned map[string]bool) (map[string]*slotRefusal, error) {
	refused := map[string]*slotRefusal{}
	bySlot := map[SlotRef][]string{}
	for _, a := range list {
		if reason := s.closedReason(st, a.Date, a.Time); reason != "" {
			refused[a.ID] = &slotRefusal{Date: a.Date, Time: a.Time, Reason: reason,
				HorizonDays: closedError(st, reason, nil).HorizonDays}
			continue
		}
		ref := SlotRef{Date: a.Date, Time: a.Time}
		bySlot[ref] = append(bySlot[ref], a.ID)
	}
	if len(bySlot) == 0 {
		return refused, nil
	}
	slots := make([]SlotRef, 0, len(bySlot))
	for ref := range bySlot {
		slots = append(slots, ref)
	}
	sort.Slice(slots, func(i, j int) bool { return slots[i].Date+slots[i].Time < slots[j].Date+slots[j].Time })
	keys, dates, times, ids := []string{}, []string{}, []string{}, []string{}
	for _, ref := range slots {
		keys = append(keys, slotLockKey(ref.Date, ref.Time))
		dates, times = append(dates, ref.Date), append(times, ref.Time)
		ids = append(ids, bySlot[ref]...)
	}
	if _, err := tx.Exec(ctx, lockBooking, keys); err != nil {
		return nil, err
	}
	consultants, err := loadTeam(ctx, tx, st, teamSpan{From: slots[0].Date, To: slots[len(slots)-1].Date, Except: ids})
	if err != nil {
		return nil, err
	}
	if len(consultants) > 0 {
		return refused, consultants.claim(st, list, refused, pinned)
	}
	if len(pinned) > 0 {
		return nil, errConsultantInvalid()
	}
	// A statement of its own, so that its snapshot is taken once the locks are held.
	// The capacity is read here, never from a cached copy of the settings.
	// Open waitlist offers hold their places too (heldSQL).
	rows, err := tx.Query(ctx, `SELECT (SELECT count(*) FROM appointments
		WHERE date = s.d::date AND time = s.t AND status <> 'cancelled' AND id <> ALL($3::uuid[]))
		+ (SELECT count(*) FROM waitlist WHERE date = s.d::date AND time = s.t AND state = 'offered' AND hold_until > now()),
		(SELECT slot_capacity FROM settings WHERE id = 1)
		FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(d, t, i) ORDER BY s.i`, dates, times, ids)
	if err != nil {
		return nil, err
	}
	type count struct{ Held, Capacity int }
	held, err := pgx.CollectRows(rows, pgx.RowToStructByPos[count])
	if err != nil {
		return nil, err
	}
	for i, ref := range slots {
		if held[i].Held+len(bySlot[ref]) <= held[i].Capacity {
			continue
		}
		for _, id := range bySlot[ref] {
			refused[id] = &slotRefusal{Date: ref.Date, Time: ref.Time}
		}
	}
	return refused, nil
}

// withAlternatives turns a slot refusal into *SlotTakenError or *SlotClosedError with
// the nearest free slots (labelled in the default language: the API writes them again
// in the reader's); other errors pass unchanged.
func (s *Core) withAlternatives(ctx context.Context, err error) error {
	var r *slotRefusal
	if !errors.As(err, &r) {
		return err
	}
	alts, aerr := s.NearestFree(ctx, r.Date, r.Time, AlternativesCount, "", r.For)
	if aerr != nil {
		return aerr
	}
	if r.Reason == "" {
		return &SlotTakenError{Alternatives: alts}
	}
	return &SlotClosedError{Reason: r.Reason, Alternatives: alts, HorizonDays: r.HorizonDays}
}

// SlotsRefusedError is a change of several appointments refused as a whole because some
// of them cannot hold their slot. Refused maps each such appointment's id to
// *SlotTakenError or *SlotClosedError (without alternatives).
type SlotsRefusedError struct {
	Refused map[string]error
}

func refusedError(refused map[string]*slotRefusal) *SlotsRefusedError {
	e := &SlotsRefusedError{Refused: make(map[string]error, len(refused))}
	for id, r := range refused {
		if r.Reason == "" {
			e.Refused[id] = &SlotTakenError{}
		} else {
			e.Refused[id] = &SlotClosedError{Reason: r.Reason, HorizonDays: r.HorizonDays}
		}
	}
	return e
}

func (e *SlotsRefusedError) Error() string {
	return strconv.Itoa(len(e.Refused)) + " appointments refused their slot"
}

// Taken reports whether one of the refusals is a full slot (else all are closed slots).
func (e *SlotsRefusedError) Taken() bool {
	for _, err := range e.Refused {
		if errors.Is(err, ErrSlotTaken) {
			return true
		}
	}
	return false
}

// Is makes errors.Is match ErrSlotTaken when a slot was full, else ErrSlotClosed.
func (e *SlotsRefusedError) Is(target error) bool {
	if e.Taken() {
		return target == ErrSlotTaken
	}
	return target == ErrSlotClosed
}

// LocalizedMessage implements the HTTP layer's localizer.
func (e *SlotsRefusedError) LocalizedMessage(lang string) string {
	return Text(lang, "slots_refused")
}

// LocalizedFields names each refused appointment, by id, with its reason.
func (e *SlotsRefusedError) LocalizedFields(lang string) map[string]string {
	out := make(map[string]string, len(e.Refused))
	for id, err := range e.Refused {
		var l interface{ LocalizedMessage(string) string }
		if errors.As(err, &l) {
			out[id] = l.LocalizedMessage(lang)
		}
	}
	return out
}
