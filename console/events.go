package console

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
)

// Kinds of live events the console adds to the booking core's.
const (
	// EventNotificationDeleted is published when notifications are deleted (IDs name them).
	EventNotificationDeleted = booking.EventNotificationDeleted
	// EventSessionEnded tells every replica to close the streams of ended sessions: IDs
	// hold user ids (all their sessions ended) or session ids (Session.ID, one logout).
	// It never reaches a browser.
	EventSessionEnded = "session.ended"
)

// Publisher fans live events out to every replica through Redis pub/sub. It implements
// booking.Publisher.
type Publisher struct {
	rdb     *redis.Client
	channel string
	log     *slog.Logger
}

// NewPublisher returns the publisher of live events on the Redis channel
// <prefix>events, for booking.WithPublisher and the console.
func NewPublisher(rdb *redis.Client, prefix string, log *slog.Logger) *Publisher {
	if log == nil {
		log = slog.Default()
	}
	return &Publisher{rdb: rdb, channel: eventsChannel(prefix), log: log}
}

func eventsChannel(prefix string) string { return prefix + "events" }

// PublishTimeout bounds one publication, so that a booking answers promptly while Redis
// is down: the event is lost, the committed change is not.
const PublishTimeout = 500 * time.Millisecond

// Publish sends the event to every replica; a failure is logged, never returned: the
// change is committed and the console's periodic refresh catches up.
func (p *Publisher) Publish(ctx context.Context, e booking.Event) {
	raw, err := json.Marshal(e)
	if err == nil {
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PublishTimeout)
		err = p.rdb.Publish(pctx, p.channel, raw).Err()
		cancel()
	}
	if err != nil {
		eventPublishFailures.Inc()
		p.log.WarnContext(ctx, "publishing a live event", "kind", e.Kind, "err", err)
		return
	}
	eventsPublished.WithLabelValues(e.Kind).Inc()
}

func (c *Console) publish(ctx context.Context, e booking.Event) { c.publisher.Publish(ctx, e) }

// Subscribe delivers every replica's live events to fn until ctx ends. It returns once
// the subscription is in place, so no event published after it returns is missed.
func (c *Console) Subscribe(ctx context.Context, fn func(booking.Event)) error {
	sub := c.rdb.Subscribe(ctx, eventsChannel(c.prefix))
	if _, err := sub.Receive(ctx); err != nil {
		sub.Close()
		return err
	}
	go func() {
		defer sub.Close()
		ch := sub.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case m, ok := <-ch:
				if !ok {
					return
				}
				var e booking.Event
				if err := json.Unmarshal([]byte(m.Payload), &e); err != nil {
					c.log.Warn("a malformed live event", "err", err)
					continue
				}
				fn(e)
			}
		}
	}()
	return nil
}
