package chatbot

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

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
	emails := emailsIn(msg)
	if len(emails) > 0 {
		if v, code := checkValue(StepEmail, msg[emails[0][0]:emails[0][1]]); code == "" {
			f.Email = v
		}
	}
	rest := normalizeDigits(replaceSpans(msg, emails))
	phones := phonesIn(rest)
	for _, loc := range phones {
		// Fewer than 9 digits is no phone: libphonenumber is asked only about the others.
		if m := rest[loc[0]:loc[1]]; countDigits(m) >= 9 {
			if v, code := checkValue(StepPhone, m); code == "" {
				f.Phone = v
				break
			}
		}
	}
	f.Name = nameIn(msg)
	f.Service, f.HasService = serviceIn(ws, t.catalogue().Services)
	// The hour is read only with a day, or with words that make it an hour ("à 10h"):
	// the digits of a phone are no hour.
	f.When = ParseWhen(replaceSpans(rest, phones), t.e.localNow(t.ctx), false)
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
	start := nameStart(msg)
	if start < 0 {
		return ""
	}
	var parts []string
	for w := range strings.FieldsSeq(msg[start:]) {
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

// nameStart is where a name introduced as one starts in msg, -1 where none is.
func nameStart(msg string) int {
	if end := nameLeadInEnd(msg); end >= 0 {
		return end
	}
	for from := 0; ; {
		end := capLeadInEnd(msg, from)
		if end < 0 {
			return -1
		}
		if r, size := utf8.DecodeRuneInString(msg[end:]); size > 0 && unicode.IsUpper(r) {
			return end
		}
		from = end
	}
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
