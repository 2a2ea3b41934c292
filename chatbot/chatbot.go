// Package chatbot is Dota, the agency's conversational assistant: an explicit state
// machine that answers free questions from keyword rules (and Gemini when configured) and
// books appointments through the booking core. Its state lives in Redis so that any
// replica serves any message; transcripts are stored in PostgreSQL. It knows nothing of
// HTTP.
package chatbot

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/ratelimit"
)

// Catalogue is what Dota tells of the agency's catalogue; *catalogue.Store implements it.
type Catalogue interface {
	Services(ctx context.Context, order catalogue.ServiceOrder, lang string, limit int) ([]catalogue.Service, error)
	PublishedProjects(ctx context.Context, category string) ([]catalogue.Project, error)
}

// Booker is what Dota needs of the booking core; *booking.Core implements it.
type Booker interface {
	Day(ctx context.Context, date, lang string) (booking.Day, error)
	NearestFree(ctx context.Context, date, hhmm string, n int, lang string) ([]booking.SlotRef, error)
	Book(ctx context.Context, r booking.Request) (booking.Result, error)
	Booked(ctx context.Context, r booking.Request) (booking.Appointment, error)
	Settings(ctx context.Context) (booking.Settings, error)
	// The visitor's own appointments, once they proved their address (manage.go).
	SendCode(ctx context.Context, email, lang string) (string, error)
	VerifyCode(ctx context.Context, id, code string) (string, error)
	Upcoming(ctx context.Context, email string) ([]booking.Appointment, error)
	ChangeableByCustomer(ctx context.Context, a booking.Appointment) error
	CancelVerified(ctx context.Context, email, id string) (booking.Appointment, error)
	RescheduleVerified(ctx context.Context, email, id, date, hhmm string) (booking.Appointment, error)
	// The waitlist of a full slot, and the offer of a freed place (waitlist.go).
	JoinWaitlist(ctx context.Context, r booking.WaitlistRequest) (booking.Joined, error)
	AcceptOffer(ctx context.Context, id string) (booking.Result, error)
	DeclineOffer(ctx context.Context, id string) error
}

// Defaults of Config: the constants of the specification's section 9, and the limits an
// operator may tune.
const (
	DefaultSessionTTL          = 24 * time.Hour
	DefaultAITimeout           = 15 * time.Second
	DefaultAIQueueInterval     = time.Second
	DefaultAIBudgetPerMinute   = 60
	DefaultAIQueueMax          = 15
	DefaultReplyCacheTTL       = 5 * time.Minute
	DefaultCatalogueTTL        = 10 * time.Minute
	DefaultDBTimeout           = 10 * time.Second
	DefaultSessionMessageLimit = 20 // per session per minute
	DefaultIPMessageLimit      = 60 // per client address per minute
	// DefaultTranscriptBacklog is how many turns may wait for the transcript writer: at
	// the writer's pace, well under a minute of them.
	DefaultTranscriptBacklog = 20000
	// MaxFailuresPerStep is how many bad answers at one step Dota accepts before it
	// offers the classic form and the phone number.
	MaxFailuresPerStep = 3
	// maxStoredMessages bounds the conversation kept in a session for the widget.
	maxStoredMessages = 200
	rateWindow        = time.Minute
)

// DefaultAIVisitorShare is how many Gemini calls one visitor may make in a minute, counted
// for their conversation and for their address: a sixth of the site's budget, so that no
// visitor spends it all. Past their share Dota answers them from its rules.
const DefaultAIVisitorShare = 10

// Config tunes the engine; zero values take the defaults above.
type Config struct {
	RedisPrefix         string
	SessionTTL          time.Duration
	AITimeout           time.Duration
	AIQueueInterval     time.Duration
	AIBudgetPerMinute   int
	AIVisitorShare      int // Gemini calls a minute for one conversation and for one address
	AIQueueMax          int
	ReplyCacheTTL       time.Duration
	CatalogueTTL        time.Duration
	DBTimeout           time.Duration
	SessionMessageLimit int
	IPMessageLimit      int
	IPOpenLimit         int // conversations opened a minute from one address
	StreamsPerAddress   int // visitors' streams open at once from one address
	// TranscriptBacklog bounds the turns waiting for the transcript writer; past it a turn
	// waits for room (transcript/transcript_stream.go).
	TranscriptBacklog int
	// OfficeHours are when staff answer a hand-off live while the agency profile sets no
	// hours; booking.DefaultOfficeHours when zero.
	OfficeHours booking.OfficeHours
}

