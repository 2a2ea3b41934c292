package transcript

import (
	"context"
	"slices"
	"sort"
	"time"

	"github.com/dota-agency/dota/chatbot/reader"
	"github.com/jackc/pgx/v5"
)

// The questions Dota could not answer — those no rule nor Gemini answered — grouped by
// similar wording, for staff to improve the catalogue's texts.

// QuestionExample is one question as a visitor asked it.
type QuestionExample struct {
	Text           string    `json:"text"`
	ConversationID string    `json:"conversation_id"`
	At             time.Time `json:"at"`
}

// Unanswered reads the questions Dota could not answer (those no rule nor Gemini
// answered) asked since a time, the latest first, at most limit of them.
func (st *Store) Unanswered(ctx context.Context, since time.Time, limit int) ([]QuestionExample, error) {
	st.Written(ctx)
	if st.db == nil {
		return nil, nil
	}
	rows, err := st.db.Query(ctx, `SELECT text, conversation_id::text, created_at FROM chat_messages
		WHERE unanswered AND created_at > $1 ORDER BY created_at DESC, id DESC LIMIT $2`, since, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (QuestionExample, error) {
		var q QuestionExample
		err := row.Scan(&q.Text, &q.ConversationID, &q.At)
		return q, err
	})
}

// QuestionGroup is a set of questions worded alike.
type QuestionGroup struct {
	Wording  string            `json:"wording"` // the latest question of the group
	Count    int               `json:"count"`
	LastAt   time.Time         `json:"last_at"`
	Examples []QuestionExample `json:"examples"` // the latest few
}

// Questions groups the unanswered questions asked since a time, the largest groups first.
func (st *Store) Questions(ctx context.Context, since time.Time) ([]QuestionGroup, error) {
	qs, err := st.Unanswered(ctx, since, maxGroupedQuestions)
	if err != nil {
		return nil, err
	}
	groups, _ := groupQuestions(qs)
	return groups, nil
}

const (
	// maxGroupedQuestions bounds the questions read for one view.
	maxGroupedQuestions = 2000
	// maxQuestionGroups bounds the groups of one view: a question worded like none of
	// them, once there are that many, is left out of the view.
	maxQuestionGroups = 200
	// keyRunes and keyWords bound what is read of a question for its key, keyStems the
	// stems it keeps: a question's opening says what it is about, and a long question
	// costs no more to group than a short one.
	keyRunes = 400
	keyWords = 40
	keyStems = 12
	// groupExamples is how many examples a group shows.
	groupExamples = 3
	// sameWording is how much two questions' words must overlap (Jaccard) to be grouped.
	sameWording = 0.5
)

// groupQuestions groups questions, newest first, by the overlap of their meaningful
// words (stemmed, without the little words): each joins the first group it overlaps
// enough with, or starts one. A group is compared only with the groups sharing one of
// its stems (found in an index from stem to groups), so the work is bounded by the
// questions, keyStems and maxQuestionGroups; it returns the groups, the largest first,
// and that work (words read and index entries visited).
func groupQuestions(qs []QuestionExample) ([]QuestionGroup, int) {
	type group struct {
		QuestionGroup
		size int // stems of its key
	}
	var groups []*group
	index := map[string][]int{}              // stem → the groups whose key holds it, in order
	shared := make([]int, maxQuestionGroups) // stems each group shares with the question at hand
	var touched []int
	work := 0
	for _, q := range qs {
		key, read := wordingKey(q.Text)
		work += read
		touched = touched[:0]
		for _, st := range key {
			for _, gi := range index[st] {
				work++
				if shared[gi] == 0 {
					touched = append(touched, gi)
				}
				shared[gi]++
			}
		}
		slices.Sort(touched) // the first group it overlaps enough with
		found := -1
		for _, gi := range touched {
			both := shared[gi]
			shared[gi] = 0
			if found < 0 && float64(both)/float64(len(key)+groups[gi].size-both) >= sameWording {
				found = gi
			}
		}
		if found < 0 {
			if len(groups) == maxQuestionGroups {
				continue
			}
			found = len(groups)
			groups = append(groups, &group{QuestionGroup: QuestionGroup{Wording: q.Text, LastAt: q.At}, size: len(key)})
			for _, st := range key {
				index[st] = append(index[st], found)
			}
		}
		g := groups[found]
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
	return out, work
}

// wordingKey is the set of a question's meaningful words, stemmed, at most keyStems of
// them from its opening, and how many words it read. A question of little words only is
// its own words; one of no words at all, the empty word, so that such questions group.
func wordingKey(s string) ([]string, int) {
	n := 0
	for i := range s {
		if n == keyRunes {
			s = s[:i]
			break
		}
		n++
	}
	ws := reader.Words(s)
	if len(ws) > keyWords {
		ws = ws[:keyWords]
	}
	st := reader.StemAll(ws)
	key := make([]string, 0, keyStems)
	for i, w := range ws {
		if len(key) == keyStems {
			break
		}
		if len([]rune(w)) < 3 || reader.PoliteWords.At(ws, st, i) > 0 || slices.Contains(reader.LittleWords, w) ||
			slices.Contains(key, st[i]) {
			continue
		}
		key = append(key, st[i])
	}
	if len(key) == 0 {
		for _, w := range ws {
			if len(key) < keyStems && !slices.Contains(key, w) {
				key = append(key, w)
			}
		}
	}
	if len(key) == 0 {
		key = append(key, "")
	}
	return key, len(ws)
}
