package chatbot

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	namereader "github.com/dota-agency/dota/chatbot/reader/name"
)

// The rules of each contact value (the table of steps holds them, steps.go), each after
// removing the lead-ins a visitor may put before it ("je m'appelle", "my email is"),
// longest first. Each returns the value to store, or the code of the booking catalogue's
// message saying what is wrong.
var (
	nameLeadIns = []string{"je m'appelle", "je m’appelle", "mon nom est", "mon nom c'est", "moi c'est", "je suis",
		"c'est", "my name is", "my name's", "i am", "i'm", "this is", "it's", "name:", "nom :", "nom:", "اسمي هو",
		"اسمي", "أنا", "انا"}
	emailLeadIns = []string{"mon email est", "mon e-mail est", "mon mail est", "mon adresse est", "c'est", "my email is",
		"my email address is", "it's", "email:", "بريدي الإلكتروني هو", "بريدي هو", "بريدي"}
	phoneLeadIns = []string{"mon numéro est", "mon numero est", "mon téléphone est", "mon tel est", "c'est",
		"my number is", "my phone number is", "my phone is", "it's", "tel:", "رقمي هو", "رقم هاتفي هو", "رقمي",
		"رقم هاتفي"}
	companyLeadIns = []string{"mon entreprise est", "mon entreprise s'appelle", "ma société est",
		"ma société s'appelle", "l'entreprise", "c'est", "my company is", "my company's name is", "it's", "we are",
		"شركتي هي", "شركتي", "اسم شركتي", "il s'agit de l'", "il s'agit de la ", "il s'agit du ", "il s'agit de ",
		"il s'agit d'"}
)

var phoneDots = regexp.MustCompile(`^\+?\d[\d.]{7,}\d$`)

// checkValue reads and validates the value of a step from a message, by the step's rules.
func checkValue(step, msg string) (value, code string) { return steps[step].check(msg) }

func checkName(msg string) (string, string) {
	v := stripLeadIn(nameLeadIns, strings.TrimSpace(msg))
	if n := namereader.Answer(msg); n != "" && !namereader.Business(n) {
		v = n
	} else if namereader.Business(msg) || namereader.Assent(msg) {
		// "le magasin c'est Meubles Boudiaf", "الشركة اسمها Sahel Food": a business's name,
		// not the visitor's; "pour moi c'est bon", "for me it's good": no name at all
		v = ""
	}
	// "لا سمحلي غلطت، حط …", "non pardon": a no or a correction's lead is no name; nor is
	// a booking asked for ("نديرو رونديفو").
	if nw := reader.Words(v); reader.NoWords.Score(nw) > 0 || reader.CorrectionLeads.Score(nw) > 0 ||
		reader.BookWords.Score(nw) > 0 {
		v = ""
	}
	v = strings.Join(strings.Fields(strings.TrimRight(v, ".!")), " ")
	return v, booking.CheckName(v)
}

func checkEmail(msg string) (string, string) {
	v := stripLeadIn(emailLeadIns, strings.TrimSpace(msg))
	// "x@gmial.com — oops, typo, it's x@gmail.com": the address corrected is the last.
	if es := reader.EmailsIn(v); len(es) > 1 && reader.Corrects(v[es[0][1]:es[len(es)-1][0]]) {
		v = v[es[len(es)-1][0]:es[len(es)-1][1]]
	}
	for _, f := range strings.Fields(v) {
		if strings.Contains(f, "@") {
			v = f
			break
		}
	}
	v = booking.NormalizeEmail(strings.Trim(v, ".,;:!?()\"'"))
	if c := booking.CheckEmail(v); c != "" {
		// "karim at gmail dot com", "samir point ouali arobase yahoo point fr", "x @ gmail . com"
		if e := spelledEmail(msg); e != "" {
			return e, ""
		}
		return v, c
	}
	return v, ""
}

