package reader

var (
	frenchWords  = NewMatcher("le", "la", "les", "des", "est", "je", "vous", "votre", "vos", "pour", "avec", "quel", "quelle", "combien", "bonjour", "merci", "oui", "une", "un", "du", "et", "pas", "suis", "mon", "ma", "sont", "prix", "rendez-vous", "voudrais", "veux", "êtes", "faites", "salut")
	englishWords = NewMatcher("the", "is", "are", "you", "your", "what", "how", "much", "for", "with", "do", "i", "my", "hello", "thanks", "yes", "please", "can", "want", "would", "appointment", "price", "prices", "hi", "where", "book", "need", "like")
)

// DetectLang returns the language a message is clearly written in, else the session's:
// Arabic script means Arabic; French and English are told apart by their common words.
func DetectLang(msg string, ws []string, current string) string {
	t := NewText(ws)
	return detectLangIn(msg, &t, current)
}

func detectLangIn(msg string, t *Text, current string) string {
	if isArabic(msg) {
		return "ar"
	}
	fr, en := frenchWords.countIn(t), englishWords.countIn(t)
	switch {
	case current != "en" && en >= 2 && fr == 0:
		return "en"
	case current != "fr" && fr >= 2 && en == 0:
		return "fr"
	}
	return current
}
