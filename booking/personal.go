package booking

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/privacy"
)

// booking's share of personal-data requests (privacy.People): it knows whom a request is
// about, a client with every address and number they are known by and their
// appointments; it exports the client, their appointments with their history, the
// messages sent to them and their waitlist entries; and it begins each erasure
// (erase.go). Appointments keep their date, time, service, status, source, traffic source
// and campaign, so counts stay true.

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// person reads whom a request about the client is about; lock takes the client's row
// lock for an erasure.
func person(ctx context.Context, q querier, clientID string, lock bool) (privacy.Person, error) {
	if !IsUUID(clientID) {
		return privacy.Person{}, ErrNotFound
	}
	forUpdate := ""
	if lock {
		forUpdate = " FOR UPDATE"
	}
	var p privacy.Person
	var emails, phones []*string
	err := q.QueryRow(ctx, `SELECT id::text, trim(prenom || ' ' || nom), ARRAY[email], ARRAY[numero_1_e164, numero_2_e164]
		FROM clients WHERE id = $1`+forUpdate, clientID).Scan(&p.ClientID, &p.Name, &emails, &phones)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, err
	}
	rows, err := q.Query(ctx, `SELECT id::text, email, phone_e164 FROM appointments WHERE client_id = $1`+forUpdate, clientID)
	if err != nil {
		return p, err
	}
	var id string
	var email, phone *string
	if _, err := pgx.ForEachRow(rows, []any{&id, &email, &phone}, func() error {
		p.AppointmentIDs = append(p.AppointmentIDs, id)
		emails, phones = append(emails, email), append(phones, phone)
		return nil
	}); err != nil {
		return p, err
	}
	for _, e := range emails {
		if e != nil && *e != "" && !slices.Contains(p.Emails, strings.ToLower(*e)) {
			p.Emails = append(p.Emails, strings.ToLower(*e))
		}
	}
	for _, ph := range phones {
		if ph != nil && *ph != "" && !slices.Contains(p.Phones, *ph) {
			p.Phones = append(p.Phones, *ph)
		}
	}
	return p, nil
}

// Person reads whom a request about a client is about (privacy.People).
func (s *Core) Person(ctx context.Context, clientID string) (privacy.Person, error) {
	return person(ctx, s.db, clientID, false)
}

type exportedAppt struct {
	Appointment
	History []HistoryEntry `json:"history"`
}

type exportedWait struct {
	Date      string    `json:"date"`
	Time      string    `json:"time"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Phone     string    `json:"phone"`
	Service   string    `json:"service"`
	State     string    `json:"state"`
	CreatedAt time.Time `json:"created_at"`
	// Attribution is where the visit that joined the line came from.
	Attribution *attribution.Visit `json:"attribution"`
}

// ExportPerson returns booking's sections of a person's export (privacy.People): the
// client, their appointments with their history, where each visit that booked came from
// and the answers to the service's questions, the messages sent to them and their
// waitlist entries with their visits' attribution.
func (s *Core) ExportPerson(ctx context.Context, p privacy.Person) (map[string]any, error) {
	client, err := s.Client(ctx, p.ClientID)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.client_id = $1
		ORDER BY a.created_at`, p.ClientID)
	if err != nil {
		return nil, err
	}
	appts, err := pgx.CollectRows(rows, ScanAppointment)
	if err != nil {
		return nil, err
	}
	withHistory := []exportedAppt{}
	for _, a := range appts {
		h, err := s.History(ctx, a.ID)
		if err != nil {
			return nil, err
		}
		withHistory = append(withHistory, exportedAppt{Appointment: a, History: h})
	}
	rows, err = s.db.Query(ctx, `SELECT `+deliveryColumns+` FROM deliveries d
		WHERE d.appointment_id = ANY($1::uuid[]) OR lower(d.recipient) = ANY($2) ORDER BY d.created_at`,
		p.AppointmentIDs, p.Emails)
	if err != nil {
		return nil, err
	}
	messages, err := pgx.CollectRows(rows, scanDelivery)
	if err != nil {
		return nil, err
	}
	rows, err = s.db.Query(ctx, `SELECT to_char(date, 'YYYY-MM-DD'), time, name, email, phone, coalesce(service, ''),
			state, created_at, attribution
		FROM waitlist WHERE lower(email) = ANY($1) OR phone_e164 = ANY($2)
		ORDER BY created_at`, p.Emails, p.Phones)
	if err != nil {
		return nil, err
	}
	waitlist, err := pgx.CollectRows(rows, pgx.RowToStructByPos[exportedWait])
	if err != nil {
		return nil, err
	}
	return map[string]any{"client": client, "appointments": withHistory, "messages": messages, "waitlist": waitlist}, nil
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

