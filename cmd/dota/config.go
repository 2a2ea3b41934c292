package main

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/chatbot"
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
	TrustProxy      bool
	DBMaxConns      int32
	RedisPrefix     string
	PprofAddr       string

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
	ChatReplyCacheTTL time.Duration
	ChatCatalogueTTL  time.Duration
	SessionIdle       time.Duration
	SessionAbsolute   time.Duration
	LoginPerIP        int
	LoginPerEmail     int
	LoginWindow       time.Duration
}

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
		TrustProxy:      e.bool("DOTA_TRUST_PROXY", false),
		DBMaxConns:      int32(e.int("DOTA_DB_MAX_CONNS", 20)),
		RedisPrefix:     e.str("DOTA_REDIS_PREFIX", "dota:"),
		PprofAddr:       e.str("DOTA_PPROF_ADDR", ""),

		GeminiModel:       e.str("DOTA_GEMINI_MODEL", chatbot.DefaultModel),
		GeminiBaseURL:     e.str("DOTA_GEMINI_BASE_URL", ""),
		AITimeout:         e.duration("DOTA_AI_TIMEOUT", chatbot.DefaultAITimeout),
		AIQueueInterval:   e.duration("DOTA_AI_QUEUE_INTERVAL", chatbot.DefaultAIQueueInterval),
		AIQueueMax:        e.int("DOTA_AI_QUEUE_MAX", chatbot.DefaultAIQueueMax),
		AIBudgetPerMinute: e.int("DOTA_AI_BUDGET_PER_MINUTE", chatbot.DefaultAIBudgetPerMinute),
		AIVisitorShare:    e.int("DOTA_AI_VISITOR_SHARE", chatbot.DefaultAIVisitorShare),
		ChatSessionTTL:    e.duration("DOTA_CHAT_SESSION_TTL", chatbot.DefaultSessionTTL),
		ChatSessionRate:   e.int("DOTA_CHAT_SESSION_RATE", chatbot.DefaultSessionMessageLimit),
		ChatIPRate:        e.int("DOTA_CHAT_IP_RATE", chatbot.DefaultIPMessageLimit),
		ChatReplyCacheTTL: e.duration("DOTA_CHAT_REPLY_CACHE_TTL", chatbot.DefaultReplyCacheTTL),
		ChatCatalogueTTL:  e.duration("DOTA_CHAT_CATALOGUE_TTL", chatbot.DefaultCatalogueTTL),
		SessionIdle:       e.duration("DOTA_SESSION_IDLE", 2*time.Hour),
		SessionAbsolute:   e.duration("DOTA_SESSION_ABSOLUTE", 12*time.Hour),
		LoginPerIP:        e.int("DOTA_LOGIN_MAX_PER_IP", 20),
		LoginPerEmail:     e.int("DOTA_LOGIN_MAX_PER_EMAIL", 5),
		LoginWindow:       e.duration("DOTA_LOGIN_WINDOW", 15*time.Minute),
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
		"DOTA_LOGIN_MAX_PER_IP": c.LoginPerIP, "DOTA_LOGIN_MAX_PER_EMAIL": c.LoginPerEmail} {
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

func (e *envReader) bool(key string, def bool) bool {
	v := e.str(key, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		e.fail(key, err)
		return def
	}
	return b
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
