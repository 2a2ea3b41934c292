package chatbot

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/dota-agency/dota/i18n"
)

// The service's own questions (catalogue.Service.Questions), which staff define in the
// console: one step of the booking flow asks them, after the service and its mode and
// before the day, one a turn — always the first of the chosen service's questions still
// unanswered — so that the flow is made from the catalogue's data, whatever the
// questions are. An answer is read as the form and the booking read it
// (catalogue.ReadAnswer), a choice also by words of an option inside a sentence. The
// answers hold for the service they were given for (session.AnswersService): another
// service drops them. What the visitor said before the questions were asked (heard) may
// already answer some: a web address, or the whole label of one option.

// heard is what the visitor said that may answer a service's questions once they are
// known: the web addresses their messages gave, and their last messages' texts.
type heard struct {
	URLs  []string `json:"urls,omitempty"`
	Texts []string `json:"texts,omitempty"`
}

// Bounds of what is heard.
const (
	maxHeardURLs  = 5
	maxHeardTexts = 8
	maxHeardText  = 300 // runes of one message
)

// hear keeps what the visitor's message may answer of the questions not asked yet; a
// message at the question step is its own question's answer, read there.
func (t *turn) hear(msg string) {
	if t.s.Step == StepQuestion {
		return
	}
	h := t.s.Heard
	if h == nil {
		h = &heard{}
	}
	for _, u := range t.reading().Fields.URLs {
		if !slices.Contains(h.URLs, u) && len(h.URLs) < maxHeardURLs {
			h.URLs = append(h.URLs, u)
		}
	}
	msg = i18n.Truncate(msg, maxHeardText)
	h.Texts = append(h.Texts, msg)
	if len(h.Texts) > maxHeardTexts {
		h.Texts = h.Texts[len(h.Texts)-maxHeardTexts:]
	}
	t.s.Heard = h
}

// questions are the chosen service's questions; the answers the session holds for another
// service are dropped first.
func (t *turn) questions() []catalogue.Question {
	if t.s.AnswersService != t.s.ServiceSlug {
		t.s.Answers, t.s.Skipped, t.s.AnswersService = nil, nil, t.s.ServiceSlug
	}
	if t.s.ServiceSlug == "" {
		return nil
	}
	return serviceBySlug(t.catalogue().Services, t.s.ServiceSlug).Questions
}

// question is the first of the service's questions still to ask, once what the visitor
// said before answers those it can; ok is false when none is left.
func (t *turn) question() (catalogue.Question, bool) {
	qs := t.questions()
	t.prefill(qs)
	for _, q := range qs {
		if !t.settled(q.ID) {
			return q, true
		}
	}
	return catalogue.Question{}, false
}

// settled reports whether the question of id is answered or was skipped.
func (t *turn) settled(id string) bool {
	_, ok := t.s.Answers[id]
	return ok || slices.Contains(t.s.Skipped, id)
}

func (t *turn) setAnswer(id, value string) {
	if t.s.Answers == nil {
		t.s.Answers = map[string]string{}
	}
	t.s.Answers[id] = value
}

// unsettle asks the question of id again.
func (t *turn) unsettle(id string) {
	delete(t.s.Answers, id)
	t.s.Skipped = slices.DeleteFunc(t.s.Skipped, func(s string) bool { return s == id })
}

// prefill answers the questions what the visitor said before answers beyond doubt: a web
// address, when they gave one only; a choice, when their messages name the whole label
// of one option only (a label of yes or no words is too short to tell: "non" answered
// another step).
func (t *turn) prefill(qs []catalogue.Question) {
	h := t.s.Heard
	if h == nil {
		return
	}
	for _, q := range qs {
		if t.settled(q.ID) {
			continue
		}
		found := ""
		switch q.Type {
		case catalogue.QuestionURL:
			for _, u := range h.URLs {
				v := catalogue.NormalizeURL(u)
				if v == "" || (found != "" && v != found) {
					found = ""
					break
				}
				found = v
			}
		case catalogue.QuestionChoice:
			for _, msg := range h.Texts {
				if o, ok := optionNamed(q, words(msg), false); ok {
					if found != "" && o.Value != found {
						found = "" // two options named: the question is asked
						break
					}
					found = o.Value
				}
			}
		}
		if found != "" {
			t.setAnswer(q.ID, found)
		}
	}
}

