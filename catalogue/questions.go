package catalogue

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/i18n"
)

// The questions that matter for a service: asked after it is chosen, by the form and by
// Dota as steps of the booking, checked by the server with ReadAnswer. A small typed
// definition of ours rather than a JSON Schema: four kinds of answer, texts in three
// languages, and one reading shared by the form's check, the chat's steps and the
// booking, with an error code per field in each language's words — which a schema
// validator's messages would not give, and which would still need the chat's reading of
// a choice said in words.

// Question types.
const (
	QuestionChoice = "choice" // one of Options
	QuestionText   = "text"   // a short text
	QuestionURL    = "url"    // a web address
	QuestionNumber = "number" // a number
)

// QuestionTypes lists every type.
var QuestionTypes = []string{QuestionChoice, QuestionText, QuestionURL, QuestionNumber}

// Bounds of a service's questions and of an answer.
const (
	MaxQuestions    = 5
	MaxOptions      = 10
	MaxQuestionLen  = 200 // a question's or an option's text, in one language
	MaxTextAnswer   = 500 // a text answer, in runes
	MaxURLAnswerLen = 300
)

// Question is one question of a service: its text in every language, its type, whether
// an answer is required, and for a choice its options.
type Question struct {
	ID       string    `json:"id"`
	Type     string    `json:"type"`
	Required bool      `json:"required"`
	Text     Localized `json:"text"`
	Options  []Choice  `json:"options,omitempty"`
}

// Choice is one answer a choice question offers: the value stored, and its label per language.
type Choice struct {
	Value string    `json:"value"`
	Label Localized `json:"label"`
}

// QuestionView is a question in one language, as the form draws it.
type QuestionView struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"`
	Required bool         `json:"required"`
	Text     string       `json:"text"`
	Options  []OptionView `json:"options"`
}

// OptionView is an option in one language.
type OptionView struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// In resolves the question for lang.
func (q Question) In(lang string) QuestionView {
	v := QuestionView{ID: q.ID, Type: q.Type, Required: q.Required, Text: q.Text.In(lang), Options: []OptionView{}}
	for _, o := range q.Options {
		v.Options = append(v.Options, OptionView{Value: o.Value, Label: o.Label.In(lang)})
	}
	return v
}

// questionsIn resolves questions for lang; an empty list for none.
func questionsIn(qs []Question, lang string) []QuestionView {
	out := make([]QuestionView, 0, len(qs))
	for _, q := range qs {
		out = append(out, q.In(lang))
	}
	return out
}

// CheckQuestions validates a service's questions as staff wrote them, naming each field at
// fault ("questions.1.text.ar"), and returns them cleaned: texts trimmed, a new question
// or option given its id, an option list only for a choice.
func CheckQuestions(in []Question) ([]Question, error) {
	v := &ValidationError{}
	if len(in) > MaxQuestions {
		v.Add("questions", "questions_max")
		return nil, v
	}
	out := make([]Question, 0, len(in))
	seen := map[string]bool{}
	for i, q := range in {
		at := fmt.Sprintf("questions.%d.", i)
		q.ID = strings.TrimSpace(q.ID)
		if q.ID == "" || !idChars.MatchString(q.ID) || seen[q.ID] {
			q.ID = newID()
		}
		seen[q.ID] = true
		if !isQuestionType(q.Type) {
			v.Add(at+"type", "invalid_option")
		}
		q.Text = checkTexts(v, at+"text", q.Text)
		if q.Type != QuestionChoice {
			q.Options = nil
		} else {
			if len(q.Options) < 2 || len(q.Options) > MaxOptions {
				v.Add(at+"options", "options_count")
			}
			values := map[string]bool{}
			for j, o := range q.Options {
				o.Value = strings.TrimSpace(o.Value)
				if o.Value == "" || !idChars.MatchString(o.Value) || values[o.Value] {
					o.Value = newID()
				}
				values[o.Value] = true
				o.Label = checkTexts(v, fmt.Sprintf("%soptions.%d.label", at, j), o.Label)
				q.Options[j] = o
			}
		}
		out = append(out, q)
	}
	return out, v.OrNil()
}

// checkTexts requires a text in each of the product's languages, each at most
// MaxQuestionLen runes, and returns them trimmed.
func checkTexts(v *ValidationError, field string, l Localized) Localized {
	out := Localized{}
	for _, lang := range i18n.Languages {
		t := strings.Join(strings.Fields(l[lang]), " ")
		switch {
		case t == "":
			v.Add(field+"."+lang, "question_text_required")
		case utf8.RuneCountInString(t) > MaxQuestionLen:
			v.Add(field+"."+lang, "too_long")
		}
		out[lang] = t
	}
	return out
}

var idChars = regexp.MustCompile(`^[a-z0-9_-]{1,32}$`)

