package catalogue_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/catalogue"
)

func all(s string) catalogue.Localized { return catalogue.Localized{"fr": s, "en": s, "ar": s} }

func TestCheckQuestionsNamesEachFieldAtFault(t *testing.T) {
	t.Parallel()
	qs, err := catalogue.CheckQuestions([]catalogue.Question{
		{Type: catalogue.QuestionText, Text: catalogue.Localized{"fr": "  Votre   objectif ", "en": "Your goal", "ar": "هدفك"}},
		{Type: catalogue.QuestionURL, Text: all("Site"), Options: []catalogue.Choice{{Label: all("dropped")}}},
		{Type: catalogue.QuestionChoice, Text: all("Budget"), Options: []catalogue.Choice{{Label: all("A")}, {Label: all("B")}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if qs[0].ID == "" || qs[0].Text["fr"] != "Votre objectif" || qs[1].Options != nil || qs[2].Options[0].Value == "" ||
		qs[2].Options[0].Value == qs[2].Options[1].Value {
		t.Fatalf("cleaned: %+v", qs)
	}

	_, err = catalogue.CheckQuestions([]catalogue.Question{
		{Type: "date", Text: catalogue.Localized{"fr": "Quand ?", "en": "When?"}},
		{Type: catalogue.QuestionChoice, Text: all(strings.Repeat("x", catalogue.MaxQuestionLen+1)),
			Options: []catalogue.Choice{{Label: catalogue.Localized{"fr": "Seul"}}}},
	})
	var v *catalogue.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("got %v", err)
	}
	for field, code := range map[string]string{"questions.0.type": "invalid_option", "questions.0.text.ar": "question_text_required",
		"questions.1.text.fr": "too_long", "questions.1.options": "options_count", "questions.1.options.0.label.en": "question_text_required"} {
		if v.Fields[field] != code {
			t.Errorf("%s: %q, want %q (all: %v)", field, v.Fields[field], code, v.Fields)
		}
	}
	if _, err := catalogue.CheckQuestions(make([]catalogue.Question, catalogue.MaxQuestions+1)); !errors.As(err, &v) ||
		v.Fields["questions"] != "questions_max" {
		t.Fatalf("six questions: %v", err)
	}
}

func TestReadAnswerByType(t *testing.T) {
	t.Parallel()
	choice := catalogue.Question{Type: catalogue.QuestionChoice, Options: []catalogue.Choice{
		{Value: "soon", Label: catalogue.Localized{"fr": "Dès que possible", "en": "As soon as possible", "ar": "في أقرب وقت"}},
		{Value: "later", Label: all("Later")}}}
	for _, c := range []struct {
		q                  catalogue.Question
		in, value, problem string
	}{
		{choice, "soon", "soon", ""},
		{choice, "  dès que   POSSIBLE ", "soon", ""},
		{choice, "في أقرب وقت", "soon", ""},
		{choice, "never", "", "invalid_option"},
		{catalogue.Question{Type: catalogue.QuestionURL}, "www.exemple.dz/page", "https://www.exemple.dz/page", ""},
		{catalogue.Question{Type: catalogue.QuestionURL}, "http://site.com", "http://site.com", ""},
		{catalogue.Question{Type: catalogue.QuestionURL}, "pas une adresse", "", "url_invalid"},
		{catalogue.Question{Type: catalogue.QuestionURL}, "javascript:alert(1)", "", "url_invalid"},
		{catalogue.Question{Type: catalogue.QuestionURL}, "https://user:pw@site.com", "", "url_invalid"},
		{catalogue.Question{Type: catalogue.QuestionNumber}, "200 000", "200000", ""},
		{catalogue.Question{Type: catalogue.QuestionNumber}, "١٥٠", "150", ""},
		{catalogue.Question{Type: catalogue.QuestionNumber}, "1,5", "1.5", ""},
		{catalogue.Question{Type: catalogue.QuestionNumber}, "beaucoup", "", "number_invalid"},
		{catalogue.Question{Type: catalogue.QuestionText}, strings.Repeat("a", catalogue.MaxTextAnswer+1), "", "too_long"},
		{catalogue.Question{Type: catalogue.QuestionText}, "   ", "", ""},
	} {
		value, problem := catalogue.ReadAnswer(c.q, c.in)
		if value != c.value || problem != c.problem {
			t.Errorf("%s %q: %q %q, want %q %q", c.q.Type, c.in, value, problem, c.value, c.problem)
		}
	}
}
