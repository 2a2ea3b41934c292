package reader

import (
	"strings"
	"time"
)

// Context is what the conversation expects of a message.
type Context struct {
	// Step is the step the message answers: at the name step, a message that says nothing
	// else is the name.
	Step string
	// Now is now in the agency's time zone: "demain" and "jeudi" are read from it.
	Now time.Time
	// Services is the catalogue.
	Services []Service
	// Lang is the conversation's language so far.
	Lang string
	// Offered says whether a booking was just offered: a short yes takes it.
	Offered bool
	// Managing says the visitor's own appointment is being moved or cancelled: a slot
	// offered ("Any chance we can do Monday the 30th at 10 instead?") is its new one.
	Managing bool
	// Check applies the booking's rules to a name, an e-mail or a phone (FieldName,
	// FieldEmail, FieldPhone) the message gives: the value to keep, or ok false when it
	// breaks them. Nil keeps every value as read.
	Check func(field, value string) (v string, ok bool)
}

// The fields Context.Check is asked about.
const (
	FieldName  = "name"
	FieldEmail = "email"
	FieldPhone = "phone"
)

// Reading is what one reading of a message finds.
type Reading struct {
	Lang     string   // the language the message is written in, else the conversation's
	Words    []string // its words, normalized
	Fields   Fields   // every field it carries
	Intent   string   // what it asks for outside a booking (Intent*, Question*, a topic)
	Question bool     // it reads as a question
	Topic    string   // the topic it asks about, "" when none
	// Wish is the new slot asked for when the message moves the visitor's appointment or
	// tells of it (IntentMove, IntentOwn): kept until Dota knows which appointment it is.
	Wish MoveWish
}

// Read reads a visitor's message, once, for all that the conversation may ask of it.
func Read(text string, ctx Context) Reading {
	ws := Words(text)
	t := NewText(ws)
	t.asked = strings.ContainsAny(text, "?؟")
	r := Reading{Lang: detectLangIn(text, &t, ctx.Lang), Words: ws, Question: IsQuestionIn(text, &t), Topic: TopicOfIn(&t)}
	r.Fields = fieldsIn(text, &t, ctx, r.Question)
	r.Intent = readIntent(&t, r.Fields, r.Question, r.Topic, ctx.Offered, ctx.Services)
	switch {
	case r.Intent == IntentMove || r.Intent == IntentOwn:
		r.Wish = moveWishIn(text, &t, ctx.Now, false)
	case ctx.Managing && r.Fields.Email == "" && r.Topic == "" && slotOfferIn(&t):
		r.Wish = moveWishIn(text, &t, ctx.Now, true)
	}
	return r
}
