package booking

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/privacy"
)

// booking's share of personal-data requests (privacy.People): it knows whom a request is
// about, a client with every address and number they are known by and their
// appointments; it exports the client, their appointments with their history, the
// messages sent to them and their waitlist entries; and it begins each erasure
// (erase.go). Appointments keep their date, time, service, status and source, so counts
// stay true.

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
}

// ExportPerson returns booking's sections of a person's export (privacy.People): the
// client, their appointments with their history, the messages sent to them and their
// waitlist entries.
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
			state, created_at
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
