package reader

import "testing"

// "Am I talking to a robot or a person?" asks what Dota is; it asks for no person.
func TestRobotOrPersonIsTheBotQuestion(t *testing.T) {
	for _, s := range []string{"قبل ذلك، هل أتحدث مع روبوت أم مع شخص حقيقي؟", "wach nahder m3a robot wla m3a bnadem?",
		"am I talking to a bot or a real person?", "je parle à un robot ou à une vraie personne ?"} {
		if WantsPerson(Words(s)) {
			t.Errorf("%q asks for a person", s)
		}
		if q, _ := QuestionOf(Words(s), nil); q != QuestionBot {
			t.Errorf("%q: question %q, want %q", s, q, QuestionBot)
		}
	}
	for _, s := range []string{"je veux parler à un humain, pas un robot", "نحب نهدر مع واحد من الفريق ماشي مع روبو"} {
		if !WantsPerson(Words(s)) {
			t.Errorf("%q asks for no person", s)
		}
	}
}
