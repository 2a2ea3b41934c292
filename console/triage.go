package console

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dota-agency/dota/booking"
)

// MaxBulk bounds how many rows one bulk action may touch.
const MaxBulk = 500

// NewAppointment is the console's new-appointment form: a booking request, optionally
// with a client to create first.
type NewAppointment struct {
	booking.Request
	Client *ClientInput `json:"client"`
}

// CreateAppointment books through the same core as the public form, with source
// console. With in.Client, the client is created first (the user needs clients.create)
// and the name, e-mail and phone default from it.
func (c *Console) CreateAppointment(ctx context.Context, by User, in NewAppointment, idempotencyKey, lang string) (booking.Result, *Client, error) {
	var created *Client
	if in.Client != nil {
		if !Can(by, ActClientsCreate) {
			return booking.Result{}, nil, &ForbiddenError{Need: Need{Page: PageClients, Action: ActClientsCreate}}
		}
		cl, err := c.CreateClient(ctx, *in.Client)
		if err != nil {
			return booking.Result{}, nil, err
		}
		created = &cl
		in.ClientID = cl.ID
		if strings.TrimSpace(in.Name) == "" {
			in.Name = cl.Prenom + " " + cl.Nom
		}
		if strings.TrimSpace(in.Email) == "" && cl.Email != nil {
			in.Email = *cl.Email
		}
		if strings.TrimSpace(in.Phone) == "" && cl.Numero1 != nil {
			in.Phone = *cl.Numero1
		}
	}
	req := in.Request
	req.Source = booking.SourceConsole
	req.Language = lang
	req.IdempotencyKey = idempotencyKey
	res, err := c.booking.Book(ctx, req)
	return res, created, err
}

// AppointmentEdit holds the edited fields; nil fields stay as they are.
type AppointmentEdit struct {
	Name    *string `json:"name"`
	Email   *string `json:"email"`
	Phone   *string `json:"phone"`
	Service *string `json:"service"`
	Date    *string `json:"date"`
	Time    *string `json:"time"`
	Message *string `json:"message"`
	Company *string `json:"company"`
	Status  *string `json:"status"`
}

var hhmm = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// apply merges the edit into a and validates the result.
func (e AppointmentEdit) apply(a *booking.Appointment) error {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	set(&a.Name, e.Name)
	set(&a.Email, e.Email)
	set(&a.Phone, e.Phone)
	set(&a.Service, e.Service)
	set(&a.Date, e.Date)
	set(&a.Time, e.Time)
	set(&a.Message, e.Message)
	set(&a.Company, e.Company)
	set(&a.Status, e.Status)
	a.Name = strings.Join(strings.Fields(a.Name), " ")
	a.Email = booking.NormalizeEmail(a.Email)
	v := newValidation()
	if a.Name == "" {
		v.Add("name", "required")
	} else if n := len([]rune(a.Name)); n < booking.NameMinLen || n > booking.NameMaxLen {
		v.Add("name", "name_length")
	}
	if a.Email != "" && booking.CheckEmail(a.Email) != "" {
		v.Add("email", "email_invalid")
	}
	if a.Phone != "" {
		if code := booking.CheckPhone(a.Phone); code != "" {
			v.Add("phone", code)
		}
	}
	if a.Company != "" {
		if code := booking.CheckCompany(a.Company); code != "" {
			v.Add("company", code)
		}
	}
	if len([]rune(a.Service)) > booking.ShortMaxLen {
		v.Add("service", "too_long")
	}
	if len([]rune(a.Message)) > booking.MessageMaxLen {
		v.Add("message", "too_long")
	}
	if (a.Date == "") != (a.Time == "") {
		v.Add("date", "date_time_pair")
	}
	if a.Date != "" {
		if _, ok := booking.ParseDate(a.Date, time.UTC); !ok {
			v.Add("date", "date_invalid")
		}
	}
	if a.Time != "" && !hhmm.MatchString(a.Time) {
		v.Add("time", "time_invalid")
	}
	if !slices.Contains(booking.Statuses, a.Status) {
		v.Add("status", "invalid_option")
	}
	return v.OrNil()
}

