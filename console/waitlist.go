package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
)

// waitlist is what the console needs of the booking core's waitlist.
type waitlist interface {
	Waitlist(ctx context.Context, date string) ([]booking.WaitlistSlot, error)
	RemoveFromWaitlist(ctx context.Context, id, by string) error
}

// Waitlist lists who waits for which slot, in line order: a date's slots, or every slot
// from today on.
func (c *Console) Waitlist(ctx context.Context, date string) ([]booking.WaitlistSlot, error) {
	out, err := c.waitlist.Waitlist(ctx, date)
	return out, consoleCatalogue(err)
}

// RemoveFromWaitlist takes someone out of a slot's line for a member of staff; an open
// offer of theirs is withdrawn and passes to the next in line.
func (c *Console) RemoveFromWaitlist(ctx context.Context, by User, id string) error {
	return c.waitlist.RemoveFromWaitlist(ctx, id, by.Email)
}
