package booking

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/catalogue"
)

// Change holds the edited fields of an appointment; nil fields stay as they are.
type Change struct {
	Name    *string `json:"name"`
	Email   *string `json:"email"`
	Phone   *string `json:"phone"`
	Service *string `json:"service"`
	Date    *string `json:"date"`
	Time    *string `json:"time"`
	Message *string `json:"message"`
	Company *string `json:"company"`
	Status  *string `json:"status"`
	// Mode is how the meeting happens (catalogue.Modes); it must be one the service offers.
	Mode *string `json:"mode"`
	// ConsultantID reassigns the appointment: an active consultant who takes its service
	// and is free at its slot. "" keeps the one it has.
	ConsultantID *string `json:"consultant_id"`
}

// StatusCancelled is the one status that frees the appointment's slot.
const StatusCancelled = "cancelled"

// holdsSlot reports whether an appointment counts against its slot's capacity.
func holdsSlot(a Appointment) bool { return a.Date != "" && a.Status != StatusCancelled }

// takesSlot reports whether changing before into after makes the appointment hold a slot
// it did not hold: a move, or a return from cancelled. Such a change obeys the rules of
// Book; any other change (a name, a status between two holding ones) does not.
func takesSlot(before, after Appointment) bool {
	return holdsSlot(after) && (!holdsSlot(before) || before.Date != after.Date || before.Time != after.Time)
}

// freedSlots is the slot changing before into after frees — its old one, when it no
// longer holds it — for the waitlist to offer.
func freedSlots(before, after Appointment) []SlotRef {
	if !holdsSlot(before) || (holdsSlot(after) && after.Date == before.Date && after.Time == before.Time) {
		return nil
	}
	return []SlotRef{{Date: before.Date, Time: before.Time}}
}

// historyNote is the history's account of changing before into after, as a text code and
// its arguments: its status, else its slot; no code for a change the history does not
// record (the details of a request).
func historyNote(before, after Appointment) (string, map[string]string) {
	switch {
	case before.Status != after.Status:
		return "history_status", map[string]string{"from": before.Status, "to": after.Status}
	case before.Date != after.Date || before.Time != after.Time:
		return "history_moved", map[string]string{"from": slotText(before), "to": slotText(after)}
	case before.ConsultantID != after.ConsultantID:
		return "history_reassigned", map[string]string{"from": before.ConsultantName, "to": after.ConsultantName}
	}
	return "", nil
}

func slotText(a Appointment) string {
	if a.Date == "" {
		return ""
	}
	return a.Date + " " + a.Time
}

// calendarChange is 1 when changing before into after is news for a calendar (a new
// slot, a cancellation, a return from one), which raises the appointment's sequence; else 0.
func calendarChange(before, after Appointment) int {
	if before.Date != after.Date || before.Time != after.Time ||
		(before.Status == StatusCancelled) != (after.Status == StatusCancelled) {
		return 1
	}
	return 0
}

// remoded reports whether changing before into after changes how the meeting happens.
func remoded(before, after Appointment) bool { return before.ID != "" && before.Mode != after.Mode }

// sequenceStep is 1 when changing before into after changes what the customer's calendar
// holds: its slot, its cancellation, or its mode (the event's location and link).
func sequenceStep(before, after Appointment) int {
	if calendarChange(before, after) == 1 || remoded(before, after) {
		return 1
	}
	return 0
}

