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
	found *found
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

// fields is every field the message carries (extract.go).
func (t *turn) fields() found {
	if t.m.found == nil {
		f := t.extract(t.m.text, t.m.ws, t.m.step)
		t.m.found = &f
	}
	return *t.m.found
}

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
		return reader.ParseWhen(text, t.e.localNow(t.ctx), bare)
	}
	k := whenKey{text, bare}
	if w, ok := t.m.whens[k]; ok {
		return w
	}
	if t.m.now.IsZero() {
		t.m.now = t.e.localNow(t.ctx)
	}
	w := reader.ParseWhen(text, t.m.now, bare)
	if t.m.whens == nil {
		t.m.whens = map[whenKey]reader.When{}
	}
	t.m.whens[k] = w
	return w
}
