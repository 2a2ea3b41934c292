package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// clientStore is what the console needs of the clients, which the booking core owns
// (booking/client_records.go): the client a new appointment created.
type clientStore interface {
	Client(ctx context.Context, id string) (booking.ClientRecord, error)
}
