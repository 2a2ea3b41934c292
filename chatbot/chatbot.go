// Package chatbot is Dota, the agency's conversational assistant: an explicit state
// machine that answers free questions from keyword rules (and Gemini when configured) and
// books appointments through the booking core. Its state lives in Redis so that any
// replica serves any message; transcripts are stored in PostgreSQL. It knows nothing of
// HTTP.
package chatbot

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/attribution"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/chatbot/transcript"
	"github.com/dota-agency/dota/i18n"
	"github.com/dota-agency/dota/ratelimit"
)

// Catalogue is what Dota tells of the agency's catalogue; *catalogue.Store implements it.
type Catalogue interface {
	Services(ctx context.Context, order catalogue.ServiceOrder, lang string, limit int) ([]catalogue.Service, error)
	PublishedProjects(ctx context.Context, category string) ([]catalogue.Project, error)
}

// Booker is what Dota needs of the booking core; *booking.Core implements it.
type Booker interface {
	Day(ctx context.Context, date, lang string, f ...booking.SlotsFor) (booking.Day, error)
	NearestFree(ctx context.Context, date, hhmm string, n int, lang string, f ...booking.SlotsFor) ([]booking.SlotRef, error)
	Book(ctx context.Context, r booking.Request) (booking.Result, error)
	// PublicConsultants are the consultants taking a service, whom a visitor may name.
	PublicConsultants(ctx context.Context, service string) ([]booking.PublicConsultant, error)
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
	// AnswerMailAfter is how long a staff answer waits, unread by a visitor who left,
	// before it is e-mailed (away.go); DefaultAnswerMailAfter when zero.
	AnswerMailAfter time.Duration
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
	set(&c.AnswerMailAfter, DefaultAnswerMailAfter)
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
	// answerMail e-mails staff answers to visitors who left (away.go); nil e-mails none.
	answerMail AnswerMail
	// resumeKey signs the links back to a conversation (away.go), once read from Redis.
	resumeKey resumeKeyMemo
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

// Reply is Dota's answer to a turn: its new messages, where the conversation stands and
// what the widget should offer next.
type Reply struct {
	SessionID  string    `json:"session_id"`
	NewSession bool      `json:"new_session,omitempty"` // the id sent was unknown or expired
	Lang       string    `json:"lang"`
	Messages   []Message `json:"messages"`
	// UserMessage is the visitor's message of the turn as the conversation numbered it, so
	// that the widget shows it where the conversation has it; nil when the turn had none.
	UserMessage *Message `json:"user_message,omitempty"`
	Step        string   `json:"step"`
	// Flow is the flow the step belongs to: booking, move, cancel, or "" outside any.
	Flow          string       `json:"flow"`
	QuickReplies  []QuickReply `json:"quick_replies"`
	Collected     Collected    `json:"collected"`
	AppointmentID string       `json:"appointment_id,omitempty"`
	// Handoff is set while staff are involved, and says "ended" in the reply that ends it.
	Handoff *HandoffView `json:"handoff,omitempty"`
}

// RateLimitedError refuses a message over a client's budget.
type RateLimitedError struct {
	Scope      string // ip or session
	RetryAfter int    // seconds
}

func (e *RateLimitedError) Error() string { return "chat rate limited (" + e.Scope + ")" }

// Start opens a conversation in lang with Dota's greeting, counted against the budgets
// of the client's address. Only its language and where the visit came from (visit,
// cleaned; nil when unknown) are kept, for an hour: the conversation is stored from the
// visitor's first message on (Send, begin.go), under the session id given here, so that
// opening the widget costs next to no memory; the booking it makes carries the visit.
func (e *Engine) Start(ctx context.Context, lang, clientIP string, visit *attribution.Visit) (Reply, error) {
	s := e.newSession(lang)
	s.Attribution = visit.Clean()
	if err := e.open(ctx, s, ratelimit.AddressKey(clientIP)); err != nil {
		return Reply{}, err
	}
	t := e.turn(ctx, s)
	t.greet()
	e.ops.add(t.ops...)
	return s.reply(t.bot), nil
}

// Send answers one message of the visitor. The first message of a conversation Start
// opened begins it under Start's session id (begin.go); an unknown or expired id starts a
// new conversation, which the reply names.
//
// A turn costs two round trips to Redis: the rate limits of the address and the session,
// the session's lock, its state and the transcript's backlog together, in one
// transaction; and, at the end, the new state, its new messages, its transcript record
// and the release of the lock together, in another. (The operations counters are
// gathered in process and written once a second: ops_buffer.go.)
func (e *Engine) Send(ctx context.Context, sessionID, message, lang, clientIP string) (Reply, error) {
	address := ratelimit.AddressKey(clientIP)
	var (
		s     *session
		found bool
		lk    *sessionLock
	)
	if validSessionID(sessionID) {
		var err error
		if lk, s, found, err = e.lockAndLoad(ctx, sessionID, address, true); err != nil {
			return Reply{}, err
		}
		defer lk.release(ctx)
	} else if err := e.allow(ctx, address, ""); err != nil {
		return Reply{}, err
	} else if err := e.transcripts.RoomNow(ctx); err != nil {
		return Reply{}, err
	}
	fresh, opened := !found, false
	if fresh {
		var err error
		if s, opened, err = e.begin(ctx, sessionID, lang, address); err != nil {
			return Reply{}, err
		}
	}
	if l := i18n.Normalize(lang); l != "" {
		s.Lang = l
	}
	t := e.turn(ctx, s)
	t.lock = lk
	t.address = address
	switch {
	case opened:
		t.recordGreeting()
	case fresh:
		t.greet()
	}
	t.handle(message)
	return t.finish(fresh && !opened)
}

// Conversation returns a conversation as it stands, with every message kept.
func (e *Engine) Conversation(ctx context.Context, sessionID string) (Reply, error) {
	s, found, err := e.load(ctx, sessionID)
	if err != nil {
		return Reply{}, err
	}
	if !found {
		return Reply{}, booking.ErrNotFound
	}
	r := s.reply(slices.Clone(s.Messages))
	if h := s.Handoff; h != nil {
		r.Handoff = &HandoffView{State: h.State, Agent: h.Agent}
	}
	return r, nil
}

func (s *session) reply(msgs []Message) Reply {
	qr := s.QuickReplies
	if qr == nil {
		qr = []QuickReply{}
	}
	if msgs == nil {
		msgs = []Message{}
	}
	return Reply{SessionID: s.ID, Lang: s.Lang, Messages: msgs, Step: s.Step, Flow: s.flow(), QuickReplies: qr,
		Collected: s.Collected, AppointmentID: s.AppointmentID}
}

// Flows a conversation may be in, as Reply.Flow names them.
const (
	FlowBooking  = "booking"
	FlowMove     = reader.IntentMove
	FlowCancel   = reader.IntentCancel
	FlowCallback = "callback"
	// FlowManage is a move or a cancellation before the visitor has said which.
	FlowManage = "manage"
)

// flow names the flow of the session's step.
func (s *session) flow() string {
	switch {
	case s.Callback:
		return FlowCallback
	case s.Manage != nil && isManageStep(s.Step) && s.Manage.Action == "":
		return FlowManage
	case s.Manage != nil && isManageStep(s.Step):
		return s.Manage.Action
	case slices.Contains(BookingFlow, s.Step):
		return FlowBooking
	}
	return ""
}

// budgets are the rate limits a message counts against: its client's address (its key,
// ratelimit.AddressKey) and, when given, its conversation.
func (e *Engine) budgets(address, sessionID string) ([]ratelimit.Budget, []string) {
	var budgets []ratelimit.Budget
	var scopes []string
	if address != "" {
		budgets = append(budgets, ratelimit.Budget{Key: "msg:ip:" + address, Limit: e.cfg.IPMessageLimit, Window: rateWindow})
		scopes = append(scopes, "ip")
	}
	if sessionID != "" {
		budgets = append(budgets, ratelimit.Budget{Key: "msg:session:" + sessionID, Limit: e.cfg.SessionMessageLimit, Window: rateWindow})
		scopes = append(scopes, "session")
	}
	return budgets, scopes
}

// allow counts a message against the budget of the client's address and, when given,
// of its conversation, in one round trip.
func (e *Engine) allow(ctx context.Context, address, sessionID string) error {
	budgets, scopes := e.budgets(address, sessionID)
	return e.allowEach(ctx, budgets, scopes)
}

// allowEach counts a request against budgets, named by scopes, in one round trip.
func (e *Engine) allowEach(ctx context.Context, budgets []ratelimit.Budget, scopes []string) error {
	if len(budgets) == 0 {
		return nil
	}
	ds, err := e.limiter.AllowEach(ctx, budgets...)
	if err != nil {
		return unavailable(err)
	}
	return e.judge(ds, scopes)
}

// judge refuses a message when one of its budgets is spent.
func (e *Engine) judge(ds []ratelimit.Decision, scopes []string) error {
	for i, d := range ds {
		if !d.Allowed {
			rateLimited.WithLabelValues(scopes[i]).Inc()
			e.opsIncr("rate_limited")
			return &RateLimitedError{Scope: scopes[i], RetryAfter: d.RetryAfterSeconds()}
		}
	}
	return nil
}

// finish saves the session with the turn's transcript record, counts the turn and
// releases the session's lock in one round trip, and returns the bot's messages. The
// record is added under the lock, so a conversation's turns are stored in order.
//
// A booking and a hand-off are answered once their record is written to PostgreSQL, and
// refused as unavailable (transcript.ErrPending) when it is not within the database's
// time-out: the record stays in the stream and is written later. A staff member's or the
// system's turn also waits for its write, so that staff see it at once, but is not
// refused: its messages already went to the visitor. The visitor's other turns are
// answered once their record is in the stream.
func (t *turn) finish(newSession bool) (Reply, error) {
	t.record = t.e.record(t.s, t.all, t.change)
	if t.answered != "" {
		src := t.answered
		if src == SourceFlow {
			src = SourceRule
		}
		chatMessages.WithLabelValues(t.s.Lang, src).Inc()
		t.count("msg_" + src)
	}
	if err := t.e.saveTurn(t.ctx, t); err != nil {
		return Reply{}, err
	}
	var unstored error
	if t.entry != "" {
		switch {
		case t.change != nil || slices.Contains(t.ops, "funnel_booked"):
			unstored = t.e.transcripts.Stored(t.ctx, t.entry)
		case t.push:
			_ = t.e.transcripts.Stored(t.ctx, t.entry)
		}
	}
	if t.notify || t.change != nil {
		t.e.announce(t.ctx, t.s.ConversationID)
	}
	if unstored != nil {
		return Reply{}, unstored
	}
	r := t.s.reply(t.bot)
	r.NewSession = newSession && t.sent != nil
	r.UserMessage = t.sent
	r.Handoff = t.view()
	return r, nil
}