func (c *Config) defaults() {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	seti := func(n *int, v int) {
		if *n <= 0 {
			*n = v
		}
	}
	if c.RedisPrefix == "" {
		c.RedisPrefix = "dota:"
	}
	set(&c.SessionTTL, DefaultSessionTTL)
	set(&c.AITimeout, DefaultAITimeout)
	set(&c.AIQueueInterval, DefaultAIQueueInterval)
	set(&c.ReplyCacheTTL, DefaultReplyCacheTTL)
	set(&c.CatalogueTTL, DefaultCatalogueTTL)
	set(&c.DBTimeout, DefaultDBTimeout)
	seti(&c.AIBudgetPerMinute, DefaultAIBudgetPerMinute)
	seti(&c.AIVisitorShare, DefaultAIVisitorShare)
	seti(&c.AIQueueMax, DefaultAIQueueMax)
	seti(&c.SessionMessageLimit, DefaultSessionMessageLimit)
	seti(&c.IPMessageLimit, DefaultIPMessageLimit)
	seti(&c.IPOpenLimit, DefaultIPOpenLimit)
	seti(&c.StreamsPerAddress, DefaultStreamsPerAddress)
	seti(&c.TranscriptBacklog, DefaultTranscriptBacklog)
	if c.OfficeHours == (booking.OfficeHours{}) {
		c.OfficeHours, _ = booking.ParseOfficeHours(booking.DefaultOfficeHours)
	}
}

// Engine is Dota. It is safe for concurrent use, and several replicas sharing one Redis
// and one PostgreSQL behave as one.
type Engine struct {
	core    Booker
	cat     Catalogue // nil tells the specification's services alone
	rdb     redis.UniversalClient
	cfg     Config
	ai      gemini.Generator
	queue   *gemini.Queue // the AI queue and budget every call to Gemini goes through
	limiter *ratelimit.Limiter
	now     func() time.Time
	log     *slog.Logger
	memo    catalogueMemo
	pub     booking.Publisher // tells staff of conversations that changed; nil tells nobody
	hub     pushHub           // this replica's visitor streams
	wait    waitMemo          // how long visitors usually wait for a person
	replies *gemini.ReplyCache
	ops     *opsBuffer // the operations counters gathered before they go to Redis
	// transcripts stores the conversations' messages; it keeps none without a database.
	transcripts *transcript.Store
	// joins counts the joins of a waitlist (GuardJoins); nil counts none.
	joins JoinGate
}

// Option configures an Engine.
type Option func(*Engine)

// WithClock replaces the wall clock, for tests.
func WithClock(now func() time.Time) Option { return func(e *Engine) { e.now = now } }

// WithAI lets Gemini (or any Generator) answer the questions no rule answers.
func WithAI(g gemini.Generator) Option { return func(e *Engine) { e.ai = g } }

// WithPublisher tells staff, through the console's live events, of the conversations
// that need them.
func WithPublisher(p booking.Publisher) Option { return func(e *Engine) { e.pub = p } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(e *Engine) { e.log = l } }

// WithCatalogue sets where Dota reads the services and projects it tells of; without it,
// they are read from db.
func WithCatalogue(c Catalogue) Option { return func(e *Engine) { e.cat = c } }

// New returns the engine. db receives the transcripts; it may be nil when they are not kept.
func New(core Booker, db *pgxpool.Pool, rdb redis.UniversalClient, cfg Config, opts ...Option) *Engine {
	cfg.defaults()
	e := &Engine{core: core, rdb: rdb, cfg: cfg, now: time.Now, log: slog.Default(),
		replies: gemini.NewReplyCache(rdb, cfg.ReplyCacheTTL)}
	for _, o := range opts {
		o(e)
	}
	if e.cat == nil && db != nil {
		e.cat = catalogue.New(db)
	}
	e.limiter = ratelimit.New(rdb, cfg.RedisPrefix+"chat:")
	e.queue = gemini.NewQueue(rdb, e.limiter, gemini.QueueConfig{Key: e.key("ai", "next"), Timeout: cfg.AITimeout,
		Interval: cfg.AIQueueInterval, Max: cfg.AIQueueMax, BudgetPerMinute: cfg.AIBudgetPerMinute}, aiOps{e}, e.log)
	e.ops = newOpsBuffer(e)
	e.transcripts = transcript.New(transcript.Config{DB: db, Redis: rdb, KeyPrefix: e.key(), DBTimeout: cfg.DBTimeout,
		Backlog: cfg.TranscriptBacklog, Settings: core, Sessions: sessions{e}, BookingSteps: BookingFlow,
		ContactSteps: ContactSteps, Now: e.now, Log: e.log})
	return e
}

func (e *Engine) key(parts ...string) string {
	k := e.cfg.RedisPrefix + "chat"
	for _, p := range parts {
		k += ":" + p
	}
	return k
}
