package main

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/live"
	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/web"
)

// serve wires the pools, the domain services and the router, and serves until ctx ends,
// then lets in-flight requests finish within the shutdown timeout.
func serve(ctx context.Context, cfg config) error {
	log := newLogger(cfg)
	slog.SetDefault(log)
	limitMemory(cfg, log)
	if err := checkSchema(ctx, cfg); err != nil {
		return err
	}
	pool, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()
	ropt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return err
	}
	// Dota's commands and replies are small (a conversation's state is a few kB): 8 kB
	// buffers instead of the client's 32 kB (128 kB for pipelines) keep a few MB of every
	// connection's buffers out of the heap; a larger reply is read in more calls.
	ropt.ReadBufferSize, ropt.WriteBufferSize = 8<<10, 8<<10
	ropt.PipelineReadBufferSize, ropt.PipelineWriteBufferSize = 16<<10, 16<<10
	rdb := redis.NewClient(ropt)
	defer rdb.Close()
	if err := rdb.Ping(ctx).Err(); err != nil {
		log.Warn("Redis does not answer yet; serving and retrying", "err", err)
	}
	prometheus.MustRegister(newPoolCollector(pool, rdb))
	if cfg.ChallengeKeyGenerated {
		log.Warn("DOTA_CHALLENGE_KEY not set: challenges are signed with a key made for this process; " +
			"set one shared key on every replica, or a challenge issued by one is refused by another")
	}

	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		return err
	}
	mailer, err := newMail(cfg)
	if err != nil {
		return err
	}
	publisher := live.NewPublisher[booking.Event](rdb, cfg.RedisPrefix, log)
	staffAlerts, err := newAlerts(pool, cfg, mailer, log)
	if err != nil {
		return err
	}
	cfg.Jobs.AddWorkers = append(cfg.Jobs.AddWorkers, staffAlerts.AddWorkers)
	// Backups: their workers and schedule run on booking's one River client.
	backups := backup.New(pool, cfg.Backup, backup.WithLogger(log), backup.WithPublisher(publisher),
		backup.WithAlerter(staffAlerts))
	cfg.Jobs.AddWorkers = append(cfg.Jobs.AddWorkers, backups.AddWorkers)
	cfg.Jobs.Periodic = append(cfg.Jobs.Periodic, backups.Periodic())
	// The consultants' calendars: read every DOTA_CALENDAR_POLL on the same client.
	cals := calendars.New(pool, cfg.Calendars, calendars.WithLogger(log))
	cfg.Jobs.AddWorkers = append(cfg.Jobs.AddWorkers, cals.AddWorkers)
	cfg.Jobs.Periodic = append(cfg.Jobs.Periodic, cals.Periodic())
	core := booking.New(pool, booking.WithLogger(log), booking.WithMail(mailer), booking.WithJobs(cfg.Jobs),
		booking.WithSettingsTTL(booking.DefaultSettingsTTL), booking.WithPublisher(publisher),
		booking.WithVideoRooms(cfg.VideoRooms))
	backups.Attach(core, core.Jobs())
	cals.Attach(core)
	if err := backups.Check(); err != nil {
		log.Info("backups cannot be made on this server: the console refuses auto_backup", "reason", err)
	}
	if !core.MailConfigured() {
		log.Warn("DOTA_SMTP_URL not set: messages to customers are written and recorded as not sent")
	}
	cat := catalogue.New(pool)
	dota := newChat(ctx, cfg, core, pool, rdb, log, chatbot.WithPublisher(publisher), chatbot.WithCatalogue(cat),
		chatbot.WithAnswerMail(core))
	// A waitlist offer is made in the conversation it was joined from, while it is open.
	core.OnOffer(dota.OfferPlace)
	// Staff answers a visitor who left has not read are e-mailed, written by the chat.
	core.OnChatAnswer(dota.WriteAnswerMail)
	// Every replica gives back to Dota the conversations nobody took in time.
	go dota.RunHandoffTimer(ctx)
	// Every replica purges the transcripts kept past their retention.
	go dota.RunRetention(ctx)
	cons := console.New(core, pool, rdb, cfg.RedisPrefix, console.Config{
		SessionIdle: cfg.SessionIdle, SessionAbsolute: cfg.SessionAbsolute,
		LoginPerIP: cfg.LoginPerIP, LoginPerEmail: cfg.LoginPerEmail, LoginPerAccount: cfg.LoginPerAccount,
		LoginWindow: cfg.LoginWindow,
	}, log)
	// A staff member deactivated or deleted: the conversations they hold return to Dota.
	cons.OnStaffGone(dota.ReleaseAgent)
	// Staff alerts hear every replica's live events and are worked as jobs.
	staffAlerts.Bind(core, cons, dota)
	go listenAlerts(ctx, staffAlerts, rdb, cfg.RedisPrefix, log)
	// Every replica works the jobs: messages due, reminders, waitlist offers, alerts, retries.
	if err := core.StartJobs(ctx); err != nil {
		return err
	}
	events := api.NewEvents(cons, log)
	// Shutdown waits for every request, and an event stream never ends by itself: the
	// console's (events.Close) and the visitors' (stopping) are closed as it begins.
	stopping, stop := context.WithCancel(context.Background())
	defer stop()
	handler := api.New(api.Deps{
		Booking: core, Catalogue: cat, Chat: dota, DB: pool, Redis: rdb, Web: dist, Logger: log,
		MaxBodyBytes: cfg.MaxBodyBytes, BodyTimeout: cfg.BodyTimeout,
		TrustedProxies: cfg.TrustedProxies, PublicURL: cfg.PublicURL,
		Console: cons, Events: events, RedisPrefix: cfg.RedisPrefix, Forms: cfg.Forms, Alerts: staffAlerts, Backups: backups,
		Calendars:             cals,
		ChatStreamsPerReplica: cfg.ChatStreamsPerReplica, Stopping: stopping.Done(),
	})
	// No ReadTimeout or WriteTimeout: either would cut the console's live event streams.
	// Headers are bounded here, bodies by DOTA_BODY_TIMEOUT (api.Deps.BodyTimeout).
	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	if cfg.PprofAddr != "" {
		go servePprof(ctx, cfg.PprofAddr, log)
	}
	// Both listeners are bound before serving, so that a port in use stops the start with
	// its reason and the variable that moves it.
	ln, err := listen("DOTA_ADDR", cfg.Addr)
	if err != nil {
		return err
	}
	metrics, err := listenMetrics(cfg.MetricsAddr)
	if err != nil {
		ln.Close()
		return err
	}
	defer metrics.Close()
	srv.RegisterOnShutdown(events.Close)
	srv.RegisterOnShutdown(stop)
	errc := make(chan error, 2)
	go func() {
		log.Info("serving", "addr", cfg.Addr, "metrics", cfg.MetricsAddr, "public_url", cfg.PublicURL)
		errc <- srv.Serve(ln)
	}()
	go func() {
		if err := metrics.serve(); !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); errors.Is(err, context.DeadlineExceeded) {
		// Requests still running after the grace period are cut: stopping on time is
		// what the operator asked for, so it is not a failure of the process.
		log.Warn("grace period over; closing the remaining connections")
		_ = srv.Close()
	} else if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// The transcript's stream is written as far as it can be before the process ends; what
	// is left stays in Redis for another replica's writer, or this one's once restarted.
	if err := dota.Close(sctx); err != nil {
		log.Warn("chat transcript: the stream was not written before the grace period ended; it stays in Redis", "err", err)
	}
	if err := core.StopJobs(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		log.Warn("jobs did not stop cleanly; another replica takes over what was running", "err", err)
	}
	log.Info("stopped")
	return nil
}