// ErasePerson begins a person's erasure inside tx, the request's transaction
// (privacy.People): it locks the client's row and their appointments', refuses the
// request when req.Confirm does not name them, or while they have an appointment ahead
// (*UpcomingError) unless req.CancelUpcoming; then it erases the client's name, e-mail,
// phones, company and website; on their appointments the name, contact details, company,
// sector, message, the visit's attribution and the answers to the service's questions
// (date, time, service, status, source, and the traffic source and campaign — a
// campaign's name is no one's data — stay, so counts and charts stay true); the texts of
// their notifications; their messages' recipients and subjects, and the errors River
// recorded for them (those still due are skipped and their jobs cancelled); their
// one-time codes and manage links; and their waitlist entries, by address or number in
// E.164 (taken out of line), with their visits' attribution. The appointments' live
// events follow the commit.
func (s *Core) ErasePerson(ctx context.Context, tx pgx.Tx, clientID string, req privacy.Request) (
	privacy.Person, map[string]int, func(context.Context), error,
) {
	p, err := person(ctx, tx, clientID, true)
	if err != nil {
		return p, nil, nil, err
	}
	if !sameName(req.Confirm, p.Name) {
		return p, nil, nil, invalidField("confirm", "erase_confirm")
	}
	counts := map[string]int{"appointments": 0, "cancelled": 0, "messages": 0, "waitlist": 0, "codes": 0}
	if counts["cancelled"], err = s.cancelUpcoming(ctx, tx, p, req); err != nil {
		return p, nil, nil, err
	}
	if counts["messages"], err = s.eraseDeliveries(ctx, tx, p); err != nil {
		return p, nil, nil, err
	}
	for _, c := range []struct {
		count string
		sql   string
		arg   any
	}{
		{"", `DELETE FROM manage_tokens WHERE appointment_id = ANY($1::uuid[])`, p.AppointmentIDs},
		{"codes", `DELETE FROM verification_codes WHERE lower(email) = ANY($1)`, p.Emails},
		{"", `UPDATE notifications SET title = '` + privacy.ErasedName + `', message = '', code = NULL, args = '{}'
			WHERE appointment_id = ANY($1::uuid[])`,
			p.AppointmentIDs},
	} {
		tag, err := tx.Exec(ctx, c.sql, c.arg)
		if err != nil {
			return p, nil, nil, err
		}
		if c.count != "" {
			counts[c.count] = int(tag.RowsAffected())
		}
	}
	if counts["waitlist"], err = s.eraseWaitlist(ctx, tx, p, req.By); err != nil {
		return p, nil, nil, err
	}
	rows, err := tx.Query(ctx, `UPDATE appointments a SET name = $2, email = NULL, phone = NULL, phone_e164 = NULL,
			message = NULL, company = NULL, sector = NULL, attribution = NULL, answers = '[]', updated_at = now()
		WHERE client_id = $1 RETURNING `+AppointmentColumns, p.ClientID, privacy.ErasedName)
	if err != nil {
		return p, nil, nil, err
	}
	changed, err := pgx.CollectRows(rows, ScanAppointment)
	if err != nil {
		return p, nil, nil, err
	}
	counts["appointments"] = len(changed)
	if _, err := tx.Exec(ctx, `UPDATE clients SET prenom = $2, nom = left($1::text, 8), email = NULL,
			numero_1 = NULL, numero_2 = NULL, numero_1_e164 = NULL, numero_2_e164 = NULL, nom_entreprise = NULL,
			siteweb = NULL, updated_at = now()
		WHERE id = $1`, p.ClientID, privacy.ErasedName); err != nil {
		return p, nil, nil, err
	}
	return p, counts, func(ctx context.Context) { s.publishUpdated(ctx, changed) }, nil
}

// sameName reports whether a confirmation names the person: case and spacing aside.
func sameName(confirm, name string) bool {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	return norm(confirm) != "" && norm(confirm) == norm(name)
}

// cancelUpcoming refuses the erasure while the person has appointments ahead, or cancels
// them when the request says so (no message: their address is being erased); the places
// go to the waitlist.
func (s *Core) cancelUpcoming(ctx context.Context, tx pgx.Tx, p privacy.Person, req privacy.Request) (int, error) {
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
func (s *Core) eraseDeliveries(ctx context.Context, tx pgx.Tx, p privacy.Person) (int, error) {
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
func (s *Core) eraseWaitlist(ctx context.Context, tx pgx.Tx, p privacy.Person, by string) (int, error) {
	rows, err := tx.Query(ctx, `WITH mine AS (
			SELECT id, state FROM waitlist
			WHERE lower(email) = ANY($1) OR phone_e164 = ANY($2) FOR UPDATE)
		UPDATE waitlist w SET name = $3, email = '', phone = '', phone_e164 = NULL, chat_session = NULL, attribution = NULL,
			updated_at = now(),
			state = CASE WHEN mine.state IN ('waiting', 'offered') THEN 'removed' ELSE mine.state END,
			closed_by = CASE WHEN mine.state IN ('waiting', 'offered') THEN $4 ELSE w.closed_by END
		FROM mine WHERE w.id = mine.id
		RETURNING w.id::text, to_char(w.date, 'YYYY-MM-DD'), w.time, mine.state`, p.Emails, p.Phones, privacy.ErasedName, by)
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
