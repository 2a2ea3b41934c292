package console

import (
	"context"
	"errors"

	"github.com/dota-agency/dota/booking"
)

// Clients are the booking core's (booking/client_records.go); the console lists and edits
// them through it.

// Types of the clients screen, as the booking core defines them.
type (
	Client      = booking.ClientRecord
	ClientInput = booking.ClientInput
	ClientStats = booking.ClientStats
	ClientPage  = booking.ClientPage
)

// clientStore is what the console needs of the clients.
type clientStore interface {
	Clients(ctx context.Context, q string, p booking.Paging) (booking.ClientPage, error)
	CreateClient(ctx context.Context, in booking.ClientInput) (booking.ClientRecord, error)
	Client(ctx context.Context, id string) (booking.ClientRecord, error)
	UpdateClient(ctx context.Context, id string, in booking.ClientInput) (booking.ClientRecord, error)
	DeleteClient(ctx context.Context, id string) error
}

// listPaging resolves a page of a list other than appointments: any size up to 100,
// 20 by default.
func listPaging(p Paging) (Paging, error) {
	p, err := p.ForList()
	return p, consoleCatalogue(err)
}

// Clients lists clients newest first; q matches nom, prenom, email and nom_entreprise.
func (c *Console) Clients(ctx context.Context, q string, p Paging) (ClientPage, error) {
	out, err := c.clients.Clients(ctx, q, p)
	return out, consoleCatalogue(err)
}

// CreateClient adds a client; nom and prenom are required, empty optionals are null.
func (c *Console) CreateClient(ctx context.Context, in ClientInput) (Client, error) {
	out, err := c.clients.CreateClient(ctx, in)
	return out, consoleCatalogue(err)
}

func (c *Console) client(ctx context.Context, id string) (Client, error) {
	return c.clients.Client(ctx, id)
}

// UpdateClient changes the given fields of a client.
func (c *Console) UpdateClient(ctx context.Context, id string, in ClientInput) (Client, error) {
	out, err := c.clients.UpdateClient(ctx, id, in)
	return out, consoleCatalogue(err)
}

// DeleteClient removes a client, refused with a conflict while appointments reference it.
func (c *Console) DeleteClient(ctx context.Context, id string) error {
	err := c.clients.DeleteClient(ctx, id)
	if errors.Is(err, booking.ErrClientBooked) {
		return &ConflictError{Key: "client_has_appointments"}
	}
	return err
}
