package chatbot

import (
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
)

// A visitor's message is read once a turn: its words, the fields it carries, the days and
// hours it names and the correction it makes are worked out the first time a handler asks
// for them and kept for the rest of the turn, read with the step the message answered.
type message struct {
	text  string
	ws    []string
	step  string // the step the message answered
	read  *reader.Reading
	fix   *fix
	now   time.Time
	whens map[whenKey]reader.When
}

// fix is a correction a message makes: the field it changes and, when given, its value.
type fix struct {
	field, value string
	ok           bool
}

type whenKey struct {
	text string
	bare bool
}

// read starts the turn's reading of msg.
func (t *turn) read(msg string, ws []string) {
	t.m = &message{text: msg, ws: ws, step: t.s.Step}
}

// reading is the turn's reading of the message (reader.Read).
func (t *turn) reading() reader.Reading {
	if t.m.read == nil {
		r := t.readText(t.m.text, t.m.step)
		t.m.read = &r
	}
	return *t.m.read
}

// readText reads msg as the answer to step, with what the turn knows: now, the catalogue,
// the language and whether a booking was offered.
func (t *turn) readText(msg, step string) reader.Reading {
	return reader.Read(msg, reader.Context{Step: step, Now: t.today(), Services: readerServices(t.catalogue().Services),
		Lang: t.s.Lang, Offered: t.s.Offered, Managing: isManageStep(step), Check: checkField})
}

// fields is every field the message carries.
func (t *turn) fields() found { return t.found(t.reading().Fields) }

// correction is the correction the message makes (validate.go).
func (t *turn) correction() (field, value string, ok bool) {
	if t.m.fix == nil {
		field, value, ok := correction(t.m.text, t.m.ws)
		t.m.fix = &fix{field, value, ok}
	}
	return t.m.fix.field, t.m.fix.value, t.m.fix.ok
}

// when is the day and hour a text of the turn names — the message, or a value it gave —
// read once; bare lets a lone number be an hour (see ParseWhen).
func (t *turn) when(text string, bare bool) reader.When {
	if t.m == nil {
		return reader.ParseWhen(text, t.today(), bare)
	}
	k := whenKey{text, bare}
	if w, ok := t.m.whens[k]; ok {
		return w
	}
	w := reader.ParseWhen(text, t.today(), bare)
	if t.m.whens == nil {
		t.m.whens = map[whenKey]reader.When{}
	}
	t.m.whens[k] = w
	return w
}

// today is now in the agency's time zone, taken once a turn: every day and hour of the
// turn is read from it.
func (t *turn) today() time.Time {
	if t.m == nil {
		return t.e.localNow(t.ctx)
	}
	if t.m.now.IsZero() {
		t.m.now = t.e.localNow(t.ctx)
	}
	return t.m.now
}

