package api_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/dota-agency/dota/api"
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot"
	"github.com/dota-agency/dota/chatbot/gemini"
	"github.com/dota-agency/dota/chatbot/geminitest"
	"github.com/dota-agency/dota/migrations/testdb"
)

// chatServer is one replica serving the chat, on the shared database and the given Redis.
func chatServer(t *testing.T, rdb *redis.Client, prefix string, cfg chatbot.Config, opts ...chatbot.Option) *httptest.Server {
	t.Helper()
	clock := func() time.Time { return now }
	core := booking.New(pool, booking.WithClock(clock))
	cfg.RedisPrefix = prefix
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	opts = append([]chatbot.Option{chatbot.WithClock(clock), chatbot.WithLogger(log)}, opts...)
	engine := closedAtEnd(t, chatbot.New(core, pool, rdb, cfg, opts...))
	srv := httptest.NewServer(contractChecked(t, api.New(api.Deps{Booking: core, Chat: engine, DB: pool, Redis: rdb,
		Web: webApp, Logger: log})))
	t.Cleanup(srv.Close)
	return srv
}

// conversation drives the chat routes like the widget does, over one or several replicas.
type conversation struct {
	t        *testing.T
	replicas []*httptest.Server
	turn     int
	id       string
	last     response
}

func (c *conversation) next() string {
	srv := c.replicas[c.turn%len(c.replicas)]
	c.turn++
	return srv.URL
}

func (c *conversation) start(lang string) {
	c.t.Helper()
	r := do(c.t, "POST", c.next()+"/api/chat/sessions", map[string]string{"lang": lang})
	if r.Status != http.StatusCreated {
		c.t.Fatalf("start: %d %s", r.Status, r.Raw)
	}
	c.id, _ = r.Body["session_id"].(string)
	c.last = r
}

// say sends a message and checks the step it leads to and a text the bot's answer holds.
func (c *conversation) say(text, step, want string) {
	c.t.Helper()
	r := do(c.t, "POST", c.next()+"/api/chat/sessions/"+c.id+"/messages", map[string]string{"text": text})
	if r.Status != http.StatusOK {
		c.t.Fatalf("say %q: %d %s", text, r.Status, r.Raw)
	}
	c.last = r
	if got := r.Body["step"]; got != step {
		c.t.Fatalf("say %q: step %v, want %s; bot: %s", text, got, step, c.botText())
	}
	if !strings.Contains(c.botText(), want) {
		c.t.Fatalf("say %q: bot said %q, want %q", text, c.botText(), want)
	}
}

func (c *conversation) botText() string {
	msgs, _ := c.last.Body["messages"].([]any)
	parts := []string{}
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		if mm["sender"] != "bot" || mm["id"] == "" || mm["timestamp"] == "" {
			c.t.Fatalf("message %v", mm)
		}
		parts = append(parts, mm["text"].(string))
	}
	return strings.Join(parts, "\n")
}

