package chatbot

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/dota-agency/dota/booking"
)

// Every message is read for every field it carries, whatever the step: "Bonjour, je suis
// Amine Belkacem, je voudrais un rendez-vous jeudi prochain à 10h pour un site web, mon
// mail amine@belk.dz, tel 0555123499" gives a name, an e-mail, a phone, a service, a day
// and an hour. Each field is checked by its own rules; one that fails them is left for
// its step to ask.

// found is what one message carries.
type found struct {
	Name, Email, Phone string
	Service            booking.Service
	HasService         bool
	When               When
}

// count is how many fields the message carries (a day and an hour count as one).
func (f found) count() int {
	n := 0
	for _, ok := range []bool{f.Name != "", f.Email != "", f.Phone != "", f.HasService, f.When.Date != ""} {
		if ok {
			n++
		}
	}
	return n
}

var (
	emailIn = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}`)
	// nameLeadIns introduce a name: "je m'appelle", "my name is", "اسمي". "je suis" and "I'm"
	// are read only before a capitalised word ("je suis intéressé" names nobody).
	nameLeadIn = regexp.MustCompile(`(?i)(?:je m['’]appelle|je me nomme|mon nom est|mon nom c['’]est|my name is|my name's|name is|اسمي|إسمي|أنا اسمي|ana ismi|esmi|smiti|سميتي)\s*:?\s*`)
	capLeadIn  = regexp.MustCompile(`(?:[Jj]e suis|[Cc]['’]est|[Ii]['’]m|[Ii] am|[Tt]his is|[Mm]oi c['’]est)\s+`)
	// nameStop ends a name: a comma, a full stop, a digit, or a word that starts the rest of the sentence.
	nameStops = map[string]bool{"et": true, "and": true, "je": true, "i": true, "j": true, "mon": true, "my": true,
		"de": true, "from": true, "du": true, "la": true, "le": true, "pour": true, "for": true, "et je": true,
		"و": true, "من": true, "أريد": true, "اريد": true, "نحب": true, "بغيت": true, "nheb": true, "bghit": true,
		"tel": true, "email": true, "mail": true, "téléphone": true, "phone": true, "voudrais": true, "would": true,
		"want": true, "veux": true, "need": true, "besoin": true}
)

// extract reads every field of a message. services is the catalogue; now the agency's
// current time.
func (t *turn) extract(msg string, ws []string) found {
	var f found
	if m := emailIn.FindString(msg); m != "" {
		if v, code := checkValue(StepEmail, m); code == "" {
			f.Email = v
		}
	}
	rest := emailIn.ReplaceAllString(msg, " ")
	for _, m := range phoneRun.FindAllString(normalizeDigits(rest), -1) {
		if v, code := checkValue(StepPhone, m); code == "" && len(digitsOf(v)) >= 9 {
			f.Phone = v
			break
		}
	}
	f.Name = nameIn(msg)
	f.Service, f.HasService = serviceIn(ws, t.catalogue().Services)
	// The hour is read only with a day, or with words that make it an hour ("à 10h"):
	// the digits of a phone are no hour.
	noPhone := phoneRun.ReplaceAllString(normalizeDigits(rest), " ")
	f.When = ParseWhen(noPhone, t.e.localNow(t.ctx), false)
	return f
}

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// nameIn finds a name introduced as one: after "je m'appelle", "my name is", "اسمي", or a
// capitalised name after "je suis", "I'm"; up to four words, checked by the name's rules.
func nameIn(msg string) string {
	start := -1
	if loc := nameLeadIn.FindStringIndex(msg); loc != nil {
		start = loc[1]
	} else {
		for _, loc := range capLeadIn.FindAllStringIndex(msg, -1) {
			if r := []rune(msg[loc[1]:]); len(r) > 0 && unicode.IsUpper(r[0]) {
				start = loc[1]
				break
			}
		}
	}
	if start < 0 {
		return ""
	}
	var parts []string
	for _, w := range strings.Fields(msg[start:]) {
		clean := strings.TrimRight(w, ",.;:!?،؛")
		if clean == "" || nameStops[strings.ToLower(clean)] || strings.ContainsAny(clean, "0123456789@") {
			break
		}
		parts = append(parts, clean)
		if len(parts) == 4 || clean != w {
			break
		}
	}
	v, code := checkValue(StepName, strings.Join(parts, " "))
	if code != "" || len(parts) == 0 {
		return ""
	}
	return v
}

// absorb stores the fields a message carries that are still missing or that it changes,
// each through its own rules; a day and an hour are kept only when the slot can be had.
// It returns what it stored, written for the visitor.
func (t *turn) absorb(f found) []string {
	l := t.lang()
	c := &t.s.Collected
	var noted []string
	if f.Name != "" {
		c.Name = f.Name
		noted = append(noted, f.Name)
	}
	if f.Email != "" {
		c.Email = f.Email
		noted = append(noted, f.Email)
	}
	if f.Phone != "" {
		c.Phone = f.Phone
		noted = append(noted, f.Phone)
	}
	if f.HasService {
		t.s.ServiceSlug, c.Service = f.Service.Slug, f.Service.Name.In(l)
		noted = append(noted, c.Service)
	}
	if f.When.Date != "" && !f.When.Past {
		if day, err := t.e.core.Day(t.ctx, f.When.Date); err == nil && !day.Closed && len(freeSlots(day)) > 0 {
			c.Date, c.Time = f.When.Date, ""
			if f.When.Time != "" && slotFree(day, f.When.Time) {
				c.Time = f.When.Time
				noted = append(noted, formatWhen(l, c.Date, c.Time))
			} else {
				noted = append(noted, formatDay(l, c.Date))
			}
		}
	}
	return noted
}

// slotFree reports whether the day's slot at hhmm can be booked.
func slotFree(day booking.Day, hhmm string) bool {
	for _, s := range day.Slots {
		if s.Time == hhmm {
			return s.Free && !s.Past
		}
	}
	return false
}
