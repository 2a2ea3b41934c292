package chatbot

import (
	"context"
	"slices"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"
)

// The questions Dota could not answer — those no rule nor Gemini answered — grouped by
// similar wording, for staff to improve the catalogue's texts.

// QuestionGroup is a set of questions worded alike.
type QuestionGroup struct {
	Wording  string            `json:"wording"` // the latest question of the group
	Count    int               `json:"count"`
	LastAt   time.Time         `json:"last_at"`
	Examples []QuestionExample `json:"examples"` // the latest few
}

// QuestionExample is one question as a visitor asked it.
type QuestionExample struct {
	Text           string    `json:"text"`
	ConversationID string    `json:"conversation_id"`
	At             time.Time `json:"at"`
}

// Questions groups the unanswered questions of the window (1h, 24h or 7d), the largest
// groups first.
func (e *Engine) Questions(ctx context.Context, window string) ([]QuestionGroup, error) {
	e.written(ctx)
	span, ok := map[string]time.Duration{"1h": time.Hour, "24h": 24 * time.Hour, "7d": 7 * 24 * time.Hour}[window]
	if !ok {
		return nil, ErrBadWindow
	}
	out := []QuestionGroup{}
	if e.db == nil {
		return out, nil
	}
	rows, err := e.db.Query(ctx, `SELECT text, conversation_id::text, created_at FROM chat_messages
		WHERE unanswered AND created_at > $1 ORDER BY created_at DESC, id DESC LIMIT $2`, e.now().Add(-span), maxGroupedQuestions)
	if err != nil {
		return nil, err
	}
	qs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (QuestionExample, error) {
		var q QuestionExample
		err := row.Scan(&q.Text, &q.ConversationID, &q.At)
		return q, err
	})
	if err != nil {
		return nil, err
	}
	return groupQuestions(qs), nil
}

const (
	// maxGroupedQuestions bounds the questions read for one view.
	maxGroupedQuestions = 2000
	// groupExamples is how many examples a group shows.
	groupExamples = 3
	// sameWording is how much two questions' words must overlap (Jaccard) to be grouped.
	sameWording = 0.5
)

// groupQuestions groups questions, newest first, by the overlap of their meaningful
// words (stemmed, without the little words): each joins the first group it overlaps
// enough with, or starts one.
func groupQuestions(qs []QuestionExample) []QuestionGroup {
	type group struct {
		QuestionGroup
		key map[string]bool
	}
	var groups []*group
	for _, q := range qs {
		key := wordingKey(q.Text)
		var g *group
		for _, cand := range groups {
			if jaccard(cand.key, key) >= sameWording {
				g = cand
				break
			}
		}
		if g == nil {
			g = &group{QuestionGroup: QuestionGroup{Wording: q.Text, LastAt: q.At}, key: key}
			groups = append(groups, g)
		}
		g.Count++
		if len(g.Examples) < groupExamples {
			g.Examples = append(g.Examples, q)
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].Count > groups[j].Count })
	out := make([]QuestionGroup, len(groups))
	for i, g := range groups {
		out[i] = g.QuestionGroup
	}
	return out
}

// wordingKey is the set of a question's meaningful words, stemmed.
func wordingKey(s string) map[string]bool {
	key := map[string]bool{}
	ws := words(s)
	st := stemAll(ws)
	for i, w := range ws {
		if len([]rune(w)) < 3 || politeWords.at(ws, st, i) > 0 || slices.Contains(littleWords, w) {
			continue
		}
		key[stem(w)] = true
	}
	if len(key) == 0 { // a question of little words only is its own words
		for _, w := range ws {
			key[w] = true
		}
	}
	return key
}

// littleWords carry no meaning of their own in a question.
var littleWords = []string{"est", "les", "des", "une", "pour", "que", "qui", "quoi", "vous", "avez", "faites",
	"what", "the", "you", "your", "are", "does", "have", "can", "with", "for", "and", "هل", "ما", "ماذا", "عندكم",
	"لديكم", "في", "من", "على", "واش", "كاش", "wach", "kach"}

// jaccard is the overlap of two sets of words.
func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	both := 0
	for w := range a {
		if b[w] {
			both++
		}
	}
	return float64(both) / float64(len(a)+len(b)-both)
}
