package alerts_test

import (
	"context"
	"io"
	"log/slog"
	"net/mail"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	dmail "github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
	"github.com/dota-agency/dota/migrations/testdb"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// sundayMorning is within the default office hours (Sunday to Thursday, 9:00 to 17:00,
// Algiers); fridayMorning is outside them.
var (
	algiers, _    = time.LoadLocation("Africa/Algiers")
	sundayMorning = time.Date(2026, 11, 22, 10, 0, 0, 0, algiers)
	fridayMorning = time.Date(2026, 11, 27, 10, 0, 0, 0, algiers)
)

// rig is everything alerts live with, on a database of the test's own: the booking core
// (whose River client works the alerts' jobs), the console's staff, Dota, a local push
// service and SMTP server, all hearing the same live events.
type rig struct {
	pool   *pgxpool.Pool
	core   *booking.Core
	cons   *console.Console
	dota   *chatbot.Engine
	alerts *alerts.Service
	push   *pushService
	smtp   *mailtest.Server
	users  map[string]console.User // by role
}

func newRig(t *testing.T, now time.Time) *rig { return newRigWith(t, now, false) }

// newRigWith is newRig; with customerMail, the booking core sends its messages to
// customers through the same SMTP server.
func newRigWith(t *testing.T, now time.Time, customerMail bool) *rig {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	pool, _ := testdb.New(t)
	rdb, prefix := testdb.Redis(t)
	public, private, err := alerts.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{pool: pool, push: newPushService(t, public), smtp: mailtest.Start(t), users: map[string]console.User{}}
	pusher, err := alerts.NewWebPush(public, private, "mailto:ops@dota.test", alerts.AllowHTTPEndpoints())
	if err != nil {
		t.Fatal(err)
	}
	transport, err := dmail.NewTransport(r.smtp.URL())
	if err != nil {
		t.Fatal(err)
	}
	clock := func() time.Time { return now }
	r.alerts = alerts.New(pool, alerts.Config{Push: pusher, Mail: transport, From: mail.Address{Address: "dota@dota.test"},
		PublicURL: "https://dota.test", Log: quiet, Now: clock})
	pub := live.NewPublisher[booking.Event](rdb, prefix, quiet)
	opts := []booking.Option{booking.WithClock(clock), booking.WithPublisher(pub), booking.WithLogger(quiet),
		booking.WithJobs(booking.JobsConfig{RetryBase: 10 * time.Millisecond,
			AddWorkers: []func(*river.Workers) error{r.alerts.AddWorkers}})}
	if customerMail {
		renderer, err := dmail.NewRenderer("dota@dota.test", "https://dota.test")
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, booking.WithMail(booking.Mail{Renderer: renderer, Sender: transport, PublicURL: "https://dota.test"}))
	}
	r.core = booking.New(pool, opts...)
	r.cons = console.New(r.core, pool, rdb, prefix, console.Config{}, quiet)
	r.dota = chatbot.New(r.core, pool, rdb, chatbot.Config{RedisPrefix: prefix}, chatbot.WithClock(clock),
		chatbot.WithLogger(quiet), chatbot.WithPublisher(pub))
	t.Cleanup(func() { _ = r.dota.Close(context.Background()) })
	r.alerts.Bind(r.core, r.cons, r.dota)
	if err := r.alerts.Listen(ctx, rdb, prefix); err != nil {
		t.Fatal(err)
	}
	if err := r.core.StartJobs(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, stop := context.WithTimeout(context.Background(), 5*time.Second)
		defer stop()
		_ = r.core.StopJobs(sctx)
	})
	for _, role := range console.Roles {
		pw := "a long enough password"
		u, err := r.cons.CreateUser(ctx, console.User{}, console.UserInput{Email: role + "@dota.test", Password: &pw, Role: &role})
		if err != nil {
			t.Fatal(err)
		}
		r.users[role] = u
	}
	return r
}

// setting changes the settings with fn.
func (r *rig) setting(t *testing.T, fn func(*booking.Settings)) {
	t.Helper()
	ctx := context.Background()
	st, err := r.core.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fn(&st)
	if _, err := r.core.SaveSettings(ctx, st); err != nil {
		t.Fatal(err)
	}
}

// subscribe turns push on for the user at path of the stand-in.
func (r *rig) subscribe(t *testing.T, role, path string) {
	t.Helper()
	in := subscriptionInput(r.push.subscribe(path))
	if _, err := r.alerts.Subscribe(context.Background(), r.users[role], in, "test browser"); err != nil {
		t.Fatal(err)
	}
}

func subscriptionInput(m map[string]any) alerts.SubscriptionInput {
	var in alerts.SubscriptionInput
	in.Endpoint = m["endpoint"].(string)
	keys := m["keys"].(map[string]string)
	in.Keys.P256dh, in.Keys.Auth = keys["p256dh"], keys["auth"]
	return in
}

// choose saves the user's choice for one event.
func (r *rig) choose(t *testing.T, role, event, channel string, outsideHours bool) {
	t.Helper()
	_, err := r.alerts.SetPreferences(context.Background(), r.users[role], alerts.PreferencesInput{
		Choices: []alerts.Choice{{Event: event, Channel: channel, OutsideHours: outsideHours}}})
	if err != nil {
		t.Fatal(err)
	}
}

// ledger returns every alert of the event, waiting up to within for n of them to settle
// (no longer pending).
func (r *rig) ledger(t *testing.T, event string, n int, within time.Duration) []alerts.Alert {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		page, err := r.alerts.List(context.Background(), alerts.Filter{Event: event, Size: 100, Lang: "en"})
		if err != nil {
			t.Fatal(err)
		}
		settled := 0
		for _, a := range page.Items {
			if a.State != alerts.StatePending {
				settled++
			}
		}
		if settled >= n || time.Now().After(deadline) {
			return page.Items
		}
		time.Sleep(20 * time.Millisecond)
	}
}
