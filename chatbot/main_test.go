package chatbot

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/migrations/testdb"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	os.Exit(testdb.Main(m, "chatbot", func(ctx context.Context, p *pgxpool.Pool) error {
		pool = p
		core := booking.New(pool)
		if _, err := core.SeedAgency(ctx); err != nil {
			return err
		}
		if _, err := catalogue.New(pool).Seed(ctx); err != nil {
			return err
		}
		st, err := core.Settings(ctx)
		if err != nil {
			return err
		}
		learnAgency(st)
		ContactEmail, ContactPhone1, ContactPhone2 = st.Email(), st.Agency.Phones[0], st.Agency.Phones[1]
		return nil
	}))
}

// The demo agency's e-mail and phones (booking/seed.json), as the tests expect Dota to quote them.
var ContactEmail, ContactPhone1, ContactPhone2 string

// sundayMorning is a fixed clock: Sunday 22 November 2026, 08:00 in Algiers.
var sundayMorning = time.Date(2026, 11, 22, 8, 0, 0, 0, algiers)

// thursdayEvening is a fixed clock: Thursday 26 November 2026, 19:00 in Algiers.
var thursdayEvening = time.Date(2026, 11, 26, 19, 0, 0, 0, algiers)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// newEngine returns an engine on the shared database, its own Redis prefix and a fixed clock.
func newEngine(t *testing.T, now time.Time, cfg Config, opts ...Option) (*Engine, *booking.Core) {
	t.Helper()
	rdb, prefix := testdb.Redis(t)
	cfg.RedisPrefix = prefix
	clock := func() time.Time { return now }
	core := booking.New(pool, booking.WithClock(clock))
	opts = append([]Option{WithClock(clock), WithLogger(quiet)}, opts...)
	return closedAtEnd(t, New(core, pool, rdb, cfg, opts...)), core
}

// chat is a conversation driven in a test.
type chat struct {
	t    *testing.T
	e    *Engine
	id   string
	last Reply
}

func start(t *testing.T, e *Engine, lang string) *chat {
	t.Helper()
	r, err := e.Start(context.Background(), lang, "192.0.2.1", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &chat{t: t, e: e, id: r.SessionID, last: r}
}

// say sends a message and returns the bot's answer as one text.
func (c *chat) say(msg string) string {
	c.t.Helper()
	r, err := c.e.Send(context.Background(), c.id, msg, "", "192.0.2.1")
	if err != nil {
		c.t.Fatalf("send %q: %v", msg, err)
	}
	c.last = r
	c.id = r.SessionID
	return c.text()
}

func (c *chat) text() string {
	parts := []string{}
	for _, m := range c.last.Messages {
		parts = append(parts, m.Text)
	}
	return strings.Join(parts, "\n")
}

// expect checks the step reached and that the answer holds every wanted text.
func (c *chat) expect(step string, wants ...string) {
	c.t.Helper()
	if c.last.Step != step {
		c.t.Fatalf("step %q, want %q; bot said %q", c.last.Step, step, c.text())
	}
	for _, w := range wants {
		if !strings.Contains(c.text(), w) {
			c.t.Fatalf("bot said %q, want it to contain %q", c.text(), w)
		}
	}
}

func (c *chat) quickValues() []string {
	out := []string{}
	for _, q := range c.last.QuickReplies {
		out = append(out, q.Value)
	}
	return out
}

// closedAtEnd stops the engine when the test ends, its transcript's stream written, so
// the next test starts from what this one stored.
func closedAtEnd(t testing.TB, e *Engine) *Engine {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = e.Close(ctx)
	})
	return e
}
