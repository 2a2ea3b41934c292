package calendars_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/migrations/testdb"
)

var pool *pgxpool.Pool

func TestMain(m *testing.M) {
	os.Exit(testdb.Main(m, "calendars", func(ctx context.Context, p *pgxpool.Pool) error {
		pool = p
		if _, err := booking.New(p).SeedAgency(ctx); err != nil {
			return err
		}
		_, err := catalogue.New(p).Seed(ctx)
		return err
	}))
}

// publicURL is the site's address in these tests.
const publicURL = "https://dota.test"

// newCore is a booking core with a renderer (the feed is written by it).
func newCore(t *testing.T, opts ...booking.Option) *booking.Core {
	t.Helper()
	r, err := mail.NewRenderer("", publicURL)
	if err != nil {
		t.Fatal(err)
	}
	return booking.New(pool, append([]booking.Option{booking.WithMail(booking.Mail{Renderer: r, PublicURL: publicURL})}, opts...)...)
}

// newService is the calendars over core, reading calendars on this machine.
func newService(t *testing.T, core *booking.Core, poll time.Duration) *calendars.Service {
	t.Helper()
	svc := calendars.New(pool, calendars.Config{Poll: poll, AllowPrivate: true, Timeout: 5 * time.Second, PublicURL: publicURL})
	svc.Attach(core)
	return svc
}

// consultant makes a staff user who is a consultant and returns their id; the test's end
// removes them.
func consultant(t *testing.T, name string) string {
	t.Helper()
	ctx := context.Background()
	var id string
	if err := pool.QueryRow(ctx, `INSERT INTO admin_users (email, role, password_hash) VALUES ($1, 'editor', 'x')
		RETURNING id::text`, testdb.RandomHex(6)+"@dota.test").Scan(&id); err != nil {
		t.Fatal(err)
	}
	// They take web development and work every day, so that booking finds them free.
	if _, err := pool.Exec(ctx, `INSERT INTO consultants (user_id, name, services) VALUES ($1, $2, '{developpement-web}')`,
		id, name); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO consultant_hours (user_id, weekday, starts, ends)
		SELECT $1, d, '08:00', '18:00' FROM generate_series(0, 6) AS d`, id); err != nil {
		t.Fatal(err)
	}
	// Gone with the test, calendars and all, so that the next test reads only its own.
	t.Cleanup(func() {
		_, _ = pool.Exec(context.Background(), `UPDATE appointments SET consultant_id = NULL WHERE consultant_id = $1;`, id)
		_, _ = pool.Exec(context.Background(), `DELETE FROM admin_users WHERE id = $1`, id)
	})
	return id
}

// calendarServer serves an ICS file that a test may change, or an error status.
type calendarServer struct {
	*httptest.Server
	mu     sync.Mutex
	body   string
	status int
	hits   int
}

func newCalendarServer(t *testing.T, body string) *calendarServer {
	t.Helper()
	s := &calendarServer{body: body, status: http.StatusOK}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.hits++
		if s.status != http.StatusOK {
			http.Error(w, "no", s.status)
			return
		}
		w.Header().Set("Content-Type", "text/calendar")
		_, _ = w.Write([]byte(s.body))
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *calendarServer) set(body string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.body, s.status = body, status
}

// icsFile is a calendar file with the given events (VEVENT bodies).
func icsFile(events ...string) string {
	out := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n"
	for _, e := range events {
		out += "BEGIN:VEVENT\r\n" + e + "END:VEVENT\r\n"
	}
	return out + "END:VCALENDAR\r\n"
}

// busy lists a consultant's stored ranges, in time order.
func busy(t *testing.T, userID string) []booking.BusyRange {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT starts_at, ends_at FROM consultant_busy WHERE user_id = $1
		ORDER BY starts_at`, userID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []booking.BusyRange
	for rows.Next() {
		var r booking.BusyRange
		if err := rows.Scan(&r.Start, &r.End); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}