var (
	spelledAt = regexp.MustCompile(`(?i)\s*(?:\(at\)|\[at\]|\bat\b|\barobase\b|@)\s*`)
	// a full stop spaced before joins an address ("x @ gmail . com"), not one that
	// ends a sentence ("… yahoo point fr. Le numéro …")
	spelledDot = regexp.MustCompile(`(?i)\s*(?:\(dot\)|\[dot\]|\bdot\b|\bpoint\b)\s*|\s+\.\s*`)
	// "houda tiret bas amrani", "karim underscore b", "nour tiret web"
	spelledUnder = regexp.MustCompile(`(?i)\s*\b(?:tiret bas|tiret du bas|underscore|under score|tiret du 8|tiret 8)\b\s*`)
	spelledDash  = regexp.MustCompile(`(?i)\s*\b(?:tiret|dash|hyphen)\b\s*`)
)

// spelledEmail reads an address written out or spaced; "" when none.
func spelledEmail(msg string) string {
	v := strings.ToLower(stripLeadIn(emailLeadIns, strings.TrimSpace(msg)))
	v = spelledUnder.ReplaceAllString(v, "_")
	v = spelledDash.ReplaceAllString(v, "-")
	v = spelledDot.ReplaceAllString(spelledAt.ReplaceAllString(v, "@"), ".")
	if m := reader.EmailIn.FindString(v); m != "" && booking.CheckEmail(booking.NormalizeEmail(m)) == "" {
		return booking.NormalizeEmail(m)
	}
	return ""
}

func checkPhone(msg string) (string, string) {
	v := strings.TrimRight(reader.NormalizeDigits(stripLeadIn(phoneLeadIns, strings.TrimSpace(msg))), ".!")
	if phoneDots.MatchString(v) { // "0555.12.34.56"
		v = strings.ReplaceAll(v, ".", " ")
	}
	if c := booking.CheckPhone(v); c == "" {
		return v, ""
	} else if w, ok := landline(v); ok {
		return w, ""
	} else if m := reader.PhoneRun.FindString(v); m != "" && booking.CheckPhone(m) == "" {
		return strings.TrimSpace(m), ""
	} else {
		return v, c
	}
}

// landline writes an Algerian landline given nationally ("021 69 45 12", nine digits,
// fewer than a phone's ten) with its country code: "+213 21 69 45 12", the number the
// booking keeps.
func landline(v string) (string, bool) {
	d := booking.PhoneDigits(v)
	if len(d) != 9 || d[0] != '0' || strings.HasPrefix(strings.TrimSpace(v), "+") {
		return "", false
	}
	w := "+213 " + strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "0"))
	if booking.CheckPhone(w) != "" {
		return "", false
	}
	return w, true
}

// companyNamed finds a company's name after the words that name it: "le magasin smitou
// Lina Style", "a shop called Lina Style", "محل اسمه ليلى ستايل", and darija's spellings of
// "its name" in both scripts ("المحل اسمو Ghezali Shoes", "l'hanout esmo …", "إسمه").
var companyNamed = regexp.MustCompile(`(?i)(?:^|\s)(?:smitou|smitha|smito|ismou|ismha|ismo|esmo|esmou|esmha|s'appelle|appelée|appelé|nommée|nommé|called|named|اسمها|اسمه|اسمو|إسمها|إسمه|إسمو|سميتو|سميتها)\s+(.+)$`)

// companyLabel is a company's name after a label of one to five words and a colon.
var companyLabel = regexp.MustCompile(`^(?:[^\s:]+\s+){0,4}[^\s:]+\s*:\s*(\S.*)$`)

// companyIs follows a business's word with its name: "le magasin c'est …", "my shop is …".
var companyIs = regexp.MustCompile(`(?i)^\S+(?:\s+\S+)?\s+(?:c'est|c’est|c|est|is|'s)\s+(.+)$`)

