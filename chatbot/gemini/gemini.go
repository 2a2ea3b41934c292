// Package gemini is the chat's use of Gemini: the client that answers a free question and
// reads a message's fields as structured output (Google's Gen AI SDK), the queue and the
// budget every replica's calls go through, and the reply cache.
package gemini

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"google.golang.org/genai"
)

// Generator writes an answer to a prompt. Client is the production one.
type Generator interface {
	Generate(ctx context.Context, prompt string) (string, error)
}

// Gemini's generation settings, from the specification.
const (
	aiTemperature     = 0.7
	aiMaxOutputTokens = 150
	// Startup connection test: up to probeAttempts tries of the connect time-out,
	// waiting probeBackoff times the attempt number between them.
	probeAttempts = 3
	probeBackoff  = 2 * time.Second
)

// Defaults of Config.
const (
	DefaultModel          = "gemini-2.5-flash"
	DefaultConnectTimeout = 5 * time.Second
)

// Config configures the Gemini client.
type Config struct {
	APIKey  string
	Model   string // DefaultModel when empty
	BaseURL string // the public endpoint when empty; tests and proxies set it
	// ConnectTimeout bounds the startup connection test (DefaultConnectTimeout).
	ConnectTimeout time.Duration
}

// Client answers through Google's Gen AI SDK (google.golang.org/genai).
type Client struct {
	client *genai.Client
	model  string
	cfg    Config
}

// ErrEmpty means Gemini answered with no usable text.
var ErrEmpty = errors.New("gemini: empty answer")

// New builds the client; it makes no call.
func New(ctx context.Context, cfg Config) (*Client, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("gemini: no API key")
	}
	if cfg.Model == "" {
		cfg.Model = DefaultModel
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = DefaultConnectTimeout
	}
	c, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey:      cfg.APIKey,
		Backend:     genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: cfg.BaseURL},
	})
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	return &Client{client: c, model: cfg.Model, cfg: cfg}, nil
}

// Generate asks the model for a short answer. The caller's context bounds the call.
func (g *Client) Generate(ctx context.Context, prompt string) (string, error) {
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
		return "", ErrEmpty
	}
	return t, nil
}

// Probe is the startup connection test: one tiny call within the connect time-out.
func (g *Client) Probe(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, g.cfg.ConnectTimeout)
	defer cancel()
	_, err := g.Generate(ctx, "Reply with the single word OK.")
	return err
}

// StartProbe runs the connection test in the background, retrying as the specification
// says, and records the outcome in dota_ai_up. It never delays serving: until Gemini
// answers, and whenever it fails, Dota answers from its rules.
func (g *Client) StartProbe(ctx context.Context, log *slog.Logger) {
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

// outcomeOf names how an AI call ended, for metrics.
func outcomeOf(ctx context.Context, err error) string {
	var apiErr genai.APIError
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil:
		return "timeout"
	case errors.As(err, &apiErr) && apiErr.Code == 429:
		return "rate_limited"
	case errors.Is(err, ErrEmpty):
		return "empty"
	default:
		return "error"
	}
}
