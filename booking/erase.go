package booking

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/catalogue"
)

// EraseRequest is a member of staff's request to erase a client's personal data.
type EraseRequest struct {
	// Confirm must name the person as the console shows them.
	Confirm string `json:"confirm"`
	// CancelUpcoming cancels the person's appointments still ahead in the same action;
	// without it they refuse the erasure.
	CancelUpcoming bool `json:"cancel_upcoming"`
	// By is the staff member's e-mail, recorded with the erasure.
	By string `json:"-"`
}

// Erased counts what an erasure removed or replaced.
type Erased struct {
	Appointments int            `json:"appointments"`
	Cancelled    int            `json:"cancelled"`
	Messages     int            `json:"messages"`
	Newsletter   int            `json:"newsletter"`
	Waitlist     int            `json:"waitlist"`
	Codes        int            `json:"codes"`
	Parts        map[string]int `json:"-"`
}

// MarshalJSON writes the parts' counts beside the core's.
func (e Erased) MarshalJSON() ([]byte, error) {
	out := map[string]int{"appointments": e.Appointments, "cancelled": e.Cancelled, "messages": e.Messages,
		"newsletter": e.Newsletter, "waitlist": e.Waitlist, "codes": e.Codes}
	for k, v := range e.Parts {
		out[k] = v
	}
	return json.Marshal(out)
}

// UpcomingError refuses to erase a person who has appointments still ahead, unless they
// are cancelled in the same action.
type UpcomingError struct {
	Upcoming []Upcoming
}

// Upcoming is an appointment still ahead, as an UpcomingError lists it.
type Upcoming struct {
	ID     string `json:"id"`
	Date   string `json:"date"`
	Time   string `json:"time"`
	Status string `json:"status"`
}

func (e *UpcomingError) Error() string { return "the person has appointments ahead" }

// Is makes errors.Is(err, ErrConflict) true.
func (e *UpcomingError) Is(target error) bool { return target == ErrConflict }

// LocalizedMessage says why, and what to do.
func (e *UpcomingError) LocalizedMessage(lang string) string { return Text(lang, "erase_upcoming") }

