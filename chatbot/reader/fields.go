package reader

import (
	"regexp"
	"strings"

	namereader "github.com/dota-agency/dota/chatbot/reader/name"
)

// Every message is read for every field it carries, whatever the step: "Bonjour, je suis
// Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon
// mail amine@belk.dz, tel 0555123499" gives a name, an e-mail, a phone, a service, a day
// and an hour. Each field is checked by its own rules; one that fails them is left for
// its step to ask.

// Fields is what one message carries.
type Fields struct {
	Name, Email, Phone string
	Service            Service
	HasService         bool
	// When is the day and hour; When.Unsure an hour only partly understood, to confirm
	// rather than record.
	When When
	// URLs are the web addresses it gives (urls.go), which may answer a service's question.
	URLs []string
}

// Names reports whether the message names a day or a service: what an appointment is
// told by.
func (f Fields) Names() bool { return f.When.Date != "" || f.HasService }

// Count is how many fields the message carries (a day and an hour count as one).
func (f Fields) Count() int {
	n := 0
	for _, ok := range []bool{f.Name != "", f.Email != "", f.Phone != "", f.HasService, f.When.Date != "" || f.When.Time != ""} {
		if ok {
			n++
		}
	}
	return n
}

// fieldsIn reads every field of a message, whose words are t; question says whether it
// reads as one.
func fieldsIn(msg string, t *Text, ctx Context, question bool) Fields {
	var f Fields
	emails := EmailsIn(msg)
	if len(emails) > 0 {
		e := emails[0]
		// "x@gmial.com — oops, typo, it's x@gmail.com": the address corrected is the last.
		if last := emails[len(emails)-1]; len(emails) > 1 && Corrects(msg[e[1]:last[0]]) {
			e = last
		}
		if v, ok := ctx.check(FieldEmail, msg[e[0]:e[1]]); ok {
			f.Email = v
		}
	}
	rest := NormalizeDigits(ReplaceSpans(msg, emails))
	// An address's words are neither a phone, a service, a day nor a name:
	// "boutique-mobile.dz" names no mobile app.
	urls := urlSpans(rest)
	if len(urls) > 0 {
		f.URLs = spanTexts(rest, urls)
		rest = ReplaceSpans(rest, urls)
	}
	phones := PhonesIn(rest)
	for _, loc := range phones {
		// Fewer than 9 digits is no phone: the rules are asked only about the others.
		if m := rest[loc[0]:loc[1]]; CountDigits(m) >= 9 {
			if v, ok := ctx.check(FieldPhone, m); ok {
				f.Phone = v
				break
			}
		}
	}
	// The words of an address or a number name no service: "yanis.web@gmail.com"; nor
	// do a company's: "société Numidia Conseil", "الشركة تاعي اسمها Haddad Market".
	plain := rest
	company := companyWords.ScoreIn(t) > 0
	if len(emails) > 0 || len(phones) > 0 || len(urls) > 0 || company {
		plain = ReplaceSpans(rest, labelled(rest, phones))
		if company {
			plain = withoutCompanyNames(plain)
		}
		f.Service, f.HasService = ServiceIn(Words(plain), ctx.Services)
	} else {
		f.Service, f.HasService = serviceInText(t, ctx.Services)
	}
	// The hour is read only with a day, or with words that make it an hour ("à 10h"):
	// the digits of a phone are no hour.
	f.When = ParseWhen(plain, ctx.Now, false)
	// A name introduced as one (chatbot/reader/name): after "je m'appelle", "my name is",
	// "اسمي", "Name:", a name after "je suis", "I'm", "ana", "أنا", or alone after a
	// greeting. At the name step, a message that says nothing else answers it: "D'accord.
	// Yacine Amrani, yacine@x.dz"; not "ah non attendez, lundi ma nkderch" nor "sorry typo,
	// it's 0667 …", whose words are no name.
	f.Name = ctx.checkedName(namereader.Introduced(plain))
	// "Moi c'est Sofiane, je prends rendez-vous pour mon père": the name introduced is the
	// writer's, not the one who comes; the name step asks it.
	if f.Name != "" && forOtherWords.ScoreIn(t) > 0 {
		f.Name = ""
	}
	if f.Name == "" && ctx.Step == FieldName && !question && saysOnlyName(t, f) {
		f.Name = ctx.checkedName(namereader.Answer(plain))
	}
	return f
}

// companyWords name the visitor's company, whose name follows: "société Numidia Conseil",
// "company is Kessler Fitness", "الشركة تاعي اسمها Haddad Market".
var (
	companyWords = NewMatcher("société", "societe", "entreprise", "company", "compagnie", "الشركة", "شركة",
		"شركتي", "شركتنا", "sharika", "charika", "chrika")
	companyNamedAt = regexp.MustCompile(`(?i)(^|[\s,،;:.(])(?:ma |mon |notre |my |our |the |la |l')?(?:société|societe|entreprise|company|compagnie|الشركة|شركة|شركتي|شركتنا|sharika|charika|chrika)(?:\s+(?:ta3i|تاعي|نتاعي|ta3na|تاعنا))?(?:\s*(?:is|est|c'est|:|=|name is|s'appelle|اسمها|إسمها|esmha|smitha|ismha|هي))?\s+([^,،;\n]+)`)
	// nameEnds end a company's name, starting what the visitor goes on to say: "a logistics
	// company and we want an AI chatbot", "une société de transport et nous voulons un site".
	nameEnds = NewMatcher("and", "et", "that", "which", "who", "qui", "que", "we", "i", "nous", "je", "on", "but",
		"mais", "so", "donc", "w", "wa", "و", "ana", "7na", "hna", "ahna", "احنا", "حنا", "نحن", "ونحن", "ونريد",
		"ونحتاج", "ونحب", "وحابين", "وبغينا", "wnheb", "wnhebou", "wbghina", "wa7na")
)

