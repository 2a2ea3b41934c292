// Package api is Dota's HTTP layer: the gin router, its middleware, the handlers that
// decode a request, call one domain method and encode the answer, the mapping of domain
// errors to the contract's envelope, and the live streams. The web app's pages are
// package pages', mounted here.
package api

import (
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/httpx"
	"github.com/dota-agency/dota/pages"
	"github.com/dota-agency/dota/privacy"
)

// DefaultMaxBodyBytes bounds a request body when the configuration sets no limit.
const DefaultMaxBodyBytes = 1 << 20

// ChatMaxBodyBytes bounds the body of a chat message, far under the global limit: a
// message is cut at reader.MaxInputRunes characters anyway, and every byte a visitor
// sends is read by the sanitizer. It leaves room for that many characters of four bytes
// each, and the language.
const ChatMaxBodyBytes = 8 << 10

// Deps are what the router needs, built once by the binary's wiring.
type Deps struct {
	Booking *booking.Core
	// Catalogue serves the services, projects and newsletter; made from DB when nil.
	Catalogue    *catalogue.Store
	Chat         *chatbot.Engine // Dota; nil leaves the chat routes out
	DB           *pgxpool.Pool
	Redis        *redis.Client
	Web          fs.FS // the built web app; nil serves a notice
	Logger       *slog.Logger
	MaxBodyBytes int64
	// RedisPrefix starts the Redis keys of the form limits and challenges.
	RedisPrefix string
	// Forms are the limits of the public forms; zero values take the defaults.
	Forms FormLimits
	// BodyTimeout bounds the time a client takes to send a request's body
	// (DefaultBodyTimeout when zero).
	BodyTimeout time.Duration
	// TrustedProxies are the networks of the proxies in front of the site: only a peer
	// in one of them may name the client in X-Forwarded-For. None when empty.
	TrustedProxies []netip.Prefix
	// PublicURL is the site's origin (ParsePublicURL), the start of every absolute
	// address the site writes; DefaultPublicURL when empty.
	PublicURL string
	// Console serves /api/admin; without it the console's routes are absent.
	Console *console.Console
	// Privacy runs the console's personal-data requests; when nil, it is made from
	// Booking, with the parts of Catalogue, Console and Chat.
	Privacy *privacy.Runner
	// Alerts serves the staff's alert choices, push subscriptions and the alerts'
	// ledger; without it those routes are absent.
	Alerts *alerts.Service
	// Backups makes and lists the backups; when nil, one without a directory, which lists
	// the runs and refuses to make any.
	Backups *backup.Service
	// Calendars serves the consultants' calendar feeds and the calendars they read in;
	// when nil, one over DB and Booking that reads only public addresses.
	Calendars *calendars.Service
	// Events relays live events to console streams; made from Console when nil.
	Events *Events
	// Traffic counts the visits and chats opened by source and campaign; made from DB
	// when nil.
	Traffic *attribution.Store
	// ChatStreamsPerReplica bounds the visitors' chat streams this replica holds open
	// (DefaultChatStreamsPerReplica when zero).
	ChatStreamsPerReplica int
	// Stopping ends when the server shuts down: the visitors' chat streams close then,
	// since http.Server.Shutdown waits for every request, and a stream never ends by
	// itself (the console's streams close with Events.Close). Never, when nil.
	Stopping <-chan struct{}
}

