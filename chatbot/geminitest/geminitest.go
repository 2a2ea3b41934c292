// Package geminitest is a local stand-in for the Gemini API, for tests: the real
// google.golang.org/genai client is pointed at it through HTTPOptions.BaseURL, and it
// answers, fails, returns garbage or stalls, as the test asks.
package geminitest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Modes of the fake server.
const (
	Answer      = "answer"       // a generateContent response with Reply
	Fail        = "fail"         // 500 INTERNAL
	RateLimited = "rate_limited" // 429 RESOURCE_EXHAUSTED
	Garbage     = "garbage"      // 200 with a body that is not JSON
	Empty       = "empty"        // 200 with no candidate
	Stall       = "stall"        // never answers; waits for the caller to give up
)

// Server is the fake Gemini API.
type Server struct {
	*httptest.Server
	mu      sync.Mutex
	mode    string
	reply   string
	calls   atomic.Int64
	prompts []string
}

// New starts a fake server answering with reply; it stops when the test ends.
func New(t testing.TB, reply string) *Server {
	s := &Server{mode: Answer, reply: reply}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// SetMode changes how the server answers from now on.
func (s *Server) SetMode(mode string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mode = mode
}

// Calls is how many generateContent requests arrived.
func (s *Server) Calls() int64 { return s.calls.Load() }

// LastPrompt is the text of the latest request.
func (s *Server) LastPrompt() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.prompts) == 0 {
		return ""
	}
	return s.prompts[len(s.prompts)-1]
}

type request struct {
	Contents []struct {
		Parts []struct {
			Text string `json:"text"`
		} `json:"parts"`
	} `json:"contents"`
	GenerationConfig struct {
		Temperature     float64 `json:"temperature"`
		MaxOutputTokens int     `json:"maxOutputTokens"`
	} `json:"generationConfig"`
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, ":generateContent") {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("x-goog-api-key") == "" {
		writeError(w, http.StatusUnauthorized, "UNAUTHENTICATED")
		return
	}
	var req request
	_ = json.NewDecoder(r.Body).Decode(&req)
	s.calls.Add(1)
	s.mu.Lock()
	mode, reply := s.mode, s.reply
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			s.prompts = append(s.prompts, p.Text)
		}
	}
	s.mu.Unlock()
	switch mode {
	case Fail:
		writeError(w, http.StatusInternalServerError, "INTERNAL")
	case RateLimited:
		writeError(w, http.StatusTooManyRequests, "RESOURCE_EXHAUSTED")
	case Garbage:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"candidates": [ {"content": `))
	case Empty:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"candidates": [], "modelVersion": "gemini-2.5-flash"}`))
	case Stall:
		<-r.Context().Done()
	default:
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"candidates": []any{map[string]any{
				"content":      map[string]any{"role": "model", "parts": []any{map[string]any{"text": reply}}},
				"finishReason": "STOP",
				"index":        0,
			}},
			"usageMetadata": map[string]any{"promptTokenCount": 120, "candidatesTokenCount": 20, "totalTokenCount": 140},
			"modelVersion":  "gemini-2.5-flash",
			"responseId":    "fake-1",
		})
	}
}

func writeError(w http.ResponseWriter, code int, status string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": status, "status": status}})
}
