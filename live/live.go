// Package live fans the product's live events out to every replica through Redis
// pub/sub: the console's streams, and every package that changes what staff watch,
// publish here. An event is best effort: the change it tells of is already committed.
package live

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/redis/go-redis/v9"
)

// Event is what travels: any value that names its kind (for the metrics).
type Event interface{ EventKind() string }

// PublishTimeout bounds one publication, so that a booking answers promptly while Redis
// is down: the event is lost, the committed change is not.
const PublishTimeout = 500 * time.Millisecond

// Publisher sends events of type E on the Redis channel <prefix>events.
type Publisher[E Event] struct {
	rdb     *redis.Client
	channel string
	log     *slog.Logger
}

// NewPublisher returns the publisher of live events on the channel <prefix>events.
func NewPublisher[E Event](rdb *redis.Client, prefix string, log *slog.Logger) *Publisher[E] {
	if log == nil {
		log = slog.Default()
	}
	return &Publisher[E]{rdb: rdb, channel: channel(prefix), log: log}
}

func channel(prefix string) string { return prefix + "events" }

// Publish sends the event to every replica; a failure is logged, never returned: the
// change is committed and the console's periodic refresh catches up.
func (p *Publisher[E]) Publish(ctx context.Context, e E) {
	raw, err := json.Marshal(e)
	if err == nil {
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PublishTimeout)
		err = p.rdb.Publish(pctx, p.channel, raw).Err()
		cancel()
	}
	if err != nil {
		publishFailures.Inc()
		p.log.WarnContext(ctx, "publishing a live event", "kind", e.EventKind(), "err", err)
		return
	}
	published.WithLabelValues(e.EventKind()).Inc()
}

// Subscribe delivers every replica's events on <prefix>events to fn until ctx ends. It
// returns once the subscription is in place, so no event published after it returns is
// missed. A malformed event is logged and skipped.
func Subscribe[E any](ctx context.Context, rdb *redis.Client, prefix string, log *slog.Logger, fn func(E)) error {
	if log == nil {
		log = slog.Default()
	}
	sub := rdb.Subscribe(ctx, channel(prefix))
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
				var e E
				if err := json.Unmarshal([]byte(m.Payload), &e); err != nil {
					log.Warn("a malformed live event", "err", err)
					continue
				}
				fn(e)
			}
		}
	}()
	return nil
}

var (
	published = promauto.NewCounterVec(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "console", Name: "events_published_total",
		Help: "Live events published to every replica, by kind.",
	}, []string{"kind"})
	publishFailures = promauto.NewCounter(prometheus.CounterOpts{
		Namespace: "dota", Subsystem: "console", Name: "event_publish_failures_total",
		Help: "Live events that could not be published to Redis.",
	})
)