// found is what one message carries.
type found struct {
	Name, Email, Phone string
	Service            catalogue.Service
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

func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// found is what the turn keeps of the fields a reading found: the catalogue's service itself.
func (t *turn) found(f reader.Fields) found {
	out := found{Name: f.Name, Email: f.Email, Phone: f.Phone, HasService: f.HasService, When: f.When}
	if f.HasService {
		out.Service = serviceBySlug(t.catalogue().Services, f.Service.Slug)
	}
	return out
}

// checkField applies the booking's rules to a name, an e-mail or a phone the reader found
// (the reader's fields are named as the steps that ask for them).
func checkField(field, v string) (string, bool) {
	if field == reader.FieldName {
		return v, booking.CheckName(v) == ""
	}
	v, code := checkValue(field, v)
	return v, code == ""
}

// absorb stores the fields a message carries that are still missing or that it changes,
// each through its own rules; a day and an hour are kept only when the slot can be had.
// It returns what it stored, written for the visitor.
func (t *turn) absorb(f found) []string {
	l := t.lang()
	c := &t.s.Collected
	var noted []string
	// A first name alone, said in passing ("ana Sonia men Sonia Bijoux"), is not the full
	// name the booking needs: the name's step asks for it. Asked for, it is the answer.
	if f.Name != "" && (len(strings.Fields(f.Name)) > 1 || t.s.Step == StepName) {
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
		t.keepConsultantFor(f.Service.Slug)
		t.s.ServiceSlug, c.Service = f.Service.Slug, f.Service.Name.In(l)
		noted = append(noted, c.Service)
	}
	if k, ok := t.consultantNamed(f.Name); ok && k.ID != t.s.ConsultantID {
		t.s.ConsultantID, t.s.ConsultantName = k.ID, k.Name
		noted = append(noted, k.Name)
	}
	// An hour alone goes with the day already chosen: "vers 17h" once Sunday is (a change of
	// hour is said as one: fillOther).
	if f.When.Date == "" && f.When.Time != "" && c.Date != "" && c.Time == "" {
		if day, err := t.e.core.Day(t.ctx, c.Date, t.lang(), t.slotsFor()); err == nil && slotFree(day, f.When.Time) {
			c.Time = f.When.Time
			noted = append(noted, formatWhen(l, c.Date, c.Time))
		}
	}
	if f.When.Date != "" && !f.When.Past {
		if day, err := t.e.core.Day(t.ctx, f.When.Date, t.lang(), t.slotsFor()); err == nil && !day.Closed && len(freeSlots(day)) > 0 {
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

// The catalogue's services as the reader knows them (reader.Service), kept with the
// catalogue's slice: a catalogue is read-only once loaded — every turn of a replica shares
// it — so the same slice holds the same services, and the reader keeps its matchers with
// the slice it is given.
var (
	readerCatalogues [4]atomic.Pointer[readerCatalogue]
	nextReaderCat    atomic.Uint32
)

type readerCatalogue struct {
	services []catalogue.Service
	read     []reader.Service
}

// readerServices returns services as the reader knows them, in their order.
func readerServices(services []catalogue.Service) []reader.Service {
	if len(services) == 0 {
		return nil
	}
	for i := range readerCatalogues {
		if c := readerCatalogues[i].Load(); c != nil && len(c.services) == len(services) && &c.services[0] == &services[0] {
			return c.read
		}
	}
	c := &readerCatalogue{services: services, read: make([]reader.Service, len(services))}
	for i, s := range services {
		c.read[i] = reader.Service{Slug: s.Slug, Names: s.Name.All()}
		for _, list := range s.Keywords {
			c.read[i].Keywords = append(c.read[i].Keywords, list...)
		}
	}
	readerCatalogues[nextReaderCat.Add(1)%uint32(len(readerCatalogues))].Store(c)
	return c.read
}

// serviceIn returns the catalogue's service a message names (reader.ServiceIn).
func serviceIn(ws []string, services []catalogue.Service) (catalogue.Service, bool) {
	s, ok := reader.ServiceIn(ws, readerServices(services))
	if !ok {
		return catalogue.Service{}, false
	}
	return serviceBySlug(services, s.Slug), true
}

// serviceOtherThan returns the catalogue's service a message names other than the one of
// slug skip (reader.ServiceOtherThan).
func serviceOtherThan(ws []string, services []catalogue.Service, skip string) (catalogue.Service, bool) {
	t := reader.NewText(ws)
	s, ok := reader.ServiceOtherThan(&t, readerServices(services), skip)
	if !ok {
		return catalogue.Service{}, false
	}
	return serviceBySlug(services, s.Slug), true
}

// serviceBySlug is the catalogue's service of slug; the zero service when none is.
func serviceBySlug(services []catalogue.Service, slug string) catalogue.Service {
	for _, s := range services {
		if s.Slug == slug {
			return s
		}
	}
	return catalogue.Service{}
}

// The reader's functions chatbot calls everywhere, by their short names.
var (
	words       = reader.Words
	stemAll     = reader.StemAll
	ParseWhen   = reader.ParseWhen
	politeWords = reader.PoliteWords
)

// intentAnswer answers a question about the visitor's own appointment inside the booking
// flow; ok is false when the message is none.
func (t *turn) intentAnswer(ws []string, inFlow bool) (string, bool) {
	l := t.lang()
	if what, ok := reader.OwnAppointment(ws, inFlow, false); ok {
		return text(l, "own_"+what), true
	}
	return "", false
}

// A visitor who sees their name misspelt spells it again, often the one word alone, at
// whatever step comes next: "sorry typo: Khelil, with an h", "non pardon c'est Benaly, avec
// un y", "سمحلي غلطت، Bouhraoua بالـ h". The word of the name the new one comes close to
// is replaced by it, and the step is asked again.

// respellWords say that what follows mends a mistake.
var respellWords = reader.NewMatcher("pardon", "sorry", "typo", "désolé", "desole", "désolée", "oups", "oops",
	"erreur", "mistake", "je me suis trompé", "je me suis trompe", "i mean", "je veux dire", "correction",
	"with an", "with a", "avec un", "avec une", "spelled", "spelt", "s'écrit", "ca s'ecrit", "ça s'écrit",
	"غلطت", "سمحلي", "سامحني", "عذرا", "آسف", "اسف", "smahli", "sma7li", "ghlatt", "bel", "بال", "بالـ")

// respell mends the name the message spells again, and reports whether it did. Only a
// message that mends (respellWords) and gives no other value (an e-mail, a phone, a day,
// a service) is read so: "pardon, yacine.benaly@gmail.com" is an e-mail.
func (t *turn) respell(msg string, ws []string) bool {
	name := t.s.Collected.Name
	if name == "" || t.s.Step == StepName || respellWords.Score(ws) == 0 {
		return false
	}
	if f := t.fields(); f.Email != "" || f.Phone != "" || f.HasService || f.When.Date != "" || f.When.Time != "" {
		return false
	}
	parts := strings.Fields(name)
	for _, w := range strings.FieldsFunc(msg, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) {
		for i, p := range parts {
			if respelt(p, w) {
				parts[i] = w
				t.s.Collected.Name = strings.Join(parts, " ")
				t.askWith(text(t.lang(), "understood", "list", t.s.Collected.Name))
				return true
			}
		}
	}
	return false
}

// respelt reports whether word is another spelling of part: not the same word, at least
// three letters each, the same first letter, and at most two letters apart.
func respelt(part, word string) bool {
	a, b := []rune(strings.ToLower(part)), []rune(strings.ToLower(word))
	if len(a) < 3 || len(b) < 3 || string(a) == string(b) || a[0] != b[0] || utf8.RuneCountInString(word) > 40 {
		return false
	}
	return editDistance(a, b) <= 2
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b []rune) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