// askQuestion asks the first question still to ask: its text in the visitor's language, a
// choice's options and, for an optional question, "skip" as quick replies.
func askQuestion(t *turn) (string, []QuickReply, bool) {
	q, ok := t.question()
	if !ok {
		// Nothing left to ask (the catalogue changed meanwhile): the flow goes on.
		t.moveTo(t.nextStep())
		return steps[t.s.Step].ask(t)
	}
	l := t.lang()
	qr := []QuickReply{}
	for _, o := range q.Options {
		label := o.Label.In(l)
		qr = append(qr, QuickReply{Label: label, Value: label})
	}
	ask := q.Text.In(l)
	if !q.Required {
		ask = text(l, "question_optional", "question", ask)
		qr = append(qr, QuickReply{Label: text(l, "qr_skip"), Value: text(l, "qr_skip")})
	}
	return ask, qr, true
}

// readQuestion reads the answer to the question asked. An optional question may be
// skipped; a question about the agency is answered and the question asked again; an
// answer that does not read says why, in the field's words, and asks again.
func readQuestion(t *turn, msg string, ws []string) {
	q, ok := t.question()
	if !ok {
		t.advance()
		return
	}
	l := t.lang()
	skips := skipsQuestion(ws, q.Type != catalogue.QuestionText)
	asks := reader.IsQuestion(msg, ws) && reader.TopicOf(ws) != ""
	value, code := "", ""
	if q.Type != catalogue.QuestionText || !skips {
		// A question about the agency is an answer only when it names one whole.
		value, code = answerIn(q, msg, ws, !asks)
	}
	switch {
	case value != "" && code == "" && (q.Type != catalogue.QuestionText || !asks):
		t.setAnswer(q.ID, value)
		t.advance()
	case skips && !q.Required:
		t.s.Skipped = append(t.s.Skipped, q.ID)
		t.advance()
	case skips:
		t.fail(text(l, "answer_required"))
	case asks:
		t.answerThenAsk(msg, ws)
	case code == "":
		t.fail(text(l, "answer_required"))
	default:
		t.fail(answerFault(l, q, code))
	}
}

// answerFault is what is wrong with an answer to q, in lang.
func answerFault(l string, q catalogue.Question, code string) string {
	if code == "invalid_option" {
		labels := make([]string, 0, len(q.Options))
		for _, o := range q.Options {
			labels = append(labels, o.Label.In(l))
		}
		return text(l, "answer_invalid_option", "list", strings.Join(labels, ", "))
	}
	return text(l, "answer_"+code)
}

// answerIn reads the answer to q that msg gives: the whole message as the form reads it,
// else the one web address or number inside a sentence ("notre site c'est atlas.dz",
// "environ 200 000 DA"), or the one option its words name (with loose, by some words of
// its label only). It returns the value to store or the code of what is wrong.
func answerIn(q catalogue.Question, msg string, ws []string, loose bool) (string, string) {
	value, code := catalogue.ReadAnswer(q, msg)
	if code == "" && value != "" {
		return value, ""
	}
	var inside []string
	switch q.Type {
	case catalogue.QuestionChoice:
		if o, ok := optionNamed(q, ws, loose); ok {
			return o.Value, ""
		}
	case catalogue.QuestionURL:
		inside = reader.URLsIn(msg)
	case catalogue.QuestionNumber:
		inside = numbersIn(msg)
	}
	if len(inside) == 1 {
		if v, c := catalogue.ReadAnswer(q, inside[0]); c == "" && v != "" {
			return v, ""
		}
	}
	return value, code
}

// numberIn is a number with its thousands spaced: "200 000", "1,5", "٣٠٠".
var numberIn = regexp.MustCompile(`-?[0-9][0-9 \x{202f}\x{a0}]*(?:[.,][0-9]+)?`)