// New builds the HTTP handler with every route of the contract.
func New(d Deps) http.Handler {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.MaxBodyBytes <= 0 {
		d.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if d.BodyTimeout <= 0 {
		d.BodyTimeout = DefaultBodyTimeout
	}
	if d.PublicURL == "" {
		d.PublicURL = DefaultPublicURL
	}
	if d.Catalogue == nil {
		d.Catalogue = catalogue.New(d.DB)
	}
	if d.Traffic == nil {
		d.Traffic = attribution.NewStore(d.DB)
	}
	httpsSite := strings.HasPrefix(d.PublicURL, "https://")
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.ContextWithFallback = true
	proxies := make([]string, 0, len(d.TrustedProxies))
	for _, p := range d.TrustedProxies {
		proxies = append(proxies, p.String())
	}
	_ = r.SetTrustedProxies(proxies)
	r.RemoteIPHeaders = []string{"X-Forwarded-For"}
	r.Use(recovery(d.Logger), requestIDs(), securityHeaders(httpsSite), accessLog(d.Logger),
		instrument(), languages(), errorHandler(d.Logger), bodyDeadline(d.BodyTimeout), bodyLimit(d.MaxBodyBytes),
		cleanURL())

	h := &health{db: d.DB, redis: d.Redis}
	r.GET("/healthz", h.live)
	r.GET("/readyz", h.ready)

	settings := d.Booking.Settings // the one cached path, the console's too
	r.GET(securityTxtPath, handle(securityTxt(settings, d.PublicURL, time.Now)))
	pub := &public{booking: d.Booking, catalogue: d.Catalogue, traffic: d.Traffic, guard: newFormGuard(redisOrNil(d.Redis), d.RedisPrefix, d.Forms, d.Logger)}
	g := r.Group("/api", compressJSON(), maintenance(settings))
	g.GET("/site", handle(siteInfo(settings)))
	g.GET("/services", handle(pub.services))
	g.GET("/services/:slug", handle(pub.service))
	g.GET("/services/:slug/projects", handle(pub.serviceProjects))
	g.GET("/projects", handle(pub.projects))
	g.GET("/projects/:id", handle(pub.project))
	g.GET("/slots", handle(pub.slots))
	g.GET("/consultants", handle(pub.consultants))
	// Answers that carry a visitor's personal data are never stored by a cache.
	g.POST("/appointments", noStore(), handle(pub.book))
	g.POST("/newsletter", noStore(), handle(pub.subscribe))
	g.GET("/challenge", handle(pub.guard.challenge))
	(&manage{booking: d.Booking}).mount(g, pub.guard.limit("manage", "token"))
	(&reconfirm{booking: d.Booking}).mount(g, pub.guard.limit("manage", "token"))
	(&waitlist{booking: d.Booking, guard: pub.guard}).mount(g, pub.guard.limit("offer", "token"))
	if d.Calendars == nil {
		d.Calendars = calendars.New(d.DB, calendars.Config{PublicURL: d.PublicURL})
		d.Calendars.Attach(d.Booking)
	}
	// A consultant's private feed, which their calendar reads: the token is the credential.
	g.GET("/calendar/:token.ics", noStore(), handle(calendarFeed(d.Calendars)))
	g.POST("/events", handle(pub.event))
	if d.Chat != nil {
		// Joins of a waitlist in a conversation spend the waitlist form's budgets.
		d.Chat.GuardJoins(chatJoins{g: pub.guard})
		ch := &chat{engine: d.Chat, traffic: d.Traffic, log: d.Logger}
		chatLimit := bodyLimit(ChatMaxBodyBytes)
		g.POST("/chat/sessions", chatLimit, noStore(), handle(ch.start))
		g.POST("/chat/sessions/:id/messages", chatLimit, noStore(), handle(ch.send))
		g.GET("/chat/sessions/:id", noStore(), handle(ch.conversation))
		g.GET("/chat/resume/:token", noStore(), handle(ch.resume))
		g.GET("/chat/sessions/:id/stream", noStore(), handle(newChatStreams(d.Chat, d.ChatStreamsPerReplica, d.Stopping).serve))
	}

	if d.Console != nil {
		if d.Events == nil {
			d.Events = NewEvents(d.Console, d.Logger)
		}
		if d.Privacy == nil {
			d.Privacy = privacy.New(d.DB, d.Booking)
			d.Privacy.Register(d.Catalogue.PersonalPart(), d.Console.PersonalPart())
			if d.Chat != nil {
				d.Privacy.Register(d.Chat.PersonalPart())
			}
			if d.Alerts != nil {
				d.Privacy.Register(d.Alerts.PersonalPart())
			}
		}
		if d.Backups == nil {
			d.Backups = backup.New(d.DB, backup.Config{})
		}
		(&admin{console: d.Console, core: d.Booking, catalogue: d.Catalogue, privacy: d.Privacy, chat: d.Chat,
			events: d.Events, backups: d.Backups, httpsSite: httpsSite, alerts: alertsOf(d), calendars: d.Calendars,
			traffic: d.Traffic}).mount(r)
	}

	// The web app: its files and pages, robots.txt and the sitemap; no /api path.
	site := pages.New(pages.Config{Web: d.Web, Origin: d.PublicURL, Catalogue: d.Catalogue, Logger: d.Logger})
	site.Mount(r)
	r.NoRoute(handle(func(c *gin.Context) error {
		if p := c.Request.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") || !site.Serve(c) {
			return errNotFound
		}
		return nil
	}))
	r.NoMethod(handle(func(*gin.Context) error { return errNotFound }))
	r.HandleMethodNotAllowed = false
	return r
}

// redisOrNil keeps a nil client nil as an interface.
func redisOrNil(r *redis.Client) redis.Cmdable {
	if r == nil {
		return nil
	}
	return r
}

// recovery turns a panic into a 500 with the envelope, logged with the request id.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, err any) {
		log.ErrorContext(c.Request.Context(), "panic", "request_id", requestID(c), "err", err)
		httpx.WriteError(c, http.StatusInternalServerError, body{Code: "internal", Message: text(langOf(c), "internal")}, 0)
	})
}

// alertsOf is the staff alerts as the console's routes ask them; nil (no routes) when
// none are given.
func alertsOf(d Deps) alertService {
	if d.Alerts == nil {
		return nil
	}
	return d.Alerts
}
