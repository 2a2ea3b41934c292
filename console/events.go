package console

import (
	"context"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/live"
)

// EventSessionEnded is the kind of live event the console adds to the booking core's: it
// tells every replica to close the streams of ended sessions. IDs hold user ids (all
// their sessions ended) or session ids (Session.ID, one logout). It never reaches a
// browser.
const EventSessionEnded = "session.ended"

func (c *Console) publish(ctx context.Context, e booking.Event) { c.publisher.Publish(ctx, e) }

// Subscribe delivers every replica's live events to fn until ctx ends. It returns once
// the subscription is in place, so no event published after it returns is missed.
func (c *Console) Subscribe(ctx context.Context, fn func(booking.Event)) error {
	return live.Subscribe(ctx, c.rdb, c.prefix, c.log, fn)
}
