package chatbot

import (
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
	namereader "github.com/dota-agency/dota/chatbot/reader/name"
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
	When               reader.When
}

// count is how many fields the message carries (a day and an hour count as one).
func (f found) count() int {
	n := 0
	for _, ok := range []bool{f.Name != "", f.Email != "", f.Phone != "", f.HasService, f.When.Date != "" || f.When.Time != ""} {
		if ok {
			n++
		}
	}
	return n
}

// extract reads every field of a message answering step (a turn reads it once: fields,
// in reading.go).
func (t *turn) extract(msg string, ws []string, step string) found {
	var f found
	emails := emailsIn(msg)
	if len(emails) > 0 {
		if v, code := checkValue(StepEmail, msg[emails[0][0]:emails[0][1]]); code == "" {
			f.Email = v
		}
	}
	rest := reader.NormalizeDigits(reader.ReplaceSpans(msg, emails))
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
	// The words of an address or a number name no service: "yanis.web@gmail.com".
	sws := ws
	if len(emails) > 0 || len(phones) > 0 {
		sws = words(reader.ReplaceSpans(rest, phones))
	}
	f.Service, f.HasService = serviceIn(sws, t.catalogue().Services)
	// The hour is read only with a day, or with words that make it an hour ("à 10h"):
	// the digits of a phone are no hour.
	f.When = t.when(reader.ReplaceSpans(rest, phones), false)
	// At the name step, a message that says nothing else answers it: "D'accord. Yacine
	// Amrani, yacine@x.dz"; not "ah non attendez, lundi ma nkderch" nor "sorry typo, it's
	// 0667 …", whose words are no name.
	f.Name = nameIn(reader.ReplaceSpans(rest, phones))
	if f.Name == "" && step == StepName && !reader.IsQuestion(msg, ws) && saysOnlyName(ws, f) {
		f.Name = checkedName(namereader.Answer(reader.ReplaceSpans(rest, phones)))
	}
	return f
}

// saysOnlyName reports whether a message at the name step may be read as the name: it
// names no service, day or hour, and holds no correction, change of mind, no or apology.
func saysOnlyName(ws []string, f found) bool {
	if f.HasService || f.When.Date != "" || f.When.Time != "" || f.When.Unsure != "" {
		return false
	}
	t := reader.NewText(ws)
	for _, m := range []*reader.Matcher{&correctionLeads, &reader.ChangeWords, &reader.NoWords, &reader.CancelWords} {
		if m.ScoreIn(&t) > 0 {
			return false
		}
	}
	return true
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

// nameIn finds a name introduced as one (chatbot/reader/name): after "je m'appelle", "my
// name is", "اسمي", "Name:", a name after "je suis", "I'm", "ana", "أنا", or alone after a
// greeting; checked by the name's rules.
func nameIn(msg string) string {
	return checkedName(namereader.Introduced(msg))
}

func checkedName(v string) string {
	if v == "" || booking.CheckName(v) != "" {
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
	// An hour alone goes with the day already chosen: "vers 17h" once Sunday is.
	if f.When.Date == "" && f.When.Time != "" && c.Date != "" && c.Time == "" {
		if day, err := t.e.core.Day(t.ctx, c.Date, t.lang()); err == nil && slotFree(day, f.When.Time) {
			c.Time = f.When.Time
			noted = append(noted, formatWhen(l, c.Date, c.Time))
		}
	}
	if f.When.Date != "" && !f.When.Past {
		if day, err := t.e.core.Day(t.ctx, f.When.Date, t.lang()); err == nil && !day.Closed && len(freeSlots(day)) > 0 {
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