func newID() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func isQuestionType(t string) bool {
	for _, q := range QuestionTypes {
		if q == t {
			return true
		}
	}
	return false
}

// SetServiceQuestions replaces the questions of the service slug; bookings already made
// keep the answers they gave, with the questions as they were asked.
func (s *Store) SetServiceQuestions(ctx context.Context, slug string, in []Question) (Service, error) {
	qs, err := CheckQuestions(in)
	if err != nil {
		return Service{}, err
	}
	raw, err := json.Marshal(qs)
	if err != nil {
		return Service{}, err
	}
	return s.oneService(ctx, `UPDATE services SET questions = $2 WHERE slug = $1 RETURNING `+serviceColumns, slug, raw)
}

// Answer is a booking's answer to one question, with the question's texts as they were
// asked, so that a later change of the questions leaves it readable. Label is a choice's
// option label per language; Value the option's value, or the answer itself.
type Answer struct {
	ID       string    `json:"id"`
	Type     string    `json:"type"`
	Question Localized `json:"question"`
	Value    string    `json:"value"`
	Label    Localized `json:"label,omitempty"`
}

// In is the answer as a reader of lang reads it: a choice's label, else the value.
func (a Answer) In(lang string) string {
	if a.Type == QuestionChoice && len(a.Label) > 0 {
		return a.Label.In(lang)
	}
	return a.Value
}

// ReadAnswer reads an answer to q: a choice by its option's value or its label in any
// language (case and spaces aside), a web address with or without its scheme, a number
// with spaces between its thousands or Arabic-Indic digits, a text trimmed. It returns the
// value stored, or the code of what is wrong ("" and "" for no answer).
func ReadAnswer(q Question, answer string) (value, code string) {
	answer = strings.Join(strings.Fields(answer), " ")
	if answer == "" {
		return "", ""
	}
	switch q.Type {
	case QuestionChoice:
		if o, ok := q.Option(answer); ok {
			return o.Value, ""
		}
		return "", "invalid_option"
	case QuestionURL:
		if u := NormalizeURL(answer); u != "" {
			return u, ""
		}
		return "", "url_invalid"
	case QuestionNumber:
		if n := normalizeNumber(answer); n != "" {
			return n, ""
		}
		return "", "number_invalid"
	}
	if utf8.RuneCountInString(answer) > MaxTextAnswer {
		return "", "too_long"
	}
	return answer, ""
}

// Option is the option of a choice that answer names, by value or by a label in any
// language.
func (q Question) Option(answer string) (Choice, bool) {
	a := strings.ToLower(strings.Join(strings.Fields(answer), " "))
	for _, o := range q.Options {
		if o.Value == answer {
			return o, true
		}
		for _, l := range o.Label.All() {
			if strings.ToLower(strings.Join(strings.Fields(l), " ")) == a {
				return o, true
			}
		}
	}
	return Choice{}, false
}

// CheckAnswers reads the answers given (question id → answer) against a service's
// questions: it returns the answers to store, in the questions' order, and the code of
// each answer at fault by question id (a required one missing: "required"). Answers to
// questions the service does not ask are ignored.
func CheckAnswers(qs []Question, given map[string]string) ([]Answer, map[string]string) {
	out := []Answer{}
	faults := map[string]string{}
	for _, q := range qs {
		value, code := ReadAnswer(q, given[q.ID])
		switch {
		case code != "":
			faults[q.ID] = code
		case value == "" && q.Required:
			faults[q.ID] = "required"
		case value != "":
			a := Answer{ID: q.ID, Type: q.Type, Question: q.Text, Value: value}
			if o, ok := q.Option(value); ok && q.Type == QuestionChoice {
				a.Label = o.Label
			}
			out = append(out, a)
		}
	}
	return out, faults
}

var urlHost = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$`)

// NormalizeURL is answer as a web address (https:// added when it names no scheme), or ""
// when it is not one: an http or https address of a named host with a dot in it.
func NormalizeURL(answer string) string {
	s := strings.TrimSpace(answer)
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil ||
		!urlHost.MatchString(strings.ToLower(u.Hostname())) || len(s) > MaxURLAnswerLen ||
		strings.ContainsFunc(s, unicode.IsSpace) {
		return ""
	}
	return u.String()
}

var number = regexp.MustCompile(`^-?[0-9]{1,15}([.,][0-9]{1,4})?$`)

// normalizeNumber is answer as a number ("200 000" → "200000", "1,5" → "1.5"), or "".
func normalizeNumber(answer string) string {
	s := strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r) || r == '\u202f' || r == '\u00a0':
			return -1
		case r >= '٠' && r <= '٩':
			return '0' + (r - '٠')
		}
		return r
	}, answer)
	if !number.MatchString(s) {
		return ""
	}
	return strings.Replace(s, ",", ".", 1)
}