// newMail builds the renderer and the SMTP transport of the messages to customers.
func newMail(cfg config) (booking.Mail, error) {
	r, err := mail.NewRenderer(cfg.MailFrom, cfg.PublicURL)
	if err != nil {
		return booking.Mail{}, err
	}
	t, err := mail.NewTransport(cfg.SMTPURL)
	if err != nil {
		return booking.Mail{}, err
	}
	return booking.Mail{Renderer: r, Sender: t, PublicURL: cfg.PublicURL}, nil
}

// newAlerts builds the staff alerts: push when the VAPID keys are set, e-mail through
// the customers' transport.
func newAlerts(pool *pgxpool.Pool, cfg config, m booking.Mail, log *slog.Logger) (*alerts.Service, error) {
	ac := alerts.Config{Mail: m.Sender, From: m.Renderer.From(), PublicURL: cfg.PublicURL,
		OfficeHours: cfg.OfficeHours, Log: log}
	if cfg.VAPIDPublicKey != "" {
		// The push services may write to the agency's sender about its pushes.
		p, err := alerts.NewWebPush(cfg.VAPIDPublicKey, cfg.VAPIDPrivateKey, "mailto:"+ac.From.Address)
		if err != nil {
			return nil, err
		}
		ac.Push = p
	} else {
		log.Info("DOTA_VAPID_PUBLIC_KEY not set: push alerts are off (dota vapid prints a key pair)")
	}
	return alerts.New(pool, ac), nil
}

// listenAlerts subscribes the staff alerts to the live events, trying again while
// Redis does not answer.
func listenAlerts(ctx context.Context, s *alerts.Service, rdb *redis.Client, prefix string, log *slog.Logger) {
	for {
		err := s.Listen(ctx, rdb, prefix)
		if err == nil || ctx.Err() != nil {
			return
		}
		log.Warn("staff alerts: cannot hear live events yet; retrying", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// newChat builds Dota, with Gemini when a key is configured. Gemini's connection test runs
// in the background and never delays serving.
func newChat(ctx context.Context, cfg config, core *booking.Core, pool *pgxpool.Pool, rdb *redis.Client,
	log *slog.Logger, extra ...chatbot.Option) *chatbot.Engine {
	opts := append([]chatbot.Option{chatbot.WithLogger(log)}, extra...)
	if cfg.GeminiAPIKey != "" {
		g, err := gemini.New(ctx, gemini.Config{APIKey: cfg.GeminiAPIKey, Model: cfg.GeminiModel,
			BaseURL: cfg.GeminiBaseURL})
		if err != nil {
			log.Warn("Gemini unavailable; Dota answers from its rules", "err", err)
		} else {
			g.StartProbe(ctx, log)
			opts = append(opts, chatbot.WithAI(g))
		}
	} else {
		log.Info("GEMINI_API_KEY not set; Dota answers from its rules")
	}
	return chatbot.New(core, pool, rdb, chatbot.Config{
		RedisPrefix: cfg.RedisPrefix, SessionTTL: cfg.ChatSessionTTL, AITimeout: cfg.AITimeout,
		AIQueueInterval: cfg.AIQueueInterval, AIBudgetPerMinute: cfg.AIBudgetPerMinute, AIQueueMax: cfg.AIQueueMax,
		AIVisitorShare: cfg.AIVisitorShare, ReplyCacheTTL: cfg.ChatReplyCacheTTL, CatalogueTTL: cfg.ChatCatalogueTTL,
		SessionMessageLimit: cfg.ChatSessionRate, IPMessageLimit: cfg.ChatIPRate, IPOpenLimit: cfg.ChatIPOpenRate,
		StreamsPerAddress: cfg.ChatStreamsPerIP, OfficeHours: cfg.OfficeHours, AnswerMailAfter: cfg.ChatAnswerMailAfter,
	}, opts...)
}