func checkCompany(msg string) (string, string) {
	msg = withoutSymbols(msg)
	// "Kodix (startup)", "Nadia Cosmétiques, c'est ma boutique": the name, not what follows.
	msg = companyAside.ReplaceAllString(msg, "")
	msg = afterCompanyYes(msg)
	if i := strings.IndexAny(msg, ",،;"); i > 0 {
		msg = msg[:i]
	}
	if m := companyLabel.FindStringSubmatch(msg); m != nil {
		msg = m[1] // "Le nom du cabinet : Haddad Avocats", "Company name: QuickDz"
	}
	if m := companyNamed.FindStringSubmatch(msg); m != nil {
		msg = m[1]
	} else if m := companyIs.FindStringSubmatch(msg); m != nil && namereader.Business(msg) {
		msg = m[1] // "le magasin c Meubles Boudiaf", "my shop is Lune"
	}
	v := stripLeadIn(companyLeadIns, strings.TrimSpace(msg))
	v = strings.Join(strings.Fields(strings.TrimRight(v, ".!")), " ")
	return v, booking.CheckCompany(v)
}

// afterCompanyYes drops what opens an answer before the company's name, each part up to
// its comma: a yes ("Oui, il s'agit de l'Agence Horizon", "إيه، المطعم سميتو …") and the
// words that only say there is a company ("Yes, it's for my company, Nova Print"). The
// message is kept whole when nothing would be left.
func afterCompanyYes(msg string) string {
	rest, dropped := strings.NewReplacer("،", ",", "؛", ";").Replace(msg), false
	for {
		i := strings.IndexAny(rest, ",;")
		if i < 0 || strings.TrimSpace(rest[i+1:]) == "" {
			break
		}
		t := reader.NewText(words(rest[:i]))
		yes := len(t.Words) > 0 && reader.CoversIn(&t, reader.YesWords, politeWords)
		lead := companyNames.ScoreIn(&t) > 0 &&
			reader.CoversIn(&t, reader.YesWords, companyNames, fieldDeterminers, copulas, companyFor)
		if !yes && !lead {
			break
		}
		rest, dropped = strings.TrimSpace(rest[i+1:]), true
	}
	if !dropped {
		return msg
	}
	return rest
}

// companyFor says whose the company is before its name: "it's for my company", "c'est
// pour ma société".
var companyFor = reader.NewMatcher("it's", "it", "is", "for", "c'est", "pour", "هي", "ل", "ta3", "تاع")

// companyAside is a company's name's aside in brackets.
var companyAside = regexp.MustCompile(`\s*\([^)]*\)`)

// withoutSymbols drops the emoji and pictographs a value may carry: "Rania Cosmetics 💄".
func withoutSymbols(s string) string {
	return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) || r == '\u200d' || r == '\ufe0f' {
			return ' '
		}
		return r
	}, s)), " ")
}

func stripLeadIn(leadIns []string, v string) string {
	low := strings.ToLower(v)
	for _, p := range leadIns {
		if strings.HasPrefix(low, p) && len(v) > len(p) {
			return strings.TrimSpace(strings.TrimLeft(v[len(p):], " :"))
		}
	}
	return v
}

// findEmail and findPhone find the new value anywhere in a correction.
func findEmail(msg string) string {
	for _, w := range strings.Fields(msg) {
		if strings.Contains(w, "@") {
			return w
		}
	}
	return ""
}

func findPhone(msg string) string { return reader.PhoneRun.FindString(reader.NormalizeDigits(msg)) }

// The words that name each field a visitor may want to correct.
var (
	emailNames = reader.NewMatcher("email", "e-mail", "mail", "courriel", "adresse email", "adresse mail", "adresse e-mail",
		"adresse électronique", "email address", "بريد", "البريد", "بريدي", "ايميل", "إيميل", "البريد الإلكتروني")
	phoneNames = reader.NewMatcher("téléphone", "telephone", "numéro", "numero", "numéro de téléphone", "numero de telephone",
		"tel", "phone", "number", "phone number", "mobile", "هاتف", "الهاتف", "هاتفي", "رقم", "الرقم", "رقمي",
		"رقم الهاتف", "رقم هاتفي")
	companyNames = reader.NewMatcher("entreprise", "société", "societe", "company", "business", "شركة", "الشركة", "شركتي")
	nameNames    = reader.NewMatcher("nom", "name", "prénom", "prenom", "nom complet", "full name", "اسم", "الاسم", "اسمي")
	serviceNames = reader.NewMatcher("service", "prestation", "خدمة", "الخدمة")
	dateNames    = reader.NewMatcher("date", "jour", "day", "تاريخ", "التاريخ", "يوم", "اليوم")
	timeNames    = reader.NewMatcher("heure", "horaire", "créneau", "time", "hour", "slot", "ساعة", "الساعة", "وقت", "الوقت")
)

