package transcript

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// craftedQuestions are n questions of size words each, worded so that none groups with
// another although each shares a third of its words with all the others: the most work
// a grouping by overlap can be made to do.
func craftedQuestions(n, size int) []QuestionExample {
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	qs := make([]QuestionExample, n)
	for i := range qs {
		ws := make([]string, size)
		for j := range ws {
			if j%3 == 0 {
				ws[j] = fmt.Sprintf("commun%s", letters(j)) // shared by every question
			} else {
				ws[j] = fmt.Sprintf("propre%s%s", letters(i), letters(j))
			}
		}
		qs[i] = QuestionExample{Text: strings.Join(ws, " ") + " ?", ConversationID: "c", At: at.Add(-time.Duration(i) * time.Second)}
	}
	return qs
}

// letters writes n in letters, so that words stay words (digits are not stemmed alike).
func letters(n int) string {
	s := ""
	for {
		s += string(rune('a' + n%26))
		n /= 26
		if n == 0 {
			return s
		}
	}
}

// The questions view reads at most 2,000 questions; worded to defeat the grouping, they
// must cost a bounded amount of work (words stemmed and stems compared), not one
// comparison of every question with every group.
func TestQuestionGroupingWorkIsBounded(t *testing.T) {
	qs := craftedQuestions(maxGroupedQuestions, 140)
	groups, work := groupQuestions(qs)
	if len(groups) == 0 {
		t.Fatal("no groups")
	}
	if limit := 5_000_000; work > limit || len(groups) > maxQuestionGroups {
		t.Fatalf("grouping %d crafted questions took %d steps (%d groups), want at most %d", len(qs), work, len(groups), limit)
	}
}