func TestChatBooksInEveryLanguage(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	one := chatServer(t, rdb, prefix, chatbot.Config{})
	two := chatServer(t, rdb, prefix, chatbot.Config{})
	scripts := []struct {
		lang     string
		replicas []*httptest.Server
		turns    [][3]string // message, step, expected text
		date     string
	}{
		{"fr", []*httptest.Server{one}, [][3]string{
			{"Bonjour, quels sont vos tarifs ?", "greeting", "5 000 à 50 000 DZD"},
			{"oui", "name", "nom complet"},
			{"Amine Benali", "email", "Enchanté, Amine Benali"},
			{"amine@atlas.dz", "phone", "téléphone"},
			{"0555 12 34 56", "company", "entreprise"},
			{"Atlas Import", "service", "Quel service"},
			{"application mobile", "date", "Quel jour"},
			{"mercredi", "time", "mercredi 25 novembre 2026"},
			{"14h", "confirm", "Je confirme"},
			{"oui", "booked", "C'est noté"},
		}, "2026-11-25"},
		// English, with every message going to the other replica.
		{"en", []*httptest.Server{one, two}, [][3]string{
			{"I'd like to book an appointment", "name", "full name"},
			{"Sarah O'Neil", "email", "Nice to meet you"},
			{"Sarah@Example.com", "phone", "phone number"},
			{"+44 20 7946 0958", "company", "company"},
			{"skip", "service", "Which service"},
			{"AI chatbot", "date", "Which day"},
			{"25/11/2026 at 3 pm", "confirm", "Wednesday 25 November 2026 at 15:00"},
			{"yes", "booked", "awaiting confirmation"},
		}, "2026-11-25"},
		{"ar", []*httptest.Server{two, one}, [][3]string{
			{"نعم", "name", "اسمك"},
			{"محمد أمين", "email", "بريدك"},
			{"mohamed@example.dz", "phone", "هاتفك"},
			{"0661 22 33 44", "company", "شركتك"},
			{"تخطي", "service", "الخدمة"},
			{"تصوير فيديو", "date", "أي يوم"},
			{"الخميس الساعة 9", "confirm", "الخميس 26 نوفمبر 2026"},
			{"نعم", "booked", "تم"},
		}, "2026-11-26"},
	}
	for _, s := range scripts {
		t.Run(s.lang, func(t *testing.T) {
			c := &conversation{t: t, replicas: s.replicas}
			c.start(s.lang)
			for _, turn := range s.turns {
				c.say(turn[0], turn[1], turn[2])
			}
			id, _ := c.last.Body["appointment_id"].(string)
			var status, dash, source, lang, date string
			err := pool.QueryRow(context.Background(), `SELECT status, status_dashboard, source, language,
				to_char(date, 'YYYY-MM-DD') FROM appointments WHERE id = $1`, id).Scan(&status, &dash, &source, &lang, &date)
			if err != nil || status != "pending" || dash != "new" || source != "chat" || lang != s.lang || date != s.date {
				t.Fatalf("appointment %q: %v %s %s %s %s %s", id, err, status, dash, source, lang, date)
			}
			var users, bots int
			err = pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE sender = 'user'),
				count(*) FILTER (WHERE sender = 'bot') FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id
				WHERE c.appointment_id = $1 AND c.session_id = $2`, id, c.id).Scan(&users, &bots)
			if err != nil || users != len(s.turns) || bots < len(s.turns)+1 {
				t.Fatalf("transcript: %d user and %d bot messages, %v", users, bots, err)
			}
			// A reload shows the whole conversation, from any replica.
			r := do(t, "GET", two.URL+"/api/chat/sessions/"+c.id, nil)
			msgs, _ := r.Body["messages"].([]any)
			collected, _ := r.Body["collected"].(map[string]any)
			if r.Status != http.StatusOK || r.Body["step"] != "booked" || r.Body["lang"] != s.lang ||
				len(msgs) != users+bots || collected["date"] != s.date {
				t.Fatalf("GET session: %d %s", r.Status, r.Raw)
			}
		})
	}
}

func TestChatSessionsAndErrors(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	srv := chatServer(t, rdb, prefix, chatbot.Config{SessionMessageLimit: 3})

	r := do(t, "POST", srv.URL+"/api/chat/sessions/0123456789abcdef0123456789abcdef/messages", map[string]string{"text": "hello", "lang": "en"})
	id, _ := r.Body["session_id"].(string)
	if r.Status != http.StatusOK || len(id) != 32 || id == "0123456789abcdef0123456789abcdef" || r.Body["new_session"] != true {
		t.Fatalf("unknown session: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "GET", srv.URL+"/api/chat/sessions/unknown", nil); r.Status != http.StatusNotFound || errorCode(r) != "not_found" {
		t.Fatalf("GET unknown: %d %s", r.Status, r.Raw)
	}
	if r := do(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", `{"text": 5}`); r.Status != http.StatusBadRequest {
		t.Fatalf("bad body: %d %s", r.Status, r.Raw)
	}
	// The budget is 3 a minute; a few more messages cover a minute boundary passing meanwhile.
	var last response
	for range 8 {
		last = do(t, "POST", srv.URL+"/api/chat/sessions/"+id+"/messages", map[string]string{"text": "merci"})
		if last.Status == http.StatusTooManyRequests {
			break
		}
	}
	if last.Status != http.StatusTooManyRequests || errorCode(last) != "rate_limited" || last.Header.Get("Retry-After") == "" {
		t.Fatalf("rate limit: %d %v %s", last.Status, last.Header, last.Raw)
	}

	// Redis down: the chat says so instead of failing obscurely.
	opt, _ := redis.ParseURL(testdb.RedisURL())
	opt.Addr = "127.0.0.1:1"
	opt.MaxRetries = -1
	opt.DialTimeout = 200 * time.Millisecond
	down := redis.NewClient(opt)
	t.Cleanup(func() { down.Close() })
	dsrv := chatServer(t, down, prefix, chatbot.Config{})
	if r := do(t, "POST", dsrv.URL+"/api/chat/sessions", map[string]string{"lang": "fr"}); r.Status != http.StatusServiceUnavailable || errorCode(r) != "unavailable" {
		t.Fatalf("redis down: %d %s", r.Status, r.Raw)
	}
}

func TestChatGeminiAnswersAndFallsBack(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	fake := geminitest.New(t, "Yes, we can also run your Instagram page: content calendar, visuals and monthly reports.")
	g, err := gemini.New(context.Background(), gemini.Config{APIKey: "test-key", BaseURL: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	const timeout = 500 * time.Millisecond
	srv := chatServer(t, rdb, prefix, chatbot.Config{AITimeout: timeout, AIQueueInterval: time.Millisecond}, chatbot.WithAI(g))
	c := &conversation{t: t, replicas: []*httptest.Server{srv}}
	c.start("en")
	c.say("Could you run my Instagram page?", "greeting", "content calendar")

	metrics := func() float64 { return counterValue(t, "dota_chat_messages_total", "en", "fallback") }
	for _, mode := range []string{geminitest.Fail, geminitest.Stall} {
		fake.SetMode(mode)
		before := metrics()
		began := time.Now()
		c.say("Could you print my "+mode+" flyers?", "greeting", "I don't have a precise answer")
		if took := time.Since(began); took > timeout+5*time.Second {
			t.Fatalf("%s: fallback after %v", mode, took)
		}
		if after := metrics(); after != before+1 {
			t.Fatalf("%s: dota_chat_messages_total{source=fallback} %v → %v", mode, before, after)
		}
	}
	// The counter is exposed on /metrics under its contract name.
	r := do(t, "GET", metricsServer(t)+"/metrics", nil)
	if !strings.Contains(string(r.Raw), `dota_chat_messages_total{lang="en",source="fallback"}`) {
		t.Fatal("metric missing from /metrics")
	}
}

// counterValue reads a counter of the default registry by its label values.
func counterValue(t *testing.T, name string, labels ...string) float64 {
	t.Helper()
	families, err := prometheus.DefaultGatherer.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	next:
		for _, m := range f.GetMetric() {
			for i, l := range m.GetLabel() {
				if i >= len(labels) || l.GetValue() != labels[i] {
					continue next
				}
			}
			return m.GetCounter().GetValue()
		}
	}
	return 0
}

// TestChatReplyPlacesTheVisitorsMessage follows a conversation as the widget does, from
// the replies alone: the greeting, then for each turn the visitor's message as the reply
// numbers it and Dota's new messages. What it gathers is the conversation the server
// keeps, in the same order, as a reload reads it back.
func TestChatReplyPlacesTheVisitorsMessage(t *testing.T) {
	rdb, prefix := testdb.Redis(t)
	srv := chatServer(t, rdb, prefix, chatbot.Config{})
	c := &conversation{t: t, replicas: []*httptest.Server{srv}}
	c.start("en")
	type line struct{ id, sender, text string }
	lines := func(v any) []line {
		var out []line
		msgs, _ := v.([]any)
		for _, m := range msgs {
			mm, _ := m.(map[string]any)
			id, _ := mm["id"].(string)
			sender, _ := mm["sender"].(string)
			text, _ := mm["text"].(string)
			out = append(out, line{id, sender, text})
		}
		return out
	}
	seen := lines(c.last.Body["messages"])
	for _, turn := range [][3]string{
		{"  I'd like to book an appointment  ", "name", "full name"},
		{"Sarah O'Neil", "email", "Nice to meet you"},
		{"sarah@example.com", "phone", "phone number"},
		{"+44 20 7946 0958", "company", "company"},
		{"skip", "service", "Which service"},
		{"AI chatbot", "date", "Which day"},
		{"02/12/2026 at 2 pm", "confirm", "Wednesday 2 December 2026 at 14:00"},
		{"yes", "booked", "awaiting confirmation"},
		{"thanks", "booked", ""},
	} {
		c.say(turn[0], turn[1], turn[2])
		sent := lines([]any{c.last.Body["user_message"]})
		if len(sent) != 1 || sent[0].sender != "user" || sent[0].text != strings.TrimSpace(turn[0]) || sent[0].id == "" {
			t.Fatalf("say %q: the reply's user_message is %v", turn[0], c.last.Body["user_message"])
		}
		seen = append(append(seen, sent...), lines(c.last.Body["messages"])...)
	}
	r := do(t, "GET", srv.URL+"/api/chat/sessions/"+c.id, nil)
	stored := lines(r.Body["messages"])
	if r.Status != http.StatusOK || !slices.Equal(seen, stored) {
		t.Fatalf("the replies gave\n%v\nthe conversation is\n%v", seen, stored)
	}
	for i := 1; i < len(stored); i++ {
		if a, b := stored[i-1].id, stored[i].id; len(a) > len(b) || len(a) == len(b) && a >= b {
			t.Fatalf("messages numbered out of order: %s before %s", a, b)
		}
	}
}
