package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// deliveries is what the console needs of the booking core's ledger of messages to
// customers.
type deliveries interface {
	Deliveries(ctx context.Context, f booking.DeliveryFilter) (booking.DeliveryPage, error)
	Resend(ctx context.Context, id, by string) (booking.Delivery, error)
}

// Messages lists the ledger of messages to customers, newest first.
func (c *Console) Messages(ctx context.Context, f booking.DeliveryFilter) (booking.DeliveryPage, error) {
	return c.deliveries.Deliveries(ctx, f)
}

// ResendMessage sends a message again for a member of staff: a new delivery, about the
// appointment as it is now.
func (c *Console) ResendMessage(ctx context.Context, by User, id string) (booking.Delivery, error) {
	return c.deliveries.Resend(ctx, id, by.Email)
}
