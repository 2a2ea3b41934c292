package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/alerts"
	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/backup"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/calendars"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/mail"
)

// config is the binary's configuration, read from the environment. Every variable is
// listed with its default in .env.example.
type config struct {
	DatabaseURL     string
	RedisURL        string
	Addr            string
	GeminiAPIKey    string
	LogFormat       string
	LogLevel        slog.Level
	MaxBodyBytes    int64
	ShutdownTimeout time.Duration
	BodyTimeout     time.Duration
	TrustedProxies  []netip.Prefix
	PublicURL       string
	// VideoRooms makes video meetings' rooms: Jitsi Meet under DOTA_VIDEO_BASE_URL.
	VideoRooms  booking.JitsiRooms
	MetricsAddr string
	DBMaxConns  int32
	// MemoryLimit is the Go runtime's soft memory limit in bytes (0: none); GOMEMLIMIT,
	// when set, overrides it.
	MemoryLimit int64
	RedisPrefix string
	PprofAddr   string

	GeminiModel       string
	GeminiBaseURL     string
	AITimeout         time.Duration
	AIQueueInterval   time.Duration
	AIQueueMax        int
	AIBudgetPerMinute int
	AIVisitorShare    int
	ChatSessionTTL    time.Duration
	ChatSessionRate   int
	ChatIPRate        int
	ChatIPOpenRate    int
	// ChatStreamsPerIP and ChatStreamsPerReplica bound the visitors' open event streams.
	ChatStreamsPerIP      int
	ChatStreamsPerReplica int
	// OfficeHours are when staff answer a visitor's hand-off live.
	OfficeHours       booking.OfficeHours
	ChatReplyCacheTTL time.Duration
	ChatCatalogueTTL  time.Duration
	// ChatAnswerMailAfter is how long a staff answer waits, unread by a visitor who left,
	// before it is e-mailed.
	ChatAnswerMailAfter time.Duration
	SessionIdle         time.Duration
	SessionAbsolute     time.Duration
	LoginPerIP          int
	LoginPerEmail       int
	LoginPerAccount     int
	LoginWindow         time.Duration
	Forms               api.FormLimits
	// ChallengeKeyGenerated is true when DOTA_CHALLENGE_KEY was unset and a key was made.
	ChallengeKeyGenerated bool

	// Messages to customers: the SMTP server (none: recorded as not sent) and the sender.
	SMTPURL  string
	MailFrom string
	Jobs     booking.JobsConfig
	// Push alerts to staff: the VAPID key pair (none: push is off).
	VAPIDPublicKey  string
	VAPIDPrivateKey string
	// Backup is where the backups go (DOTA_BACKUP_DIR; none: no backup is made) and how
	// many are kept (DOTA_BACKUP_KEEP).
	Backup backup.Config
	// Calendars: how often the consultants' calendars are read (DOTA_CALENDAR_POLL) and
	// whether they may be on a private network (DOTA_CALENDAR_ALLOW_PRIVATE).
	Calendars calendars.Config
}

// DefaultMetricsAddr is where /metrics is served when DOTA_METRICS_ADDR is not set: on
// this machine only, and not on :9090, Prometheus's own port (a Prometheus on the same
// machine would take it first). 9464 is the port commonly given to exporters of
// OpenTelemetry's Prometheus format. A deployment whose Prometheus scrapes from another
// host sets it (the Compose and Kubernetes files set :9464).
const DefaultMetricsAddr = "127.0.0.1:9464"

