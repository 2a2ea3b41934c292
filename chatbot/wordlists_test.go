package chatbot

import (
	"testing"

	"github.com/dota-agency/dota/chatbot/reader"
)

// The word lists' matchers agree with the matcher as it was (reader/matcher_test.go).

// oldScore is the matcher's score as it was, stemming both words of every comparison.
func oldScore(m reader.Matcher, text []string) int {
	best := 0
	for _, p := range m.Phrases {
		if len(p) > best && reader.ContainsPhrase(text, p) {
			best = len(p)
		}
	}
	return best
}

func oldExact(m reader.Matcher, text []string) bool {
	for _, p := range m.Phrases {
		if len(p) == len(text) && reader.PhraseAt(text, p, 0) {
			return true
		}
	}
	return false
}

// oldAt is the longest phrase at index i as it was found, trying every phrase.
func oldAt(m reader.Matcher, text []string, i int) int {
	n := 0
	for _, p := range m.Phrases {
		if len(p) > n && reader.PhraseAt(text, p, i) {
			n = len(p)
		}
	}
	return n
}

func TestMatcherWithStemsAgreesWithStemmingEachComparison(t *testing.T) {
	matchers := []reader.Matcher{reader.YesWords, reader.NoWords, reader.BookWords, reader.CancelWords, reader.SkipWords, reader.HelloWords, reader.ThanksWords, reader.QuestionWords,
		reader.AppointmentWords, reader.OwnWords, reader.CancelOwnWords, reader.MoveOwnWords, reader.HumanWords, reader.TalkWords, reader.BotWords, reader.ByeWords, reader.OpenWords,
		reader.ClosingWords, reader.CorrectionLeads, changeVerbs}
	for _, tp := range reader.Topics {
		matchers = append(matchers, tp.Words)
	}
	for _, s := range readerServices(fallbackServices) {
		matchers = append(matchers, reader.NewMatcher(append(append([]string{s.Slug}, s.Names...), s.Keywords...)...))
	}
	texts := []string{"oui", "non merci", "je voudrais prendre un rendez-vous", "quels sont vos prix ?",
		"أسعاركم", "ما هي الأسعار", "بالتصوير من فضلكم", "how long does it take", "pas d'entreprise", "",
		"Pouvez-vous m'expliquer comment se passe une collaboration avec votre équipe ?", "السلام عليكم",
		"بغيت نلغي الموعد ديالي", "je veux déplacer mon rendez-vous", "can I talk to a real person please",
		"الخميس الساعة الثالثة مساء", "jeudi à 3 heures de l'après-midi", "un site web et une app mobile",
		"روبوتات الذكاء الاصطناعي والتدريب", "non, mon email est x@y.z", "au revoir et merci beaucoup"}
	for _, m := range matchers {
		for _, s := range texts {
			ws := words(s)
			if got, want := m.Score(ws), oldScore(m, ws); got != want {
				t.Errorf("score(%q) = %d, want %d", s, got, want)
			}
			if got, want := m.Exact(ws), oldExact(m, ws); got != want {
				t.Errorf("exact(%q) = %v, want %v", s, got, want)
			}
			st := stemAll(ws)
			for i := 0; i <= len(ws); i++ {
				if got, want := m.At(ws, st, i), oldAt(m, ws, i); got != want {
					t.Errorf("at(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}