// ErasePerson erases a client's personal data everywhere it is stored, in one
// transaction: the client's name, e-mail, phones, company and website; on their
// appointments the name, contact details, company, sector and message (date, time,
// service, status and source stay, so counts and charts stay true); the texts of their
// notifications; their messages' recipients and subjects, and the errors River recorded
// for them (those still due are skipped and their jobs cancelled); their one-time codes
// and manage links; their newsletter subscription; their waitlist entries, by address or
// number in E.164 (taken out of line); and each PersonalPart's share (the console's
// notes, the chat's conversations). The erasure is recorded with who did it and the
// counts, without the erased data. It is refused while the person has an appointment
// ahead (*UpcomingError) unless req.CancelUpcoming, and when req.Confirm does not name
// them.
func (s *Core) ErasePerson(ctx context.Context, clientID string, req EraseRequest) (Erased, error) {
	release, err := s.holdParts(ctx, clientID)
	if err != nil {
		return Erased{}, err
	}
	defer release()
	out := Erased{Parts: map[string]int{}}
	var (
		after   []func(context.Context)
		changed []Appointment
	)
	err = pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		out, after, changed = Erased{Parts: map[string]int{}}, nil, nil
		p, err := person(ctx, tx, clientID, true)
		if err != nil {
			return err
		}
		if !sameName(req.Confirm, p.Name) {
			return invalidField("confirm", "erase_confirm")
		}
		if out.Cancelled, err = s.cancelUpcoming(ctx, tx, p, req); err != nil {
			return err
		}
		if out.Messages, err = s.eraseDeliveries(ctx, tx, p); err != nil {
			return err
		}
		counts := []struct {
			n   *int
			sql string
			arg any
		}{
			{nil, `DELETE FROM manage_tokens WHERE appointment_id = ANY($1::uuid[])`, p.AppointmentIDs},
			{&out.Codes, `DELETE FROM verification_codes WHERE lower(email) = ANY($1)`, p.Emails},
			{nil, `UPDATE notifications SET title = '` + ErasedName + `', message = '', code = NULL, args = '{}'
				WHERE appointment_id = ANY($1::uuid[])`,
				p.AppointmentIDs},
		}
		for _, c := range counts {
			tag, err := tx.Exec(ctx, c.sql, c.arg)
			if err != nil {
				return err
			}
			if c.n != nil {
				*c.n = int(tag.RowsAffected())
			}
		}
		if out.Newsletter, err = catalogue.EraseSubscriptions(ctx, tx, p.Emails); err != nil {
			return err
		}
		if out.Waitlist, err = s.eraseWaitlist(ctx, tx, p, req.By); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE appointments a SET name = $2, email = NULL, phone = NULL, phone_e164 = NULL,
				message = NULL, company = NULL, sector = NULL, updated_at = now()
			WHERE client_id = $1 RETURNING `+AppointmentColumns, clientID, ErasedName)
		if err != nil {
			return err
		}
		if changed, err = pgx.CollectRows(rows, ScanAppointment); err != nil {
			return err
		}
		out.Appointments = len(changed)
		if _, err := tx.Exec(ctx, `UPDATE clients SET prenom = $2, nom = left($1::text, 8), email = NULL,
				numero_1 = NULL, numero_2 = NULL, numero_1_e164 = NULL, numero_2_e164 = NULL, nom_entreprise = NULL,
				siteweb = NULL, updated_at = now()
			WHERE id = $1`, clientID, ErasedName); err != nil {
			return err
		}
		for _, part := range s.personalParts() {
			n, then, err := part.Erase(ctx, tx, p)
			if err != nil {
				return err
			}
			out.Parts[part.Name] = n
			if then != nil {
				after = append(after, then)
			}
		}
		counts2, _ := json.Marshal(out)
		_, err = tx.Exec(ctx, `INSERT INTO erasures (client_id, erased_by, counts) VALUES ($1, $2, $3)`,
			clientID, req.By, counts2)
		return err
	})
	if err != nil {
		return Erased{}, err
	}
	for _, then := range after {
		then(ctx)
	}
	s.publishUpdated(ctx, changed)
	return out, nil
}

// holdParts runs the parts' holds (PersonalPart.Hold) before an erasure, and returns
// what ends them all; a person not found holds nothing, and the erasure says so.
func (s *Core) holdParts(ctx context.Context, clientID string) (func(), error) {
	var ends []func(context.Context)
	release := func() {
		ctx := context.WithoutCancel(ctx)
		for i := len(ends) - 1; i >= 0; i-- {
			ends[i](ctx)
		}
	}
	p, err := person(ctx, s.db, clientID, false)
	if errors.Is(err, ErrNotFound) {
		return release, nil
	}
	if err != nil {
		return nil, err
	}
	for _, part := range s.personalParts() {
		if part.Hold == nil {
			continue
		}
		end, err := part.Hold(ctx, p)
		if err != nil {
			release()
			return nil, err
		}
		ends = append(ends, end)
	}
	return release, nil
}

// sameName reports whether a confirmation names the person: case and spacing aside.
func sameName(confirm, name string) bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	return norm(confirm) != "" && norm(confirm) == norm(name)
}

// cancelUpcoming refuses the erasure while the person has appointments ahead, or cancels
// them when the request says so (no message: their address is being erased); the places
// go to the waitlist.
func (s *Core) cancelUpcoming(ctx context.Context, tx pgx.Tx, p Person, req EraseRequest) (int, error) {
	rows, err := tx.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.client_id = $1
		AND a.status NOT IN ('cancelled', 'completed') AND a.starts_at > now() ORDER BY a.starts_at`, p.ClientID)
	if err != nil {
		return 0, err
	}
	ahead, err := pgx.CollectRows(rows, ScanAppointment)
	if err != nil || len(ahead) == 0 {
		return 0, err
	}
	if !req.CancelUpcoming {
		e := &UpcomingError{}
		for _, a := range ahead {
			e.Upcoming = append(e.Upcoming, Upcoming{ID: a.ID, Date: a.Date, Time: a.Time, Status: a.Status})
		}
		return 0, e
	}
	ids := make([]string, len(ahead))
	var freed []SlotRef
	for i, a := range ahead {
		ids[i] = a.ID
		after := a
		after.Status = StatusCancelled
		freed = append(freed, freedSlots(a, after)...)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, code)
		SELECT id, status, 'cancelled', $2, 'history_erased'
		FROM appointments WHERE id = ANY($1::uuid[])`, ids, req.By); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE appointments SET status = 'cancelled', status_dashboard = 'cancelled',
		sequence = sequence + 1, updated_at = now() WHERE id = ANY($1::uuid[])`, ids); err != nil {
		return 0, err
	}
	return len(ahead), s.settleLater(ctx, tx, freed)
}