func loadConfig() (config, error) {
	e := envReader{}
	c := config{
		DatabaseURL:     e.str("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/dota?sslmode=disable"),
		RedisURL:        e.str("REDIS_URL", "redis://127.0.0.1:6379/0"),
		Addr:            e.str("DOTA_ADDR", ":8080"),
		GeminiAPIKey:    e.str("GEMINI_API_KEY", ""),
		LogFormat:       e.str("DOTA_LOG_FORMAT", "auto"),
		MaxBodyBytes:    int64(e.int("DOTA_MAX_BODY_BYTES", 1<<20)),
		ShutdownTimeout: e.duration("DOTA_SHUTDOWN_TIMEOUT", 20*time.Second),
		BodyTimeout:     e.duration("DOTA_BODY_TIMEOUT", api.DefaultBodyTimeout),
		MetricsAddr:     e.str("DOTA_METRICS_ADDR", DefaultMetricsAddr),
		DBMaxConns:      int32(e.int("DOTA_DB_MAX_CONNS", 20)),
		MemoryLimit:     e.bytes("DOTA_MEMORY_LIMIT", DefaultMemoryLimit),
		RedisPrefix:     e.str("DOTA_REDIS_PREFIX", "dota:"),
		PprofAddr:       e.str("DOTA_PPROF_ADDR", ""),

		GeminiModel:           e.str("DOTA_GEMINI_MODEL", gemini.DefaultModel),
		GeminiBaseURL:         e.str("DOTA_GEMINI_BASE_URL", ""),
		AITimeout:             e.duration("DOTA_AI_TIMEOUT", chatbot.DefaultAITimeout),
		AIQueueInterval:       e.duration("DOTA_AI_QUEUE_INTERVAL", chatbot.DefaultAIQueueInterval),
		AIQueueMax:            e.int("DOTA_AI_QUEUE_MAX", chatbot.DefaultAIQueueMax),
		AIBudgetPerMinute:     e.int("DOTA_AI_BUDGET_PER_MINUTE", chatbot.DefaultAIBudgetPerMinute),
		AIVisitorShare:        e.int("DOTA_AI_VISITOR_SHARE", chatbot.DefaultAIVisitorShare),
		ChatSessionTTL:        e.duration("DOTA_CHAT_SESSION_TTL", chatbot.DefaultSessionTTL),
		ChatSessionRate:       e.int("DOTA_CHAT_SESSION_RATE", chatbot.DefaultSessionMessageLimit),
		ChatIPRate:            e.int("DOTA_CHAT_IP_RATE", chatbot.DefaultIPMessageLimit),
		ChatIPOpenRate:        e.int("DOTA_CHAT_IP_OPEN_RATE", chatbot.DefaultIPOpenLimit),
		ChatStreamsPerIP:      e.int("DOTA_CHAT_STREAMS_PER_IP", chatbot.DefaultStreamsPerAddress),
		ChatStreamsPerReplica: e.int("DOTA_CHAT_STREAMS_PER_REPLICA", api.DefaultChatStreamsPerReplica),
		ChatReplyCacheTTL:     e.duration("DOTA_CHAT_REPLY_CACHE_TTL", chatbot.DefaultReplyCacheTTL),
		ChatCatalogueTTL:      e.duration("DOTA_CHAT_CATALOGUE_TTL", chatbot.DefaultCatalogueTTL),
		ChatAnswerMailAfter:   e.duration("DOTA_CHAT_ANSWER_MAIL_AFTER", chatbot.DefaultAnswerMailAfter),
		SessionIdle:           e.duration("DOTA_SESSION_IDLE", 2*time.Hour),
		SessionAbsolute:       e.duration("DOTA_SESSION_ABSOLUTE", 12*time.Hour),
		LoginPerIP:            e.int("DOTA_LOGIN_MAX_PER_IP", 20),
		LoginPerEmail:         e.int("DOTA_LOGIN_MAX_PER_EMAIL", 5),
		LoginPerAccount:       e.int("DOTA_LOGIN_MAX_PER_ACCOUNT", 20),
		LoginWindow:           e.duration("DOTA_LOGIN_WINDOW", 15*time.Minute),
		SMTPURL:               e.str("DOTA_SMTP_URL", ""),
		MailFrom:              e.str("DOTA_MAIL_FROM", ""),
		VAPIDPublicKey:        e.str("DOTA_VAPID_PUBLIC_KEY", ""),
		VAPIDPrivateKey:       e.str("DOTA_VAPID_PRIVATE_KEY", ""),
		Jobs: booking.JobsConfig{
			Workers:     e.int("DOTA_JOB_WORKERS", booking.DefaultJobWorkers),
			RescueAfter: e.duration("DOTA_JOB_RESCUE_AFTER", booking.DefaultJobRescueAfter),
		},
		Backup: backup.Config{
			Dir:  e.str("DOTA_BACKUP_DIR", ""),
			Keep: e.int("DOTA_BACKUP_KEEP", backup.DefaultKeep),
		},
		Calendars: calendars.Config{
			Poll:         e.duration("DOTA_CALENDAR_POLL", calendars.DefaultPoll),
			AllowPrivate: e.str("DOTA_CALENDAR_ALLOW_PRIVATE", "false") == "true",
		},
		Forms: api.FormLimits{
			Window:         e.duration("DOTA_FORM_WINDOW", api.DefaultFormWindow),
			PerAddress:     e.int("DOTA_FORM_MAX_PER_IP", api.DefaultFormPerAddress),
			ChallengeAfter: e.int("DOTA_FORM_CHALLENGE_AFTER", api.DefaultFormChallengeAfter),
			PerContact:     e.int("DOTA_FORM_MAX_PER_CONTACT", api.DefaultFormPerContact),
			Challenge: api.ChallengeConfig{
				Key:       e.str("DOTA_CHALLENGE_KEY", ""),
				MaxNumber: int64(e.int("DOTA_CHALLENGE_MAX_NUMBER", api.DefaultChallengeMaxNumber)),
				TTL:       e.duration("DOTA_CHALLENGE_TTL", api.DefaultChallengeTTL),
			},
		},
	}
	c.Backup.DatabaseURL = c.DatabaseURL
	if c.Backup.Keep < 1 {
		e.fail("DOTA_BACKUP_KEEP", fmt.Errorf("at least 1"))
	}
	if c.Forms.Challenge.Key == "" {
		c.Forms.Challenge.Key, c.ChallengeKeyGenerated = api.NewChallengeKey(), true
	} else if len(c.Forms.Challenge.Key) < 32 {
		e.fail("DOTA_CHALLENGE_KEY", fmt.Errorf("at least 32 characters (openssl rand -hex 32)"))
	}
	if c.Forms.Challenge.MaxNumber < 1000 || c.Forms.Challenge.MaxNumber > 10_000_000 {
		e.fail("DOTA_CHALLENGE_MAX_NUMBER", fmt.Errorf("between 1000 and 10000000"))
	}
	var err error
	if c.TrustedProxies, err = api.ParseTrustedProxies(e.str("DOTA_TRUSTED_PROXIES", "")); err != nil {
		e.fail("DOTA_TRUSTED_PROXIES", err)
	}
	if c.OfficeHours, err = booking.ParseOfficeHours(e.str("DOTA_OFFICE_HOURS", booking.DefaultOfficeHours)); err != nil {
		e.fail("DOTA_OFFICE_HOURS", err)
	}
	if c.PublicURL, err = api.ParsePublicURL(e.str("DOTA_PUBLIC_URL", api.DefaultPublicURL)); err != nil {
		e.fail("DOTA_PUBLIC_URL", err)
	}
	c.Calendars.PublicURL = c.PublicURL
	if v := e.str("DOTA_CALENDAR_ALLOW_PRIVATE", "false"); v != "true" && v != "false" {
		e.fail("DOTA_CALENDAR_ALLOW_PRIVATE", fmt.Errorf("true or false"))
	}
	if c.VideoRooms, err = booking.NewJitsiRooms(e.str("DOTA_VIDEO_BASE_URL", booking.DefaultVideoBaseURL)); err != nil {
		e.fail("DOTA_VIDEO_BASE_URL", err)
	}
	if v := e.str("DOTA_TRUST_PROXY", "false"); v != "false" && v != "0" {
		// It trusted every address; starting as if it were still read would either trust
		// nobody (every visitor sharing the balancer's limits) or everybody.
		e.fail("DOTA_TRUST_PROXY", fmt.Errorf("no longer read: name the proxies' networks in DOTA_TRUSTED_PROXIES "+
			"(e.g. 10.0.0.0/8) and the site's address in DOTA_PUBLIC_URL"))
	}
	if c.SMTPURL != "" {
		if _, err := mail.ParseURL(c.SMTPURL); err != nil {
			e.fail("DOTA_SMTP_URL", err)
		}
	}
	if _, err := mail.NewRenderer(c.MailFrom, c.PublicURL); c.PublicURL != "" && err != nil {
		e.fail("DOTA_MAIL_FROM", err)
	}
	if (c.VAPIDPublicKey == "") != (c.VAPIDPrivateKey == "") {
		e.fail("DOTA_VAPID_PRIVATE_KEY", fmt.Errorf("set both VAPID keys or neither (dota vapid prints a pair)"))
	} else if c.VAPIDPublicKey != "" {
		if _, err := alerts.NewWebPush(c.VAPIDPublicKey, c.VAPIDPrivateKey, ""); err != nil {
			e.fail("DOTA_VAPID_PUBLIC_KEY", err)
		}
	}
	if c.Jobs.Workers < 1 || c.Jobs.Workers > 1000 {
		e.fail("DOTA_JOB_WORKERS", fmt.Errorf("between 1 and 1000"))
	}
	if c.Jobs.RescueAfter < 2*time.Second {
		e.fail("DOTA_JOB_RESCUE_AFTER", fmt.Errorf("at least 2s; one attempt may take half of it, up to 1m"))
	}
	if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
		e.fail("DOTA_METRICS_ADDR", fmt.Errorf("want host:port, such as %s or :9464", DefaultMetricsAddr))
	}
	if err := c.LogLevel.UnmarshalText([]byte(e.str("DOTA_LOG_LEVEL", "info"))); err != nil {
		e.fail("DOTA_LOG_LEVEL", err)
	}
	switch c.LogFormat {
	case "auto", "text", "json":
	default:
		e.fail("DOTA_LOG_FORMAT", fmt.Errorf("want auto, text or json"))
	}
	if c.MaxBodyBytes < 1024 {
		e.fail("DOTA_MAX_BODY_BYTES", fmt.Errorf("at least 1024"))
	}
	for key, n := range map[string]int{"DOTA_AI_QUEUE_MAX": c.AIQueueMax, "DOTA_AI_BUDGET_PER_MINUTE": c.AIBudgetPerMinute,
		"DOTA_AI_VISITOR_SHARE": c.AIVisitorShare, "DOTA_CHAT_SESSION_RATE": c.ChatSessionRate, "DOTA_CHAT_IP_RATE": c.ChatIPRate,
		"DOTA_CHAT_IP_OPEN_RATE": c.ChatIPOpenRate, "DOTA_CHAT_STREAMS_PER_IP": c.ChatStreamsPerIP,
		"DOTA_CHAT_STREAMS_PER_REPLICA": c.ChatStreamsPerReplica, "DOTA_LOGIN_MAX_PER_IP": c.LoginPerIP,
		"DOTA_LOGIN_MAX_PER_EMAIL":   c.LoginPerEmail,
		"DOTA_LOGIN_MAX_PER_ACCOUNT": c.LoginPerAccount,
		"DOTA_FORM_MAX_PER_IP":       c.Forms.PerAddress, "DOTA_FORM_CHALLENGE_AFTER": c.Forms.ChallengeAfter,
		"DOTA_FORM_MAX_PER_CONTACT": c.Forms.PerContact} {
		if n < 1 {
			e.fail(key, fmt.Errorf("at least 1"))
		}
	}
	if c.SessionIdle > c.SessionAbsolute {
		e.fail("DOTA_SESSION_IDLE", fmt.Errorf("at most DOTA_SESSION_ABSOLUTE"))
	}
	if c.DBMaxConns < 2 {
		e.fail("DOTA_DB_MAX_CONNS", fmt.Errorf("at least 2"))
	}
	return c, e.err()
}

