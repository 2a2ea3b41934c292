package chatbot

import (
	"regexp"
	"strings"

	"github.com/dota-agency/dota/booking"
)

// Lead-ins a visitor may put before a value ("je m'appelle", "my email is"), removed
// before the value is checked. Longest first.
var leadIns = map[string][]string{
	StepName: {"je m'appelle", "je m’appelle", "mon nom est", "mon nom c'est", "moi c'est", "je suis", "c'est",
		"my name is", "my name's", "i am", "i'm", "this is", "it's", "name:", "nom :", "nom:", "اسمي هو", "اسمي", "أنا", "انا"},
	StepEmail: {"mon email est", "mon e-mail est", "mon mail est", "mon adresse est", "c'est", "my email is",
		"my email address is", "it's", "email:", "بريدي الإلكتروني هو", "بريدي هو", "بريدي"},
	StepPhone: {"mon numéro est", "mon numero est", "mon téléphone est", "mon tel est", "c'est", "my number is",
		"my phone number is", "my phone is", "it's", "tel:", "رقمي هو", "رقم هاتفي هو", "رقمي", "رقم هاتفي"},
	StepCompany: {"mon entreprise est", "mon entreprise s'appelle", "ma société est", "ma société s'appelle",
		"l'entreprise", "c'est", "my company is", "my company's name is", "it's", "we are", "شركتي هي", "شركتي",
		"اسم شركتي"},
}

var phoneRun = regexp.MustCompile(`\+?[\d(][\d\s\-()]{5,}\d`)

// checkValue reads and validates the value of a contact step (name, email, phone,
// company) from a message, with the spec's rules. It returns the value to store, or the
// code of the booking catalogue's message saying what is wrong.
func checkValue(step, msg string) (value, code string) {
	v := stripLeadIn(step, strings.TrimSpace(msg))
	switch step {
	case StepName:
		v = strings.Join(strings.Fields(strings.TrimRight(v, ".!")), " ")
		return v, booking.CheckName(v)
	case StepEmail:
		for _, f := range strings.Fields(v) {
			if strings.Contains(f, "@") {
				v = f
				break
			}
		}
		v = booking.NormalizeEmail(strings.Trim(v, ".,;:!?()\"'"))
		return v, booking.CheckEmail(v)
	case StepPhone:
		v = strings.TrimRight(normalizeDigits(v), ".!")
		if c := booking.CheckPhone(v); c == "" {
			return v, ""
		} else if m := phoneRun.FindString(v); m != "" && booking.CheckPhone(m) == "" {
			return strings.TrimSpace(m), ""
		} else {
			return v, c
		}
	case StepCompany:
		v = strings.Join(strings.Fields(strings.TrimRight(v, ".!")), " ")
		return v, booking.CheckCompany(v)
	}
	return v, ""
}

func stripLeadIn(step, v string) string {
	low := strings.ToLower(v)
	for _, p := range leadIns[step] {
		if strings.HasPrefix(low, p) && len(v) > len(p) {
			return strings.TrimSpace(strings.TrimLeft(v[len(p):], " :"))
		}
	}
	return v
}

// fieldWords name each field a visitor may want to correct.
var fieldWords = []struct {
	step  string
	words matcher
}{
	{StepEmail, newMatcher("email", "e-mail", "mail", "courriel", "adresse email", "adresse mail", "بريد", "البريد", "ايميل", "إيميل", "البريد الإلكتروني")},
	{StepPhone, newMatcher("téléphone", "telephone", "numéro", "numero", "tel", "phone", "number", "mobile", "هاتف", "الهاتف", "رقم", "الرقم")},
	{StepCompany, newMatcher("entreprise", "société", "societe", "company", "business", "شركة", "الشركة", "شركتي")},
	{StepName, newMatcher("nom", "name", "prénom", "prenom", "اسم", "الاسم", "اسمي")},
	{StepService, newMatcher("service", "prestation", "خدمة", "الخدمة")},
	{StepDate, newMatcher("date", "jour", "day", "تاريخ", "التاريخ", "يوم", "اليوم")},
	{StepTime, newMatcher("heure", "horaire", "créneau", "time", "hour", "slot", "ساعة", "الساعة", "وقت", "الوقت")},
}

// correctionWords mark a message that changes an earlier answer.
var correctionWords = newMatcher("non", "plutôt", "plutot", "en fait", "correction", "corriger", "changer", "modifier",
	"erreur", "trompé", "mon", "ma", "no", "actually", "instead", "change", "correct", "fix", "wrong", "mistake", "my",
	"update", "لا", "بل", "تغيير", "تعديل", "تصحيح", "خطأ", "غير")

var valueAfter = regexp.MustCompile(`(?i)(?:\s(?:est|is|c'est|to|en|par|هو|هي|إلى)\s+|\s*:\s*)(.+)$`)

// correction recognises "non, mon email est x@y.z" or "changer le téléphone": the field
// named and, when given, its new value.
func correction(msg string, ws []string) (field, value string, ok bool) {
	if correctionWords.score(ws) == 0 {
		return "", "", false
	}
	for _, f := range fieldWords {
		if f.words.score(ws) == 0 {
			continue
		}
		field = f.step
		break
	}
	if field == "" {
		return "", "", false
	}
	switch field {
	case StepEmail:
		for _, w := range strings.Fields(msg) {
			if strings.Contains(w, "@") {
				return field, w, true
			}
		}
	case StepPhone:
		if m := phoneRun.FindString(normalizeDigits(msg)); m != "" {
			return field, m, true
		}
	}
	if m := valueAfter.FindStringSubmatch(msg); m != nil {
		value = strings.TrimSpace(m[1])
	}
	return field, value, true
}