// numbersIn returns the numbers of msg.
func numbersIn(msg string) []string {
	var out []string
	for _, n := range numberIn.FindAllString(reader.NormalizeDigits(msg), -1) {
		out = append(out, strings.TrimSpace(n))
	}
	return out
}

// optionNamed is the one option of a choice that ws name by a whole label, in any
// language (a label inside another option's, named with it, is that other option's:
// "100 000 DA" in "plus de 100 000 DA"); with loose, also the one option that words of its
// own label name, when no label is named whole ("plutôt une refonte" for "Refonte d'un
// site existant"). Without loose, a label of yes, no or skip words alone names none: such
// words answered other steps.
func optionNamed(q catalogue.Question, ws []string, loose bool) (catalogue.Choice, bool) {
	if len(ws) == 0 {
		return catalogue.Choice{}, false
	}
	type named struct {
		option int
		label  []string
	}
	var all []named
	for i, o := range q.Options {
		for _, l := range o.Label.All() {
			p := words(l)
			if len(p) == 0 || !reader.ContainsPhrase(ws, p) {
				continue
			}
			if !loose && reader.Covers(p, reader.YesWords, reader.NoWords, reader.SkipWords, politeWords) {
				continue
			}
			all = append(all, named{i, p})
		}
	}
	found := -1
	for _, n := range all {
		inside := slices.ContainsFunc(all, func(m named) bool {
			return m.option != n.option && len(m.label) > len(n.label) && reader.ContainsPhrase(m.label, n.label)
		})
		switch {
		case inside || n.option == found:
		case found >= 0:
			return catalogue.Choice{}, false // two options named
		default:
			found = n.option
		}
	}
	switch {
	case found >= 0:
		return q.Options[found], true
	case loose:
		return optionByWords(q, ws)
	}
	return catalogue.Choice{}, false
}

// optionByWords is the one option whose own words (those of its labels no other option
// has, of three letters or more and not of the little words every sentence has) ws name
// most.
func optionByWords(q catalogue.Question, ws []string) (catalogue.Choice, bool) {
	owners := map[string]map[int]bool{}
	for i, o := range q.Options {
		for _, l := range o.Label.All() {
			for _, w := range stemAll(words(l)) {
				if utf8.RuneCountInString(w) < 3 || sentenceWords[w] {
					continue
				}
				if owners[w] == nil {
					owners[w] = map[int]bool{}
				}
				owners[w][i] = true
			}
		}
	}
	hits := make([]int, len(q.Options))
	seen := map[string]bool{}
	for _, w := range stemAll(ws) {
		if own := owners[w]; len(own) == 1 && !seen[w] {
			seen[w] = true
			for i := range own {
				hits[i]++
			}
		}
	}
	best, found, tie := 0, -1, false
	for i, n := range hits {
		switch {
		case n > best:
			best, found, tie = n, i, false
		case n == best && n > 0:
			tie = true
		}
	}
	if found < 0 || tie {
		return catalogue.Choice{}, false
	}
	return q.Options[found], true
}

// skipWordsQ leave a question unanswered: the quick reply's "skip" and its like.
var skipWordsQ = reader.NewMatcher("passer", "je passe", "sauter", "suivant", "skip", "next", "pass", "تخطي", "تخطى",
	"التالي", "je ne sais pas", "je sais pas", "jsp", "aucune idée", "i don't know", "don't know", "dunno", "no idea",
	"لا أعرف", "لا اعرف", "ما نعرفش", "manarafch", "ma na3rafch")

// noneWords say there is nothing to answer: "pas de site", "none yet", "ما عنديش".
var noneWords = reader.NewMatcher("pas de site", "pas encore de site", "pas encore", "je n'en ai pas", "j'en ai pas",
	"aucun", "aucune", "rien", "none", "none yet", "not yet", "no website", "no site", "i don't have one",
	"don't have one", "no", "non", "nope", "لا", "لا يوجد", "لا شيء", "ما عنديش", "ماعنديش", "ليس لدي", "ليس بعد",
	"makanch", "ma3andich", "walou")