var hhmm = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// apply merges the change into a and validates the result. A changed date or time must be
// a date and one of SlotTimes.
func (ch Change) apply(a *Appointment) error {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	before := *a
	set(&a.Name, ch.Name)
	set(&a.Email, ch.Email)
	set(&a.Phone, ch.Phone)
	set(&a.Service, ch.Service)
	set(&a.Date, ch.Date)
	set(&a.Time, ch.Time)
	set(&a.Message, ch.Message)
	set(&a.Company, ch.Company)
	set(&a.Status, ch.Status)
	set(&a.Mode, ch.Mode)
	if ch.ConsultantID != nil && strings.TrimSpace(*ch.ConsultantID) != "" {
		a.ConsultantID = strings.TrimSpace(*ch.ConsultantID)
	}
	a.Name = strings.Join(strings.Fields(a.Name), " ")
	a.Email = NormalizeEmail(a.Email)
	v := &ValidationError{}
	if a.Name == "" {
		v.Add("name", "required")
	} else if n := len([]rune(a.Name)); n < NameMinLen || n > NameMaxLen {
		v.Add("name", "name_length")
	}
	if a.Email != "" && CheckEmail(a.Email) != "" {
		v.Add("email", "email_invalid")
	}
	if a.Phone != "" {
		if code := CheckPhone(a.Phone); code != "" {
			v.Add("phone", code)
		}
	}
	if a.Company != "" {
		if code := CheckCompany(a.Company); code != "" {
			v.Add("company", code)
		}
	}
	if len([]rune(a.Service)) > ShortMaxLen {
		v.Add("service", "too_long")
	}
	if len([]rune(a.Message)) > MessageMaxLen {
		v.Add("message", "too_long")
	}
	if (a.Date == "") != (a.Time == "") {
		v.Add("date", "date_time_pair")
	}
	moved := a.Date != before.Date || a.Time != before.Time
	if a.Date != "" && moved {
		if _, ok := ParseDate(a.Date, time.UTC); !ok {
			v.Add("date", "date_invalid")
		}
	}
	if a.Time != "" && (!hhmm.MatchString(a.Time) || (moved && !slices.Contains(SlotTimes, a.Time))) {
		v.Add("time", "time_invalid")
	}
	if !slices.Contains(Statuses, a.Status) {
		v.Add("status", "invalid_option")
	}
	if !catalogue.IsMode(a.Mode) {
		v.Add("mode", "invalid_option")
	}
	if a.ConsultantID != before.ConsultantID && !IsUUID(a.ConsultantID) {
		v.Add("consultant_id", "consultant_invalid")
	}
	return v.OrNil()
}

// Edit changes one appointment for a member of staff (by, their e-mail): status_dashboard
// becomes status, and a status change writes one history row naming them. A change that
// makes the appointment hold a slot — a new date or time, or a return from cancelled — is
// checked as Book checks a booking: the slot must be one of an open day's slots and not
// past (else *SlotClosedError), and, under the slot's lock, hold fewer appointments than
// the capacity, this one aside (else *SlotTakenError). Both offer the nearest free slots.
// The messages the change causes are scheduled with it; the live event follows the commit.
//
// A new service must be one of the catalogue's, and is stored by its slug, as Book
// stores one; a service kept as it was stays, whatever it is. A new mode must be one the
// service offers; a new service keeps the mode when it offers it, else takes its default.
// An appointment that becomes a video meeting gets its room then, unless it had one.
func (s *Core) Edit(ctx context.Context, id string, ch Change, by string) (Appointment, error) {
	var services []catalogue.ServiceName
	if (ch.Service != nil && strings.TrimSpace(*ch.Service) != "") || ch.Mode != nil {
		var err error
		if services, err = s.catalogue.ServiceNames(ctx); err != nil {
			return Appointment{}, err
		}
	}
	return s.change(ctx, id, by, actorAgency, func(_ Settings, a *Appointment) error {
		before := a.Service
		if err := ch.apply(a); err != nil {
			return err
		}
		if a.Service != "" && a.Service != before {
			slug, ok := catalogueSlug(services, a.Service)
			if !ok {
				return errServiceUnknown()
			}
			a.Service = slug
		}
		if a.Service != before || ch.Mode != nil {
			requested := a.Mode
			if ch.Mode == nil && !offers(services, a.Service, a.Mode) {
				requested = ""
			}
			if err := modeOf(services, a.Service, requested, &a.Mode); err != nil {
				return err
			}
		}
		return s.roomFor(ctx, a, a.MeetingURL)
	})
}

