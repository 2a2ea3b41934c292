package booking_test

import (
	"context"
	"fmt"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
)

// Book's transaction is pipelined: these pin how many times one booking waits for the
// database, on a connection whose statements are already prepared.
func TestBookRoundTrips(t *testing.T) {
	reset(t)
	ctx := context.Background()
	var trips atomic.Int64
	cfg := pool.Config()
	cfg.MaxConns = 1 // one connection, warmed by the first booking
	cfg.ShouldPing = func(context.Context, pgxpool.ShouldPingParams) bool { return false }
	dial := cfg.ConnConfig.DialFunc
	cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		tc := &tripConn{Conn: c, trips: &trips}
		tc.read.Store(true)
		return tc, nil
	}
	counted, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer counted.Close()
	core := booking.New(counted, booking.WithClock(func() time.Time { return sundayMorning }),
		booking.WithSettingsTTL(time.Hour))

	tests := []struct {
		name string
		// req is the case's i-th request: the first warms the connection, the second is
		// counted.
		req func(i int) booking.Request
		// want: the two pipelined batches (BEGIN, locks and checks; the insert), River's
		// insert of the messages' jobs and COMMIT, then the form's manage link.
		want int64
	}{
		{"form, with an e-mail", func(i int) booking.Request {
			return booking.Request{Name: "Amina Benali", Email: fmt.Sprintf("amina%d@example.net", i),
				Phone: fmt.Sprintf("055512340%d", i), Service: "developpement-web", Date: "2026-12-01",
				Time: booking.SlotTimes[i], Source: booking.SourceForm, IdempotencyKey: fmt.Sprintf("trips-form-%d", i)}
		}, 5},
		// No message, no job: COMMIT goes with the insert, and the console has no manage link.
		{"console, without an e-mail", func(i int) booking.Request {
			return booking.Request{Name: "Karim Haddad", Phone: fmt.Sprintf("066123450%d", i),
				Service: "developpement-web", Date: "2026-12-02", Time: booking.SlotTimes[i],
				Source: booking.SourceConsole, IdempotencyKey: fmt.Sprintf("trips-console-%d", i)}
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range 2 {
				before := trips.Load()
				if _, err := core.Book(ctx, tt.req(i)); err != nil {
					t.Fatal(err)
				}
				if got := trips.Load() - before; i == 1 && got != tt.want {
					t.Fatalf("%d round trips, want %d", got, tt.want)
				}
			}
		})
	}
}

// tripConn counts round trips: one begins with each write that follows a read.
type tripConn struct {
	net.Conn
	trips *atomic.Int64
	read  atomic.Bool
}

func (c *tripConn) Write(b []byte) (int, error) {
	if c.read.Swap(false) {
		c.trips.Add(1)
	}
	return c.Conn.Write(b)
}

func (c *tripConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.read.Store(true)
	}
	return n, err
}
