package console

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/dota-agency/dota/booking"
)

// NewAppointment is the console's new-appointment form: a booking request, optionally
// with a new client.
type NewAppointment struct {
	booking.Request
	Client *booking.ClientInput `json:"client"`
}

// CreateAppointment books through the same core as the public form, with source
// console. With in.Client (the user needs clients.create), the name, e-mail and phone
// default from it and the booking transaction creates the client unless one matches by
// e-mail or phone: a refused booking leaves no client behind. The client is returned
// with the booking.
func (c *Console) CreateAppointment(ctx context.Context, by User, in NewAppointment, idempotencyKey, lang string) (booking.Result, *booking.ClientRecord, error) {
	req := in.Request
	if cl := in.Client; cl != nil {
		if !Can(by, ActClientsCreate) {
			return booking.Result{}, nil, &ForbiddenError{Need: Need{Page: PageClients, Action: ActClientsCreate}}
		}
		if err := cl.Normalize(true); err != nil {
			return booking.Result{}, nil, consoleCatalogue(err)
		}
		value := func(s *string) string {
			if s == nil {
				return ""
			}
			return *s
		}
		req.ClientID = ""
		req.NewClient = &booking.NewClient{Nom: *cl.Nom, Prenom: *cl.Prenom, Numero2: value(cl.Numero2),
			Company: value(cl.NomEntreprise), Siteweb: value(cl.Siteweb)}
		if strings.TrimSpace(req.Name) == "" {
			req.Name = *cl.Prenom + " " + *cl.Nom
		}
		if strings.TrimSpace(req.Email) == "" {
			req.Email = value(cl.Email)
		}
		if strings.TrimSpace(req.Phone) == "" {
			req.Phone = value(cl.Numero1)
		}
	}
	req.Source = booking.SourceConsole
	req.Language = lang
	req.IdempotencyKey = idempotencyKey
	res, err := c.appointments.Book(ctx, req)
	if err != nil || in.Client == nil {
		return res, nil, err
	}
	cl, err := c.clients.Client(ctx, res.Appointment.ClientID)
	if err != nil {
		return res, nil, err
	}
	return res, &cl, nil
}

// consoleCatalogue makes a validation error from the booking core speak the console's
// catalogue.
func consoleCatalogue(err error) error {
	var v *booking.ValidationError
	if errors.As(err, &v) && v.Catalogue == nil {
		v.Catalogue = Text
	}
	return err
}

func checkIDs(ids []string, emptyCode string) error {
	return consoleCatalogue(booking.CheckIDs(ids, emptyCode))
}

// BulkStatus sets status (and status_dashboard) on the appointments through the booking
// core, which writes a history row, naming the user, for each one whose status changes.
// It is all or nothing: when one appointment would return from cancelled into a slot that
// is full, closed or past, nothing changes and the *booking.SlotsRefusedError names each
// refused one. It returns how many appointments it set.
func (c *Console) BulkStatus(ctx context.Context, by User, ids []string, status string) (int, error) {
	if err := checkIDs(ids, "select_appointments"); err != nil {
		return 0, err
	}
	if !slices.Contains(booking.Statuses, status) {
		return 0, invalid("status", "select_status")
	}
	updated, err := c.appointments.SetStatus(ctx, ids, status, by.Email)
	if err != nil {
		return 0, consoleCatalogue(err)
	}
	return len(updated), nil
}