// withoutCompanyNames is s without the visitor's company words and the name after them,
// whose words name no service: "société Digital Web" asks for no site. The name ends at a
// comma, or where the sentence goes on ("we're a logistics company and we want a chatbot").
func withoutCompanyNames(s string) string {
	locs := companyNamedAt.FindAllStringSubmatchIndex(s, -1)
	if locs == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, l := range locs {
		b.WriteString(s[last:l[3]])
		last = l[4] + nameLength(s[l[4]:l[5]])
	}
	b.WriteString(s[last:])
	return b.String()
}

// nameLength is how many bytes of name, the words after a company word, are the company's
// name: up to the first word that ends it (nameEnds) or wants something (WantWords).
func nameLength(name string) int {
	pos := 0
	for _, w := range strings.Fields(name) {
		at := pos + strings.Index(name[pos:], w)
		ws := NewText(Words(w))
		if nameEnds.exactIn(&ws) || WantWords.exactIn(&ws) {
			return at
		}
		pos = at + len(w)
	}
	return len(name)
}

// forOtherWords book for someone else, who comes: "pour mon père", "on behalf of my boss",
// "لوالدي", "لماما", "b esmha".
var forOtherWords = NewMatcher("pour mon père", "pour mon pere", "pour ma mère", "pour ma mere", "pour mon fils",
	"pour ma fille", "pour mon mari", "pour ma femme", "pour mon frère", "pour mon frere", "pour ma sœur",
	"pour ma soeur", "pour mon directeur", "pour ma directrice", "pour mon patron", "pour ma patronne",
	"pour mon chef", "pour un client", "pour une cliente", "pour mon client", "pour ma cliente",
	"de la part de", "à son nom", "a son nom", "en son nom", "pas au mien", "on behalf of", "for my father",
	"for my mother", "for my dad", "for my mom", "for my mum", "for my boss", "for my manager",
	"for my husband", "for my wife", "for my son", "for my daughter", "for my brother", "for my sister",
	"for my client", "for a client", "in his name", "in her name", "لوالدي", "لوالدتي", "لأبي", "لابي",
	"لأمي", "لامي", "لمديري", "لزوجي", "لزوجتي", "لابني", "لابنتي", "لأخي", "لاخي", "لأختي", "لاختي",
	"باسمه", "باسمها", "نيابة عن", "لماما", "لبابا", "لخويا", "لختي", "لمرتي", "لراجلي", "لباطرون",
	"l mama", "lmama", "l baba", "lbaba", "l khouya", "l khti", "l patron", "besmo", "b esmo", "besmha",
	"b esmha")

// phoneLabels name the phone right before its number: "my mobile: 06 96 …" names no
// mobile app.
var phoneLabels = map[string]bool{"mobile": true, "portable": true, "cell": true, "cellphone": true,
	"موبايل": true, "جوال": true, "بورطابل": true, "portabl": true}

// labelled widens each phone's span over the label right before it.
func labelled(s string, phones [][2]int) [][2]int {
	out := make([][2]int, len(phones))
	for i, sp := range phones {
		out[i] = sp
		before := strings.TrimRight(s[:sp[0]], " :.-")
		j := strings.LastIndexAny(before, " ,;\n") + 1
		if phoneLabels[strings.ToLower(before[j:])] && (i == 0 || j >= phones[i-1][1]) {
			out[i][0] = j
		}
	}
	return out
}

// check applies ctx.Check.
func (ctx Context) check(field, v string) (string, bool) {
	if ctx.Check == nil {
		return v, true
	}
	return ctx.Check(field, v)
}

func (ctx Context) checkedName(v string) string {
	if v == "" {
		return ""
	}
	if v, ok := ctx.check(FieldName, v); ok {
		return v
	}
	return ""
}

// saysOnlyName reports whether a message at the name step may be read as the name: it
// names no service, day or hour, and holds no correction, change of mind, no or apology.
func saysOnlyName(t *Text, f Fields) bool {
	if f.HasService || f.When.Date != "" || f.When.Time != "" || f.When.Unsure != "" {
		return false
	}
	for _, m := range []*Matcher{&CorrectionLeads, &ChangeWords, &NoWords, &CancelWords} {
		if m.ScoreIn(t) > 0 {
			return false
		}
	}
	return true
}

// Corrects reports whether the words between two values correct the first: "oops, typo,
// it's", "non pardon", "أقصد".
func Corrects(between string) bool {
	t := NewText(Words(between))
	return CorrectionLeads.ScoreIn(&t) > 0 || ChangeWords.ScoreIn(&t) > 0 || meanWords.ScoreIn(&t) > 0
}

// meanWords say what the visitor meant: "je veux dire", "I mean", "أقصد".
var meanWords = NewMatcher("je veux dire", "i mean", "i meant", "أقصد", "اقصد", "9asdi", "qasdi", "ya3ni",
	"يعني", "c'est-à-dire", "plus exactement", "the right one", "la bonne", "corrigé", "corrected")