// envReader reads typed variables and collects every problem, so one start reports all.
type envReader struct{ problems []string }

func (e *envReader) str(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return def
}

func (e *envReader) int(key string, def int) int {
	v := e.str(key, "")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		e.fail(key, err)
		return def
	}
	return n
}

func (e *envReader) duration(key string, def time.Duration) time.Duration {
	v := e.str(key, "")
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		e.fail(key, fmt.Errorf("want a positive duration such as 15s"))
		return def
	}
	return d
}

// bytes reads a size: a whole number of B, KiB, MiB or GiB ("56MiB"), or 0.
func (e *envReader) bytes(key string, def int64) int64 {
	v := e.str(key, "")
	if v == "" {
		return def
	}
	units := []struct {
		suffix string
		n      int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(v, u.suffix); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
			if err == nil && n >= 0 {
				return n * u.n
			}
		}
	}
	if v == "0" {
		return 0
	}
	e.fail(key, fmt.Errorf("want a size such as 56MiB or 1GiB, or 0"))
	return def
}

func (e *envReader) fail(key string, err error) {
	e.problems = append(e.problems, key+": "+err.Error())
}

func (e *envReader) err() error {
	if len(e.problems) == 0 {
		return nil
	}
	return fmt.Errorf("invalid configuration:\n  %s", strings.Join(e.problems, "\n  "))
}

func newLogger(c config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	format := c.LogFormat
	if format == "auto" {
		format = "json"
		if st, err := os.Stderr.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			format = "text"
		}
	}
	if format == "text" {
		return slog.New(slog.NewTextHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, opts))
}
