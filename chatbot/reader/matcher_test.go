package reader

import (
	"math/rand/v2"
	"testing"
)

// oldScore is the matcher's score as it was, stemming both words of every comparison.
func oldScore(m Matcher, text []string) int {
	best := 0
	for _, p := range m.Phrases {
		if len(p) > best && ContainsPhrase(text, p) {
			best = len(p)
		}
	}
	return best
}

// oldCount is how many phrases a text holds, as it was counted.
func oldCount(m Matcher, text []string) int {
	n := 0
	for _, p := range m.Phrases {
		if ContainsPhrase(text, p) {
			n++
		}
	}
	return n
}

func oldExact(m Matcher, text []string) bool {
	for _, p := range m.Phrases {
		if len(p) == len(text) && PhraseAt(text, p, 0) {
			return true
		}
	}
	return false
}

// oldAt is the longest phrase at index i as it was found, trying every phrase.
func oldAt(m Matcher, text []string, i int) int {
	n := 0
	for _, p := range m.Phrases {
		if len(p) > n && PhraseAt(text, p, i) {
			n = len(p)
		}
	}
	return n
}

func TestMatcherWithStemsAgreesWithStemmingEachComparison(t *testing.T) {
	matchers := []Matcher{YesWords, NoWords, BookWords, CancelWords, SkipWords, HelloWords, ThanksWords, QuestionWords,
		AppointmentWords, OwnWords, CancelOwnWords, MoveOwnWords, HumanWords, TalkWords, BotWords, ByeWords, OpenWords,
		ClosingWords, afternoonWords, morningWords, noonWords, afternoonPhrase, CorrectionLeads, ChangeVerbs,
		SwapWords, nextWeekWords, frenchWords, englishWords}
	for _, tp := range Topics {
		matchers = append(matchers, tp.Words)
	}
	for _, s := range testServices {
		matchers = append(matchers, serviceMatcher(s))
	}
	texts := []string{"oui", "non merci", "je voudrais prendre un rendez-vous", "quels sont vos prix ?",
		"أسعاركم", "ما هي الأسعار", "بالتصوير من فضلكم", "how long does it take", "pas d'entreprise", "",
		"Pouvez-vous m'expliquer comment se passe une collaboration avec votre équipe ?", "السلام عليكم",
		"بغيت نلغي الموعد ديالي", "je veux déplacer mon rendez-vous", "can I talk to a real person please",
		"الخميس الساعة الثالثة مساء", "jeudi à 3 heures de l'après-midi", "un site web et une app mobile",
		"روبوتات الذكاء الاصطناعي والتدريب", "non, mon email est x@y.z", "au revoir et merci beaucoup"}
	for _, m := range matchers {
		for _, s := range texts {
			ws := Words(s)
			if got, want := m.Score(ws), oldScore(m, ws); got != want {
				t.Errorf("score(%q) = %d, want %d", s, got, want)
			}
			tx := NewText(ws)
			if got, want := m.countIn(&tx), oldCount(m, ws); got != want {
				t.Errorf("countIn(%q) = %d, want %d", s, got, want)
			}
			if got, want := m.Exact(ws), oldExact(m, ws); got != want {
				t.Errorf("exact(%q) = %v, want %v", s, got, want)
			}
			st := StemAll(ws)
			for i := 0; i <= len(ws); i++ {
				if got, want := m.At(ws, st, i), oldAt(m, ws, i); got != want {
					t.Errorf("at(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}

// Score, which stems as it goes, finds what ScoreIn finds over the words read first.
func TestScoreAsScoreIn(t *testing.T) {
	ms := []*Matcher{&nextWeekWords, &HumanWords, &MoveOwnWords, &AppointmentWords, &WantWords}
	var vocab []string
	for _, m := range ms {
		for _, p := range m.Phrases {
			vocab = append(vocab, p...)
		}
	}
	vocab = append(vocab, "والاسبوع", "بالموعد", "x", "le", "rendez")
	rnd := rand.New(rand.NewPCG(9, 10))
	for range 5000 {
		ws := make([]string, rnd.IntN(8))
		for i := range ws {
			ws[i] = vocab[rnd.IntN(len(vocab))]
		}
		txt := NewText(ws)
		for _, m := range ms {
			if got, want := m.Score(ws), m.ScoreIn(&txt); got != want {
				t.Fatalf("Score(%q) = %d, ScoreIn gives %d", ws, got, want)
			}
		}
	}
}

// topicByEach is TopicOfIn scoring each topic's matcher in turn.
func topicByEach(t *Text) string {
	best, code := 0, ""
	for i := range Topics {
		if n := Topics[i].Words.ScoreIn(t); n > best {
			best, code = n, Topics[i].code
		}
	}
	return code
}

// One pass over every topic's phrases names the topic each topic's own pass names.
func TestTopicOfAsEachTopic(t *testing.T) {
	var vocab []string
	for _, tp := range Topics {
		for _, p := range tp.Words.Phrases {
			vocab = append(vocab, p...)
		}
	}
	vocab = append(vocab, "والأسعار", "بالخدمات", "x", "de", "le", "combien")
	rnd := rand.New(rand.NewPCG(11, 12))
	found := 0
	for range 20000 {
		ws := make([]string, rnd.IntN(9))
		for i := range ws {
			ws[i] = vocab[rnd.IntN(len(vocab))]
		}
		txt := NewText(ws)
		got, want := TopicOfIn(&txt), topicByEach(&txt)
		if got != want {
			t.Fatalf("TopicOfIn(%q) = %q, each topic in turn gives %q", ws, got, want)
		}
		if got != "" {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no text named a topic")
	}
}
