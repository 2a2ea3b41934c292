package reader

import "testing"

// "Am I talking to a person or a bot?" asks which Dota is, in every variety: the question
// is answered, no person is asked for; a person asked for as opposed to a bot still is.
func TestPersonOrBotAsked(t *testing.T) {
	for _, text := range []string{
		"عذراً على السؤال، لكن هل أتحدث الآن مع موظف حقيقي أم مع برنامج آلي؟",
		"واش راني نهدر مع بنادم ولا روبو؟",
		"wach rani nahder m3a bnadem wela robot",
		"am I talking to a real person or a bot?",
		"est-ce que je parle à une vraie personne ou à un robot ?",
	} {
		if WantsPerson(Words(text)) {
			t.Errorf("%q asks for a person", text)
		}
		if got := Read(text, Context{Now: sundayMorning, Lang: "fr"}).Intent; got != QuestionBot {
			t.Errorf("%q: intent %q, want %q", text, got, QuestionBot)
		}
	}
	for _, text := range []string{
		"أريد أن أتحدث مع موظف حقيقي وليس مع روبوت",
		"nheb nahder m3a bnadem machi robot",
		"I want to talk to a real person, not a bot",
		"je veux parler à quelqu'un de l'équipe ou au responsable",
	} {
		if !WantsPerson(Words(text)) {
			t.Errorf("%q asks for no person", text)
		}
	}
}
