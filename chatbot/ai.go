package chatbot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"google.golang.org/genai"
)

// Generator writes an answer to a prompt. Gemini is the production one.
type Generator interface {
	Generate(ctx context.Context, prompt string) (string, error)
}

// Gemini's generation settings, from the specification.
const (
	aiTemperature     = 0.7
	aiMaxOutputTokens = 150
	// Startup connection test: up to probeAttempts tries of DefaultAIConnectTimeout,
	// waiting probeBackoff times the attempt number between them.
	probeAttempts = 3
	probeBackoff  = 2 * time.Second
)

// GeminiConfig configures the Gemini client.
type GeminiConfig struct {
	APIKey  string
	Model   string // DefaultModel when empty
	BaseURL string // the public endpoint when empty; tests and proxies set it
	// ConnectTimeout bounds the startup connection test (DefaultAIConnectTimeout).
	ConnectTimeout time.Duration
}

// Gemini answers through Google's Gen AI SDK (google.golang.org/genai).
type Gemini struct {
	client *genai.Client
	model  string
	cfg    GeminiConfig
}

// ErrAIEmpty means Gemini answered with no usable text.
var ErrAIEmpty = errors.New("gemini: empty answer")

// NewGemini builds the client; it makes no call.
func NewGemini(ctx context.Context, cfg GeminiConfig) (*Gemini, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("gemini: no API key")
	}
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultAIConnectTimeout
	}
	c, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      cfg.APIKey,
		Backend:     genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: cfg.BaseURL},
	})
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	return &Gemini{client: c, model: cfg.Model, cfg: cfg}, nil
}

// Generate asks the model for a short answer. The caller's context bounds the call.
func (g *Gemini) Generate(ctx context.Context, prompt string) (string, error) {
	res, err := g.client.Models.GenerateContent(ctx, g.model, genai.Text(prompt), &genai.GenerateContentConfig{
		Temperature:     genai.Ptr[float32](aiTemperature),
		MaxOutputTokens: aiMaxOutputTokens,
		// Flash models think by default, and thinking would eat the 150-token budget.
		ThinkingConfig: &genai.ThinkingConfig{ThinkingBudget: genai.Ptr[int32](0)},
	})
	if err != nil {
		return "", err
	}
	t := strings.TrimSpace(res.Text())
	if t == "" {
		return "", ErrAIEmpty
	}
	return t, nil
}

// Probe is the startup connection test: one tiny call within the connect time-out.
func (g *Gemini) Probe(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, g.cfg.ConnectTimeout)
	defer cancel()
	_, err := g.Generate(ctx, "Reply with the single word OK.")
	return err
}

// StartProbe runs the connection test in the background, retrying as the specification
// says, and records the outcome in dota_ai_up. It never delays serving: until Gemini
// answers, and whenever it fails, Dota answers from its rules.
func (g *Gemini) StartProbe(ctx context.Context, log *slog.Logger) {
	go func() {
		for attempt := 1; attempt <= probeAttempts; attempt++ {
			err := g.Probe(ctx)
			if err == nil {
				aiUp.Set(1)
				log.Info("gemini: connection test passed", "model", g.model)
				return
			}
			aiUp.Set(0)
			log.Warn("gemini: connection test failed; answering from rules meanwhile",
				"attempt", attempt, "of", probeAttempts, "err", err)
			if attempt == probeAttempts {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(probeBackoff * time.Duration(attempt)):
			}
		}
	}()
}

// aiOutcome names how an AI call ended, for metrics.
func aiOutcome(ctx context.Context, err error) string {
	var apiErr genai.APIError
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil:
		return "timeout"
	case errors.As(err, &apiErr) && apiErr.Code == 429:
		return "rate_limited"
	case errors.Is(err, ErrAIEmpty):
		return "empty"
	default:
		return "error"
	}
}

// prompt is what Gemini is asked: the agency's facts, the service names, the reply
// language, the word limit and the visitor's message.
func (e *Engine) prompt(lang, message string, cat catalogueData) string {
	names := serviceList(lang, cat.Services)
	language := map[string]string{"fr": "French", "en": "English", "ar": "Arabic"}[lang]
	var b strings.Builder
	st := agency()
	a := st.Agency
	lo, hi := a.PriceRange()
	fmt.Fprintf(&b, "You are Dota, the friendly assistant of %s, a digital agency at %s, founded in %d (%d+ years of experience, %d+ projects, %d+ clients).\n",
		st.SiteName, a.Address.Line(), a.FoundedYear, YearsOfExperience(e.now()), a.ProjectsDelivered, a.ClientsServed)
	fmt.Fprintf(&b, "Services: %s.\n", names)
	fmt.Fprintf(&b, "Facts: opening hours %s; appointment slots 9:00-12:00 and 14:00-17:00; prices from %d to %d %s; staff confirm requests, and a confirmation email with a link to move or cancel goes out at once when the visitor gave an email; email %s; phone %s; small projects take 2-4 weeks, larger ones several months.\n",
		hoursText("en", a.Hours), lo, hi, a.Currency, st.Email(), strings.Join(a.Phones, " or "))
	fmt.Fprintf(&b, "Answer in %s, in at most %d words, plainly, without markdown or links. Do not invent prices, dates or facts not listed; if unsure, suggest booking an appointment or contacting the agency.\n",
		language, MaxAnswerWords)
	fmt.Fprintf(&b, "Visitor's message: %q\n", message)
	return b.String()
}

// clip keeps an AI answer safe to show: sanitized and at most MaxAnswerWords words.
func clip(answer string) string {
	w := strings.Fields(Sanitize(strings.ReplaceAll(answer, "*", "")))
	if len(w) > MaxAnswerWords {
		w = append(w[:MaxAnswerWords], "…")
	}
	return strings.Join(w, " ")
}
