package live

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

type kinded string

func (k kinded) EventKind() string { return string(k) }

// TestPublishGivesUpWhenRedisHangs checks that a live event bound for a Redis that never
// answers is dropped after PublishTimeout, so the booking that made it still answers.
func TestPublishGivesUpWhenRedisHangs(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "redis.invalid:6379", MaxRetries: -1,
		Dialer: func(ctx context.Context, _, _ string) (net.Conn, error) {
			<-ctx.Done() // a server that never accepts
			return nil, ctx.Err()
		}})
	defer rdb.Close()
	p := NewPublisher[kinded](rdb, "dotatest:", nil)
	done := make(chan struct{})
	go func() {
		p.Publish(context.Background(), kinded("appointment.created"))
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Publish waits for a Redis that never answers")
	}
}
