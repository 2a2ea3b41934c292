package chatbot

import (
	"context"
	"testing"
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
