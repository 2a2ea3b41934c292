package chatbot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestUnansweredQuestionsGrouped(t *testing.T) {
	ctx := context.Background()
	e, _ := newEngine(t, tuesdayMorning, Config{})
	for _, q := range []string{"Avez-vous une piscine ?", "vous avez une piscine", "Do you sell flowers?",
		"do you sell flowers online?", "avez vous une piscine chauffée ?"} {
		c := start(t, e, "fr")
		c.say(q)
	}
	c := start(t, e, "fr")
	c.say("quels sont vos tarifs ?") // answered: not listed

	groups, err := e.Questions(ctx, "24h")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, g := range groups {
		counts[g.Wording] = g.Count
		if len(g.Examples) == 0 || g.Examples[0].Text != g.Wording || g.Examples[0].ConversationID == "" {
			t.Errorf("group %+v: its wording is not its latest example", g)
		}
	}
	if len(groups) != 2 || counts["avez vous une piscine chauffée ?"] != 3 || counts["do you sell flowers online?"] != 2 {
		t.Fatalf("groups %+v", groups)
	}
	if groups[0].Count != 3 {
		t.Errorf("the largest group is not first: %+v", groups)
	}
	if _, err := e.Questions(ctx, "2d"); err != ErrBadWindow {
		t.Errorf("window 2d: %v", err)
	}
}

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
