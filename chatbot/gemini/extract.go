package gemini

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"google.golang.org/genai"
)

// Extracted are the fields Gemini read in a message; empty when absent.
type Extracted struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Service string `json:"service"`
	Day     string `json:"day"`  // as the visitor wrote it, or YYYY-MM-DD
	Hour    string `json:"hour"` // HH:MM
}

// Extractor reads the fields of a message. Client is the production one.
type Extractor interface {
	Extract(ctx context.Context, prompt string) (Extracted, error)
}

// extractSchema is the JSON schema of Extracted, the structured output Gemini returns.
var extractSchema = &genai.Schema{
	Type: genai.TypeObject,
	Properties: map[string]*genai.Schema{
		"name":    {Type: genai.TypeString, Description: "the person's full name, if they give it"},
		"email":   {Type: genai.TypeString, Description: "their e-mail address"},
		"phone":   {Type: genai.TypeString, Description: "their phone number, digits as written"},
		"service": {Type: genai.TypeString, Description: "the service they want, as one of the given names"},
		"day":     {Type: genai.TypeString, Description: "the day they want, YYYY-MM-DD"},
		"hour":    {Type: genai.TypeString, Description: "the hour they want, HH:MM, 24-hour"},
	},
}

// Extract asks the model for the fields of a message, as JSON.
func (g *Client) Extract(ctx context.Context, prompt string) (Extracted, error) {
	var out Extracted
	res, err := g.client.Models.GenerateContent(ctx, g.model, genai.Text(prompt), &genai.GenerateContentConfig{
		Temperature:      genai.Ptr[float32](0),
		MaxOutputTokens:  aiMaxOutputTokens,
		ResponseMIMEType: "application/json",
		ResponseSchema:   extractSchema,
		ThinkingConfig:   &genai.ThinkingConfig{ThinkingBudget: genai.Ptr[int32](0)},
	})
	if err != nil {
		return out, err
	}
	text := strings.TrimSpace(res.Text())
	if text == "" {
		return out, ErrEmpty
	}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return out, fmt.Errorf("gemini: extraction is not the schema's JSON: %w", err)
	}
	return out, nil
}