// updateAppointment writes an appointment's fields after a change, raising its calendar
// sequence by sequence_step (calendarChange), and returns it.
var updateAppointment = named(`UPDATE appointments AS a SET name = @name, email = @email, phone = @phone,
	phone_e164 = @phone_e164, service = @service, date = @date::date, time = @time, message = @message,
	company = @company, status = @status, status_dashboard = @status, starts_at = @starts_at,
	mode = @mode, meeting_url = coalesce(a.meeting_url, @meeting_url), consultant_id = @consultant_id::uuid,
	sequence = sequence + @sequence_step, updated_at = now()
	WHERE a.id = @id RETURNING ` + AppointmentColumns)

// change applies fn to one appointment under its row lock, checks the slot the result
// takes, and writes it with its history row (when the status changes) and the messages it
// causes, in one transaction; then it publishes the live event. by names who acted in the
// history; actor says who acted as the customer reads it.
func (s *Core) change(ctx context.Context, id, by, actor string, fn func(Settings, *Appointment) error) (Appointment, error) {
	if !IsUUID(id) {
		return Appointment{}, ErrNotFound
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return Appointment{}, err
	}
	var out Appointment
	var reassigned bool
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		a, err := lockAppointment(ctx, tx, id)
		if err != nil {
			return err
		}
		before := a
		if err := fn(st, &a); err != nil {
			return err
		}
		if err := s.claimChanged(ctx, tx, st, before, &a); err != nil {
			return err
		}
		params, err := updateAppointment.args(pgx.NamedArgs{
			"id":            id,
			"name":          a.Name,
			"email":         NullIfEmpty(a.Email),
			"phone":         NullIfEmpty(a.Phone),
			"phone_e164":    canonicalOrNil(NullIfEmpty(a.Phone)),
			"service":       NullIfEmpty(a.Service),
			"date":          NullIfEmpty(a.Date),
			"time":          NullIfEmpty(a.Time),
			"message":       NullIfEmpty(a.Message),
			"company":       NullIfEmpty(a.Company),
			"status":        a.Status,
			"starts_at":     st.StartsAt(a.Date, a.Time),
			"mode":          a.Mode,
			"meeting_url":   NullIfEmpty(a.MeetingURL),
			"sequence_step": sequenceStep(before, a),
			"consultant_id": NullIfEmpty(a.ConsultantID),
		})
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, updateAppointment.sql, params...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectExactlyOneRow(rows, ScanAppointment)
		if consultantClash(err) {
			return &slotRefusal{Date: a.Date, Time: a.Time, For: SlotsFor{Service: a.Service}}
		}
		if err != nil {
			return err
		}
		reassigned = out.ConsultantID != "" && out.ConsultantID != before.ConsultantID
		if readdressed(before, out) {
			if err := s.readdress(ctx, tx, out); err != nil {
				return err
			}
		}
		if err := s.scheduleMessages(ctx, tx, st, before, out, actor); err != nil {
			return err
		}
		if err := s.settleLater(ctx, tx, freedSlots(before, out)); err != nil {
			return err
		}
		code, args := historyNote(before, out)
		if code == "" {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, code, args)
			VALUES ($1, $2, $3, $4, $5, $6)`, id, before.Status, a.Status, by, code, args)
		return err
	})
	if err != nil {
		return Appointment{}, s.withAlternatives(ctx, err)
	}
	updated := Event{Kind: EventAppointmentUpdated, Appointment: &out}
	if reassigned {
		updated.Cause, updated.By = CauseReassigned, by
	}
	s.publish(ctx, updated)
	return out, nil
}

// SetStatus sets status (and status_dashboard) on the appointments for a member of staff
// (by), writing a history row naming them for each one whose status changes, and returns
// the appointments it set. It is all or nothing: when a row would return from cancelled
// into a slot that is closed, past or full (the other rows of the selection counted), no
// row changes and the *SlotsRefusedError names each refused appointment. The caller
// publishes the live events.
func (s *Core) SetStatus(ctx context.Context, ids []string, status, by string) ([]Appointment, error) {
	if !slices.Contains(Statuses, status) {
		v := &ValidationError{}
		v.Add("status", "invalid_option")
		return nil, v
	}
	for _, id := range ids {
		if !IsUUID(id) {
			v := &ValidationError{}
			v.Add("ids", "invalid_input")
			return nil, v
		}
	}
	st, err := s.Settings(ctx)
	if err != nil {
		return nil, err
	}
	var updated []Appointment
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		// Rows are locked in id order so two bulk updates of overlapping selections
		// cannot deadlock; slots are locked after every row, in a fixed order too.
		rows, err := tx.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a
			WHERE a.id = ANY($1::uuid[]) ORDER BY a.id FOR UPDATE`, ids)
		if err != nil {
			return err
		}
		current, err := pgx.CollectRows(rows, ScanAppointment)
		if err != nil {
			return err
		}
		var taking []Appointment
		for _, a := range current {
			after := a
			after.Status = status
			if takesSlot(a, after) {
				taking = append(taking, after)
			}
		}
		refused, err := s.claimSlots(ctx, tx, st, taking, nil)
		if err != nil {
			return err
		}
		if len(refused) > 0 {
			return refusedError(refused)
		}
		if err := assignTaken(ctx, tx, taking); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, code, args)
			SELECT id, status, $2, $3, 'history_bulk', jsonb_build_object('from', status, 'to', $2::text)
			FROM appointments WHERE id = ANY($1::uuid[]) AND status <> $2`, ids, status, by); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `UPDATE appointments AS a SET status = $2, status_dashboard = $2,
			sequence = sequence + CASE WHEN (status = 'cancelled') <> ($2 = 'cancelled') THEN 1 ELSE 0 END,
			updated_at = now() WHERE a.id = ANY($1::uuid[]) RETURNING `+AppointmentColumns, ids, status)
		if err != nil {
			return err
		}
		if updated, err = pgx.CollectRows(rows, ScanAppointment); err != nil {
			return err
		}
		byID := make(map[string]Appointment, len(current))
		for _, a := range current {
			byID[a.ID] = a
		}
		var freed []SlotRef
		for _, a := range updated {
			if err := s.scheduleMessages(ctx, tx, st, byID[a.ID], a, actorAgency); err != nil {
				return err
			}
			freed = append(freed, freedSlots(byID[a.ID], a)...)
		}
		return s.settleLater(ctx, tx, freed)
	})
	if err != nil {
		return nil, err
	}
	s.publishUpdated(ctx, updated)
	return updated, nil
}

// eventRowsMax is how many changed rows a bulk change sends one by one; beyond it one
// event names them all, so a burst cannot overrun the streams' bounded buffers.
const eventRowsMax = 20

func (s *Core) publishUpdated(ctx context.Context, list []Appointment) {
	if len(list) > eventRowsMax {
		ids := make([]string, len(list))
		for i, a := range list {
			ids[i] = a.ID
		}
		s.publish(ctx, Event{Kind: EventAppointmentUpdated, IDs: ids})
		return
	}
	for i := range list {
		s.publish(ctx, Event{Kind: EventAppointmentUpdated, Appointment: &list[i]})
	}
}

// An appointment's e-mail may be corrected by staff. What was sent to the old address
// then belongs to someone else: every manage link sent there stops working and the
// messages still due there are not sent, in the transaction of the change; the new
// address gets a fresh confirmation with its own link (messagesFor).

// ReasonRecipientChanged records a message not sent because the appointment's e-mail
// changed since it was written.
const ReasonRecipientChanged = "recipient_changed"

// errRecipientChanged is a message's recipient that is no longer the appointment's e-mail.
var errRecipientChanged = errors.New("recipient changed")

var (
	// revokeManageTokens deletes every manage link of an appointment.
	revokeManageTokens = `DELETE FROM manage_tokens WHERE appointment_id = $1`
	// skipReaddressed skips an appointment's messages still due to another address than $2.
	skipReaddressed = `UPDATE deliveries SET state = 'skipped', reason = $3, updated_at = now()
		WHERE appointment_id = $1 AND state = 'scheduled' AND lower(recipient) <> $2`
)

// readdressed reports whether changing before into after changes the address messages
// go to.
func readdressed(before, after Appointment) bool {
	return before.ID != "" && NormalizeEmail(before.Email) != NormalizeEmail(after.Email)
}

// readdress withdraws, in tx, what the old address of a holds: its manage links and the
// messages still due there.
func (s *Core) readdress(ctx context.Context, tx pgx.Tx, a Appointment) error {
	if _, err := tx.Exec(ctx, revokeManageTokens, a.ID); err != nil {
		return fmt.Errorf("manage links: %w", err)
	}
	if _, err := tx.Exec(ctx, skipReaddressed, a.ID, NormalizeEmail(a.Email), ReasonRecipientChanged); err != nil {
		return fmt.Errorf("deliveries: %w", err)
	}
	return nil
}

// MaxBulk bounds how many rows one bulk action may touch.
const MaxBulk = 500

// CheckIDs validates the ids of a bulk action: some (else emptyCode), at most MaxBulk,
// each a UUID.
func CheckIDs(ids []string, emptyCode string) error {
	switch {
	case len(ids) == 0:
		return invalidField("ids", emptyCode)
	case len(ids) > MaxBulk:
		return invalidField("ids", "too_many_ids")
	}
	for _, id := range ids {
		if !IsUUID(id) {
			return invalidField("ids", "invalid_input")
		}
	}
	return nil
}

// DeleteAppointment removes one appointment as DeleteAppointments does; ErrNotFound when
// there is none with that id.
func (s *Core) DeleteAppointment(ctx context.Context, id string) error {
	if !IsUUID(id) {
		return ErrNotFound
	}
	deleted, err := s.DeleteAppointments(ctx, []string{id})
	if err == nil && len(deleted) == 0 {
		return ErrNotFound
	}
	return err
}

// DeleteAppointments removes the appointments, with their notes, history, messages and
// links, and returns the ids it removed. After the commit it publishes one live event per
// removed appointment; beyond eventRowsMax, as for a bulk change, one event names them all.
func (s *Core) DeleteAppointments(ctx context.Context, ids []string) ([]string, error) {
	if err := CheckIDs(ids, "select_appointments"); err != nil {
		return nil, err
	}
	var deleted []string
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `DELETE FROM appointments WHERE id = ANY($1::uuid[])
			RETURNING id::text, coalesce(to_char(date, 'YYYY-MM-DD'), ''), coalesce(time, ''), status`, ids)
		if err != nil {
			return err
		}
		var freed []SlotRef
		var a Appointment
		deleted = nil
		if _, err := pgx.ForEachRow(rows, []any{&a.ID, &a.Date, &a.Time, &a.Status}, func() error {
			deleted = append(deleted, a.ID)
			freed = append(freed, freedSlots(a, Appointment{})...)
			return nil
		}); err != nil {
			return err
		}
		// The places they held go to the waitlist.
		return s.settleLater(ctx, tx, freed)
	})
	if err != nil {
		return nil, err
	}
	if len(deleted) > eventRowsMax {
		s.publish(ctx, Event{Kind: EventAppointmentDeleted, IDs: deleted})
		return deleted, nil
	}
	for _, id := range deleted {
		s.publish(ctx, Event{Kind: EventAppointmentDeleted, IDs: []string{id}})
	}
	return deleted, nil
}