// The words of an explicit correction, in the order it says them: a lead ("non", "en
// fait", "je veux": reader.CorrectionLeads), a change verb (reader.ChangeVerbs), a determiner, the field, then a copula before the new
// value ("non, mon email est …", "changer le téléphone", "change my phone to …").
var (
	fieldDeterminers = reader.NewMatcher("le", "la", "l", "les", "mon", "ma", "mes", "notre", "votre", "de", "d", "du",
		"the", "my", "our", "your")
	copulas = reader.NewMatcher("est", "c'est", "sera", "devient", "is", "it's", "should be", "هو", "هي")
)

// fieldAt reads "[lead] [change verb] [determiner] field" from the start of a message: the
// field named, whether a change verb was said, and the index of the word after the field.
func fieldAt(ws []string) (field string, verb bool, next int) {
	st := stemAll(ws)
	i := reader.CorrectionLeads.Skip(ws, st, 0)
	if n := reader.ChangeVerbs.At(ws, st, i); n > 0 {
		i, verb = i+n, true
	}
	i = fieldDeterminers.Skip(ws, st, i)
	for _, f := range fieldSteps {
		names := steps[f].names
		if n := names.At(ws, st, i); n > 0 {
			return f, verb, names.Skip(ws, st, i)
		}
	}
	return "", false, 0
}

// fieldNamed reads the answer to "what would you like to change?": a field's name and
// nothing else ("l'email", "le téléphone", "the date", "الهاتف", "modifier e-mail").
func fieldNamed(ws []string) (string, bool) {
	field, _, next := fieldAt(ws)
	if field == "" || (next < len(ws) && !reader.Covers(ws[next:], politeWords)) {
		return "", false
	}
	return field, true
}

// valueAfter reads the new value right after a correction's field: "… nom | en Sarah",
// "… name | to Sarah", "… entreprise | : Atlas".
var valueAfter = regexp.MustCompile(`(?i)^\s*(?:(?:est|is|c'est|it's|to|en|par|pour|à|au|هو|هي|إلى)\s+|:\s*)(.+)$`)

// correction recognises a message that is a correction — "non, mon email est x@y.z",
// "changer le téléphone", "change my phone to 0555…" — and returns the field named and,
// when given, its new value. A field's name inside an ordinary answer ("I need a mobile
// app for my shop") is not a correction: the message must open with the field, after a
// change verb or followed by its new value.
func correction(msg string, ws []string) (field, value string, ok bool) {
	field, verb, next := fieldAt(ws)
	if field == "" {
		return "", "", false
	}
	if !verb && copulas.At(ws, stemAll(ws), next) == 0 {
		return "", "", false
	}
	if find := steps[field].find; find != nil {
		if v := find(msg); v != "" {
			return field, v, true
		}
	}
	if m := valueAfter.FindStringSubmatch(fromWord(msg, next)); m != nil {
		value = strings.TrimSpace(m[1])
	}
	return field, value, true
}

// fromWord returns msg from the space-separated token that holds its n-th word, as words
// counts them, on: the text after a correction's field ("… my name | to Sarah").
func fromWord(msg string, n int) string {
	tokens := strings.Fields(msg)
	count := 0
	for i, tk := range tokens {
		count += len(words(tk))
		if count > n {
			return strings.Join(tokens[i:], " ")
		}
	}
	return ""
}
