package chatbot

import "testing"

func TestAPartOfTheDayOffersItsHours(t *testing.T) {
	e, _ := newEngine(t, sundayMorning, Config{})
	c := start(t, e, "fr")
	for _, m := range []string{"oui", "Yasmine Kaci", "yasmine@kaci.dz", "0555 66 77 88", "aucune", "site web"} {
		c.say(m)
	}
	c.say("mercredi après-midi")
	c.expect(StepTime)
	for _, q := range c.quickValues() {
		if q < "14:00" {
			t.Fatalf("the afternoon offers %v", c.quickValues())
		}
	}
	c.say("plutôt le matin")
	c.expect(StepTime)
	for _, q := range c.quickValues() {
		if q >= "12:00" {
			t.Fatalf("the morning offers %v", c.quickValues())
		}
	}
}
