package booking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/catalogue"
)

// Personal-data requests (Algeria's law 18-07): everything held on a client, as one
// document, and the erasure of the person's data everywhere it is stored. booking owns
// the request and runs the erasure in one transaction; the packages that own other tables
// take part through a PersonalPart (the console's notes, the chat's conversations).
// Appointments keep their date, time, service, status and source, so counts stay true.

// Person is whom a request is about: the client, every address and number they are known
// by in the tables, and their appointments.
type Person struct {
	ClientID string
	// Name is the client's name as the console shows it, "prenom nom".
	Name string
	// Emails are lowercased; Phones are in E.164 (CanonicalPhone), as every table keeps
	// its numbers beside the numbers as typed: a number is theirs however it was written.
	Emails, Phones []string
	AppointmentIDs []string
}

// PersonalPart is another package's share of a request about a person.
type PersonalPart struct {
	// Name is its section of the exported document.
	Name string
	// Export returns what the package holds on the person.
	Export func(ctx context.Context, p Person) (any, error)
	// Erase removes the person's data from the package's tables inside the request's
	// transaction, and returns how many rows it erased and what to do once it committed
	// (nil for nothing).
	Erase func(ctx context.Context, tx pgx.Tx, p Person) (int, func(context.Context), error)
	// Hold, when set, runs before the erasure's transaction, with the person as they stand
	// then: it keeps what the package writes outside the transaction from bringing the
	// person's data back while the erasure runs (the chat's turns on their way to the
	// transcript), and returns what ends the hold, run once the erasure failed, or
	// committed and every Erase's follow-up ran.
	Hold func(ctx context.Context, p Person) (func(context.Context), error)
}

type personalParts struct {
	mu    sync.Mutex
	parts []PersonalPart
}

// AddPersonalPart makes a package's tables part of every export and erasure.
func (s *Core) AddPersonalPart(p PersonalPart) {
	s.personal.mu.Lock()
	defer s.personal.mu.Unlock()
	s.personal.parts = append(s.personal.parts, p)
}

func (s *Core) personalParts() []PersonalPart {
	s.personal.mu.Lock()
	defer s.personal.mu.Unlock()
	return slices.Clone(s.personal.parts)
}

// ErasedName stands for an erased person's name where one is required, and for their
// address or number where another person's text named it.
const ErasedName = "[effacé]"

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// person reads whom a request about the client is about; lock takes the client's row
// lock for an erasure.
func person(ctx context.Context, q querier, clientID string, lock bool) (Person, error) {
	if !IsUUID(clientID) {
		return Person{}, ErrNotFound
	}
	forUpdate := ""
	if lock {
		forUpdate = " FOR UPDATE"
	}
	p := Person{ClientID: clientID}
	var emails, phones []*string
	err := q.QueryRow(ctx, `SELECT trim(prenom || ' ' || nom), ARRAY[email], ARRAY[numero_1_e164, numero_2_e164]
		FROM clients WHERE id = $1`+forUpdate, clientID).Scan(&p.Name, &emails, &phones)
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

// PersonalExport is everything held on a client.
type PersonalExport struct {
	ExportedAt   time.Time               `json:"exported_at"`
	Client       ClientRecord            `json:"client"`
	Appointments []exportedAppt          `json:"appointments"`
	Messages     []Delivery              `json:"messages"`
	Newsletter   *catalogue.Subscription `json:"newsletter"`
	Waitlist     []exportedWait          `json:"waitlist"`
	// Parts are the other packages' sections (notes, conversations).
	Parts map[string]any `json:"-"`
}

// MarshalJSON writes the parts' sections beside the core's.
func (e PersonalExport) MarshalJSON() ([]byte, error) {
	type core PersonalExport
	raw, err := json.Marshal(core(e))
	if err != nil || len(e.Parts) == 0 {
		return raw, err
	}
	out := map[string]json.RawMessage{}
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	for name, v := range e.Parts {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out[name] = b
	}
	return json.Marshal(out)
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

// ExportPerson gathers everything held on a client: the client, their appointments with
// their history, the messages sent to them, their newsletter subscription, their waitlist
// entries, and each PersonalPart's section.
func (s *Core) ExportPerson(ctx context.Context, clientID string) (PersonalExport, error) {
	p, err := person(ctx, s.db, clientID, false)
	if err != nil {
		return PersonalExport{}, err
	}
	out := PersonalExport{ExportedAt: s.now().UTC(), Appointments: []exportedAppt{}, Messages: []Delivery{},
		Waitlist: []exportedWait{}, Parts: map[string]any{}}
	if out.Client, err = s.Client(ctx, clientID); err != nil {
		return out, err
	}
	rows, err := s.db.Query(ctx, `SELECT `+AppointmentColumns+` FROM appointments a WHERE a.client_id = $1
		ORDER BY a.created_at`, clientID)
	if err != nil {
		return out, err
	}
	appts, err := pgx.CollectRows(rows, ScanAppointment)
	if err != nil {
		return out, err
	}
	for _, a := range appts {
		h, err := s.History(ctx, a.ID)
		if err != nil {
			return out, err
		}
		out.Appointments = append(out.Appointments, exportedAppt{Appointment: a, History: h})
	}
	rows, err = s.db.Query(ctx, `SELECT `+deliveryColumns+` FROM deliveries d
		WHERE d.appointment_id = ANY($1::uuid[]) OR lower(d.recipient) = ANY($2) ORDER BY d.created_at`,
		p.AppointmentIDs, p.Emails)
	if err != nil {
		return out, err
	}
	if out.Messages, err = pgx.CollectRows(rows, scanDelivery); err != nil {
		return out, err
	}
	if out.Newsletter, err = s.catalogue.SubscriptionOf(ctx, p.Emails); err != nil {
		return out, err
	}
	rows, err = s.db.Query(ctx, `SELECT to_char(date, 'YYYY-MM-DD'), time, name, email, phone, coalesce(service, ''),
			state, created_at
		FROM waitlist WHERE lower(email) = ANY($1) OR phone_e164 = ANY($2)
		ORDER BY created_at`, p.Emails, p.Phones)
	if err != nil {
		return out, err
	}
	if out.Waitlist, err = pgx.CollectRows(rows, pgx.RowToStructByPos[exportedWait]); err != nil {
		return out, err
	}
	for _, part := range s.personalParts() {
		v, err := part.Export(ctx, p)
		if err != nil {
			return out, fmt.Errorf("export %s: %w", part.Name, err)
		}
		out.Parts[part.Name] = v
	}
	return out, nil
}
