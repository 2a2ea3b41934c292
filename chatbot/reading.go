package chatbot

import (
	"time"

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
		Lang: t.s.Lang, Offered: t.s.Offered, Check: checkField})
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
