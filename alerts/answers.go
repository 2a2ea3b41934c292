package alerts

import (
	"encoding/json"
	"maps"

	services "github.com/dota-agency/dota/catalogue"
)

// A new or assigned appointment's e-mail alert carries the answers the visitor gave to
// the service's own questions, each question and answer in the recipient's language. They
// are kept in the alert's arguments with the questions' texts as they were asked, so the
// e-mail reads the same whenever it is sent, and the person's erasure clears them with
// the rest of the arguments.

// answersArg names the argument holding the answers, as JSON.
const answersArg = "answers"

// withAnswers is args with the appointment's answers, when it has any.
func withAnswers(args map[string]string, answers []services.Answer) map[string]string {
	if len(answers) == 0 {
		return args
	}
	raw, err := json.Marshal(answers)
	if err != nil {
		return args
	}
	out := maps.Clone(args)
	out[answersArg] = string(raw)
	return out
}

// answerLines are the answers kept in args as lines "question: answer" in lang: the
// question in lang (French when it has none), a choice's option label in lang.
func answerLines(lang string, args map[string]string) []string {
	raw := args[answersArg]
	if raw == "" {
		return nil
	}
	var answers []services.Answer
	if err := json.Unmarshal([]byte(raw), &answers); err != nil {
		return nil
	}
	out := make([]string, 0, len(answers))
	for _, a := range answers {
		out = append(out, Text(lang, "email_answer", "question", a.Question.In(lang), "answer", a.In(lang)))
	}
	return out
}
