package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/chatbot/reader"
)

// skipsCompany reports whether a message says there is no company: "passer", "la,
// makanch", "non merci"; not yet or not for now ("pas de société pour l'instant", "not
// yet", "mazal", "ليس بعد"), with what is still to come ("pas encore créée", "مازال ما
// درتهاش"); or it opens by saying so before telling why: "makanch, c'est un projet perso",
// "no company, it's for my small business", "pas de société car je suis freelance".
func skipsCompany(msg string, ws []string) bool {
	t := reader.NewText(ws)
	if reader.SkipWords.ScoreIn(&t) == 0 && notYetWords.ScoreIn(&t) == 0 {
		return false
	}
	if reader.CoversIn(&t, noCompanyWords...) || notYetLeads.Opens(&t) {
		return true
	}
	if i := noCompanyHead(ws); i > 0 && i < len(ws) && reasonWords.At(ws, stemAll(ws), i) > 0 {
		return true
	}
	i := strings.IndexAny(msg, clauseMarks)
	if i < 0 {
		return false
	}
	h := reader.NewText(words(msg[:i]))
	return reader.CoversIn(&h, noCompanyWords...)
}

// clauseMarks end the clause that says there is no company, before what tells why.
const clauseMarks = ",،;؛.!…"

// noCompanyHead is the number of words that open ws and say there is no company ("pas
// de société", "non", "mazal ma3andich"), 0 when they do not open so; the words that
// only go with a no ("je", "c'est", "pour l'instant") are not enough alone.
func noCompanyHead(ws []string) int {
	st := stemAll(ws)
	i, refused := 0, false
	for i < len(ws) {
		n := 0
		for _, m := range noCompanyWords {
			n = max(n, m.At(ws, st, i))
		}
		if n == 0 {
			break
		}
		refused = refused || reader.SkipWords.At(ws, st, i) > 0 || reader.NoWords.At(ws, st, i) > 0 ||
			notYetWords.At(ws, st, i) > 0
		i += n
	}
	if !refused {
		return 0
	}
	return i
}

// unclearNoCompany reports whether a message the company step cannot take as a name
// opens with a plain refusal and goes on with what is not understood ("non je suis chez
// eux", "pas de société mais une association"): the company is asked again rather than
// this stored as its name. The no that is also a name's word ("La Belle Vie", "No
// Limit") is no refusal here, nor is a name written as one ("Non Stop Print").
func unclearNoCompany(msg string, ws []string) bool {
	t := reader.NewText(ws)
	return noCompanyLeads.Opens(&t) && noCompanyHead(ws) > 0 && !titleCased(msg)
}

// titleCased reports whether a text of several words in Latin letters capitalises each.
func titleCased(msg string) bool {
	fs := strings.Fields(msg)
	for _, f := range fs {
		r, _ := utf8.DecodeRuneInString(f)
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return len(fs) > 1
}

// noCompanyWords make up a message that says there is no company.
var noCompanyWords = []reader.Matcher{reader.SkipWords, politeWords, reader.NoWords, companyNames, selfWords,
	notYetWords}

// notYetWords say the company does not exist yet, or not for now: "pas encore", "not
// yet", "mazal", "pour l'instant", "for now", "حاليا", "drk", with the negation that may
// go with them ("pas pour le moment", "not at the moment", "ماشي درك").
var notYetWords = reader.NewMatcher("pas encore", "not yet", "mazal", "mazel", "ma zal", "ليس بعد", "مازال",
	"ما زال", "بعد", "encore", "yet", "toujours pas", "still", "still not", "pas", "not", "ليس", "لا",
	"pour l'instant", "pour le moment", "pour l'heure", "en ce moment", "actuellement", "à l'heure actuelle",
	"à ce jour", "for now", "for the moment", "at the moment", "right now", "currently", "as of now", "so far",
	"حاليا", "في الوقت الحالي", "الآن", "الان", "حتى الآن", "حتى الان", "لحد الآن", "لحد الان", "للحين",
	"daba", "drk", "dork", "derk", "druk", "دابا", "درك", "دروك", "ضرك", "hata drk", "7ata drk", "حتى درك",
	"حتى لدرك", "machi drk", "machi daba", "ماشي درك", "ماشي دابا")

// notYetLeads open a message saying the company is still to come, whatever follows:
// "pas encore créée", "not yet registered", "mazal ma sajeltha", "مازال ما درتهاش", "لم
// أؤسسها بعد".
var notYetLeads = reader.NewMatcher("pas encore", "toujours pas", "not yet", "still not", "mazal", "mazel",
	"ma zal", "مازال", "ما زال", "ليس بعد", "لم", "لم أؤسس", "la mazal", "non pas encore", "no not yet",
	"لا مازال", "لا ليس بعد", "لا لم")

// reasonWords tell why there is no company, after saying so: "non car je suis
// freelance", "because it's a side project", "لأنني طالب", "khater ana étudiant".
var reasonWords = reader.NewMatcher("car", "parce que", "parce qu", "puisque", "vu que", "étant donné que",
	"because", "since", "as", "cause", "cuz", "coz", "'cause", "psk", "pcq", "pck", "لأن", "لان", "لأنني",
	"لانني", "لأني", "لاني", "لأنه", "لانه", "حيث", "khater", "5ater", "khatr", "3la khater", "على خاطر", "خاطر",
	"7it", "hit", "حيت", "بما أن", "بما ان")

// noCompanyLeads open a message with a plain refusal, which no company's name starts
// with.
var noCompanyLeads = reader.NewMatcher("non", "pas", "pas de", "pas d", "aucune", "aucun", "rien", "none", "not",
	"nope", "nah", "nothing", "no company", "no business", "i don't have", "i do not have", "je n'ai pas",
	"j'ai pas", "makanch", "makach", "ma kach", "ma3andich", "ma 3andich", "walou", "mazal", "mazel", "لا",
	"ليس", "لست", "لم", "لا يوجد", "لا توجد", "ما عنديش", "ماعنديش", "معنديش", "مكانش", "ماكانش", "ماكاش",
	"ما كاش", "والو", "مازال", "ما زال")

// selfWords go with saying there is no company: "aucune, je suis indépendant", "la, ana
// étudiant", "لا ماعنديش شركة", "I don't have one yet".
var selfWords = reader.NewMatcher("je suis", "je", "suis", "c'est", "ana", "i'm", "i am", "just", "only", "pas de", "de",
	"d", "un", "une", "a", "an", "انا", "أنا", "ما", "عندي", "ta3i", "nta3i", "moi", "personnellement", "أمثل",
	"امثل", "أي", "اي", "jsuis", "j'suis", "chui", "perso", "أعمل", "اعمل", "لحسابي", "لحسابي الخاص", "à mon compte", "auto-entrepreneuse", "entrepreneuse", "auto entrepreneur", "self employed", "j'ai", "n'ai", "i have", "i don't have",
	"one", "any", "en", "n'en", "ai", "have", "lediya", "لدي", "عندنا", "nous", "n'avons", "avons", "we", "don't",
	"we don't have", "nous n'avons pas")