// eraseDeliveries blanks the recipient, subject and reason of every message to the
// person, and the errors River recorded for their jobs; those still due are skipped, and
// their jobs cancelled.
func (s *Core) eraseDeliveries(ctx context.Context, tx pgx.Tx, p Person) (int, error) {
	rows, err := tx.Query(ctx, `UPDATE deliveries SET recipient = '', subject = '',
			reason = CASE WHEN state = 'scheduled' THEN 'erased' ELSE '' END,
			state = CASE WHEN state = 'scheduled' THEN 'skipped' ELSE state END, updated_at = now()
		WHERE appointment_id = ANY($1::uuid[]) OR lower(recipient) = ANY($2)
		RETURNING id::text`, p.AppointmentIDs, p.Emails)
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(ids) == 0 {
		return len(ids), err
	}
	rows, err = tx.Query(ctx, `SELECT id FROM river_job WHERE kind = 'deliver' AND args->>'delivery_id' = ANY($1)
		AND state IN ('available', 'scheduled', 'retryable', 'pending')`, ids)
	if err != nil {
		return 0, err
	}
	jobs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, err
	}
	for _, id := range jobs {
		if _, err := s.jobs.JobCancelTx(ctx, tx, id); err != nil {
			return 0, err
		}
	}
	// River keeps each failed attempt's error, which quotes the address a server refused;
	// the attempts stay (when, which), their texts go.
	if _, err := tx.Exec(ctx, `UPDATE river_job SET errors = (
			SELECT array_agg(e || '{"error": "erased", "trace": ""}'::jsonb ORDER BY n)
			FROM unnest(errors) WITH ORDINALITY AS a(e, n))
		WHERE kind = 'deliver' AND args->>'delivery_id' = ANY($1) AND errors IS NOT NULL`, ids); err != nil {
		return 0, err
	}
	return len(ids), nil
}

// eraseWaitlist blanks the person's waitlist entries and takes them out of line; a place
// an offer of theirs held goes to the next in line.
func (s *Core) eraseWaitlist(ctx context.Context, tx pgx.Tx, p Person, by string) (int, error) {
	rows, err := tx.Query(ctx, `WITH mine AS (
			SELECT id, state FROM waitlist
			WHERE lower(email) = ANY($1) OR phone_e164 = ANY($2) FOR UPDATE)
		UPDATE waitlist w SET name = $3, email = '', phone = '', phone_e164 = NULL, chat_session = NULL, updated_at = now(),
			state = CASE WHEN mine.state IN ('waiting', 'offered') THEN 'removed' ELSE mine.state END,
			closed_by = CASE WHEN mine.state IN ('waiting', 'offered') THEN $4 ELSE w.closed_by END
		FROM mine WHERE w.id = mine.id
		RETURNING w.id::text, to_char(w.date, 'YYYY-MM-DD'), w.time, mine.state`, p.Emails, p.Phones, ErasedName, by)
	if err != nil {
		return 0, err
	}
	var ids []string
	var freed []SlotRef
	var id, was string
	var slot SlotRef
	if _, err := pgx.ForEachRow(rows, []any{&id, &slot.Date, &slot.Time, &was}, func() error {
		ids = append(ids, id)
		if was == WaitOffered {
			freed = append(freed, slot)
		}
		return nil
	}); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM waitlist_tokens WHERE waitlist_id = ANY($1::uuid[])`, ids); err != nil {
		return 0, err
	}
	return len(ids), s.settleLater(ctx, tx, freed)
}