// EditAppointment reads the stored appointment, applies the edit with status_dashboard =
// status, and, when the status changes, writes one history row naming the user — all in
// one transaction. The live event goes out after the commit.
func (c *Console) EditAppointment(ctx context.Context, by User, id string, e AppointmentEdit) (booking.Appointment, error) {
	if !booking.IsUUID(id) {
		return booking.Appointment{}, booking.ErrNotFound
	}
	var out booking.Appointment
	err := pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+booking.AppointmentColumns+` FROM appointments a WHERE a.id = $1 FOR UPDATE`, id)
		if err != nil {
			return err
		}
		a, err := pgx.CollectExactlyOneRow(rows, booking.ScanAppointment)
		if errors.Is(err, pgx.ErrNoRows) {
			return booking.ErrNotFound
		}
		if err != nil {
			return err
		}
		before := a.Status
		if err := e.apply(&a); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `UPDATE appointments AS a SET name = $2, email = $3, phone = $4, service = $5,
			date = $6::date, time = $7, message = $8, company = $9, status = $10, status_dashboard = $10,
			updated_at = now() WHERE a.id = $1 RETURNING `+booking.AppointmentColumns,
			id, a.Name, booking.NullIfEmpty(a.Email), booking.NullIfEmpty(a.Phone), booking.NullIfEmpty(a.Service),
			booking.NullIfEmpty(a.Date), booking.NullIfEmpty(a.Time), booking.NullIfEmpty(a.Message),
			booking.NullIfEmpty(a.Company), a.Status)
		if err != nil {
			return err
		}
		if out, err = pgx.CollectExactlyOneRow(rows, booking.ScanAppointment); err != nil {
			return err
		}
		if before == a.Status {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, notes)
			VALUES ($1, $2, $3, $4, $5)`, id, before, a.Status, by.Email,
			fmt.Sprintf("Status changed from %s to %s during edit", before, a.Status))
		return err
	})
	if err != nil {
		return booking.Appointment{}, err
	}
	c.publish(ctx, booking.Event{Kind: booking.EventAppointmentUpdated, Appointment: &out})
	return out, nil
}

// DeleteAppointment removes an appointment with its notes and history.
func (c *Console) DeleteAppointment(ctx context.Context, id string) error {
	if !booking.IsUUID(id) {
		return booking.ErrNotFound
	}
	n, err := c.BulkDelete(ctx, []string{id})
	if err == nil && n == 0 {
		return booking.ErrNotFound
	}
	return err
}

func checkIDs(ids []string, emptyCode string) error {
	switch {
	case len(ids) == 0:
		return invalid("ids", emptyCode)
	case len(ids) > MaxBulk:
		return invalid("ids", "too_many_ids")
	}
	for _, id := range ids {
		if !booking.IsUUID(id) {
			return invalid("ids", "invalid_input")
		}
	}
	return nil
}

// BulkStatus sets status (and status_dashboard) on the appointments and writes a history
// row, naming the user, for each one whose status changes. It returns how many
// appointments it set.
func (c *Console) BulkStatus(ctx context.Context, by User, ids []string, status string) (int, error) {
	if err := checkIDs(ids, "select_appointments"); err != nil {
		return 0, err
	}
	if !slices.Contains(booking.Statuses, status) {
		return 0, invalid("status", "select_status")
	}
	var updated []booking.Appointment
	err := pgx.BeginFunc(ctx, c.db, func(tx pgx.Tx) error {
		// The history is written from the rows as they were, locked in id order so two
		// bulk updates of overlapping selections cannot deadlock.
		if _, err := tx.Exec(ctx, `INSERT INTO status_history (appointment_id, previous_status, new_status, changed_by, notes)
			SELECT id, status, $2, $3, 'Bulk status update from ' || status || ' to ' || $2
			FROM (SELECT id, status FROM appointments WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE) s
			WHERE status <> $2`, ids, status, by.Email); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE appointments AS a SET status = $2, status_dashboard = $2, updated_at = now()
			WHERE a.id = ANY($1::uuid[]) RETURNING `+booking.AppointmentColumns, ids, status)
		if err != nil {
			return err
		}
		updated, err = pgx.CollectRows(rows, booking.ScanAppointment)
		return err
	})
	if err != nil {
		return 0, err
	}
	c.publishUpdated(ctx, updated)
	return len(updated), nil
}

// BulkDelete removes the appointments and returns how many it removed.
func (c *Console) BulkDelete(ctx context.Context, ids []string) (int, error) {
	if err := checkIDs(ids, "select_appointments"); err != nil {
		return 0, err
	}
	rows, err := c.db.Query(ctx, `DELETE FROM appointments WHERE id = ANY($1::uuid[]) RETURNING id::text`, ids)
	if err != nil {
		return 0, err
	}
	deleted, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	if len(deleted) > 0 {
		c.publish(ctx, booking.Event{Kind: booking.EventAppointmentDeleted, IDs: deleted})
	}
	return len(deleted), nil
}

// eventRowsMax is how many changed rows a bulk action sends one by one; beyond it one
// event names them all, so a burst cannot overrun the streams' bounded buffers.
const eventRowsMax = 20

func (c *Console) publishUpdated(ctx context.Context, list []booking.Appointment) {
	if len(list) > eventRowsMax {
		ids := make([]string, len(list))
		for i, a := range list {
			ids[i] = a.ID
		}
		c.publish(ctx, booking.Event{Kind: booking.EventAppointmentUpdated, IDs: ids})
		return
	}
	for i := range list {
		c.publish(ctx, booking.Event{Kind: booking.EventAppointmentUpdated, Appointment: &list[i]})
	}
}
