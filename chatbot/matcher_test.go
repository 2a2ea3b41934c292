package chatbot

import "testing"

// oldScore is the matcher's score as it was, stemming both words of every comparison.
func oldScore(m matcher, text []string) int {
	best := 0
	for _, p := range m.phrases {
		if len(p) > best && containsPhrase(text, p) {
			best = len(p)
		}
	}
	return best
}

func oldExact(m matcher, text []string) bool {
	for _, p := range m.phrases {
		if len(p) == len(text) && phraseAt(text, p, 0) {
			return true
		}
	}
	return false
}

func TestMatcherWithStemsAgreesWithStemmingEachComparison(t *testing.T) {
	matchers := []matcher{yesWords, noWords, bookWords, cancelWords, skipWords, helloWords, thanksWords, questionWords}
	for _, tp := range topics {
		matchers = append(matchers, tp.words)
	}
	texts := []string{"oui", "non merci", "je voudrais prendre un rendez-vous", "quels sont vos prix ?",
		"أسعاركم", "ما هي الأسعار", "بالتصوير من فضلكم", "how long does it take", "pas d'entreprise", "",
		"Pouvez-vous m'expliquer comment se passe une collaboration avec votre équipe ?", "السلام عليكم"}
	for _, m := range matchers {
		for _, s := range texts {
			ws := words(s)
			if got, want := m.score(ws), oldScore(m, ws); got != want {
				t.Errorf("score(%q) = %d, want %d", s, got, want)
			}
			if got, want := m.exact(ws), oldExact(m, ws); got != want {
				t.Errorf("exact(%q) = %v, want %v", s, got, want)
			}
		}
	}
}