// skipsQuestion reports whether ws leave the question unanswered; with none, also when they
// say there is nothing to answer (a text question takes "non" as its answer).
func skipsQuestion(ws []string, none bool) bool {
	if none {
		return reader.Covers(ws, skipWordsQ, noneWords, politeWords, reader.SkipWords)
	}
	return reader.Covers(ws, skipWordsQ, politeWords)
}

// holdsAnswer is the question step's holds: a question-shaped message that still answers
// it ("https://atlas.dz ?"); a text question takes any message but one about the agency.
func holdsAnswer(t *turn, msg string, ws []string) bool {
	q, ok := t.question()
	if !ok {
		return false
	}
	if q.Type == catalogue.QuestionText {
		return reader.TopicOf(ws) == ""
	}
	v, code := answerIn(q, msg, ws, false)
	return v != "" && code == ""
}

// takesAnswer is the question step's takes: a message that answers a choice, a web
// address or a number is that answer before anything else it may name ("Moins d'un
// mois" names no day to change).
func takesAnswer(t *turn, ws []string) bool {
	q, ok := t.question()
	if !ok || q.Type == catalogue.QuestionText {
		return false
	}
	v, code := answerIn(q, t.m.text, ws, !reader.IsQuestion(t.m.text, ws))
	return v != "" && code == ""
}

// answerLines are the answers of the summary, one line each: the question and its answer
// in the visitor's language.
func (t *turn) answerLines() string {
	var b strings.Builder
	l := t.lang()
	for _, q := range t.questions() {
		v, ok := t.s.Answers[q.ID]
		if !ok {
			continue
		}
		if o, ok := q.Option(v); ok && q.Type == catalogue.QuestionChoice {
			v = o.Label.In(l)
		}
		b.WriteString(text(l, "summary_answer", "question", q.Text.In(l), "answer", v))
		b.WriteByte('\n')
	}
	return b.String()
}

// answers are the answers to book, by question id.
func (t *turn) answers() map[string]string {
	qs := t.questions()
	if len(qs) == 0 || len(t.s.Answers) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, q := range qs {
		if v, ok := t.s.Answers[q.ID]; ok {
			out[q.ID] = v
		}
	}
	return out
}

// refusedAnswer handles the booking's refusal of an answer (its field "answers.<id>"),
// which the step's own reading should have prevented: it says so plainly and asks that
// question again. It reports whether the refusal named a question of the service.
func (t *turn) refusedAnswer(verr *booking.ValidationError) bool {
	l := t.lang()
	for _, q := range t.questions() {
		code, bad := verr.Fields["answers."+q.ID]
		if !bad {
			continue
		}
		t.unsettle(q.ID)
		t.moveTo(StepQuestion)
		t.fail(text(l, "answer_refused", "question", q.Text.In(l)) + " " + answerFault(l, q, code))
		return true
	}
	return false
}

// sentenceWords are the words every sentence has, which name no option: "que", "the", "في".
var sentenceWords = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range append(strings.Fields(`que qui quoi les des une pour dans avec sur par pas est sont mon ton son nos vos
		leur tout tous très mais donc car comme cette ces aux the and for with you your our not are this that than have
		has what when which can will was were from they them its out but all any من في على إلى الى عن مع هذا هذه ذلك
		التي الذي أو او لا ما هل كل أن ان`), reader.LittleWords...) {
		out[stemAll([]string{w})[0]] = true
	}
	return out
}()

// answerNames name the answers to the service's questions, as "what would you like to
// change?" offers them.
var answerNames = reader.NewMatcher("réponses", "mes réponses", "réponses aux questions", "answers", "my answers",
	"answers to the questions", "الإجابات", "إجاباتي", "اجاباتي", "الأجوبة", "الإجابات عن الأسئلة")

// reanswer asks the service's questions again when the visitor, asked what to change at
// the summary, names the answers; it reports whether it did.
func (t *turn) reanswer(ws []string) bool {
	if len(t.answers()) == 0 || answerNames.Score(ws) == 0 {
		return false
	}
	t.s.Answers, t.s.Skipped = nil, nil
	t.s.Heard = nil // what was said before is answered already: the visitor says it anew
	t.moveTo(StepQuestion)
	t.ask()
	return true
}
