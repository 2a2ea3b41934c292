package chatbot

import (
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
)

// readIntent names what a message outside a booking asks for, in the order Dota weighs
// them: the visitor's own appointment, a person, a booking (asked for, accepted, or
// implied by several details given at once), a plain yes or no, a question the rules
// answer; offered says whether Dota has just offered to book.
func readIntent(msg string, ws []string, f found, offered bool, services []booking.Service) string {
	t := reader.NewText(ws)
	if what, ok := reader.OwnAppointmentIn(&t, false); ok {
		return what
	}
	if reader.WantsPersonIn(&t) {
		return reader.IntentPerson
	}
	short := len(ws) <= 4
	yes, no := reader.YesWords.ScoreIn(&t) > 0, reader.NoWords.ScoreIn(&t) > 0
	// plain matters only to a short message.
	plain := short && !reader.IsQuestionIn(msg, &t) && reader.CoversIn(&t, reader.YesWords, reader.NoWords, politeWords)
	switch {
	case reader.ByeWords.ScoreIn(&t) > 0 && reader.CoversIn(&t, reader.ByeWords, politeWords, reader.ThanksWords):
		return reader.QuestionBye
	case reader.BookWords.ScoreIn(&t) > 0, f.count() >= 2, offered && short && yes && !no,
		// "Dimanche 29 à 9h, kayen de la place ?": a day asked for is a booking asked for.
		f.When.Date != "" && reader.IsQuestionIn(msg, &t) && reader.TopicOfIn(&t) == "" && reader.OpenWords.ScoreIn(&t) == 0 &&
			reader.ClosingWords.ScoreIn(&t) == 0,
		// "nheb consultation", "I need a mobile app": a service wanted is a booking asked for.
		f.HasService && reader.WantWords.ScoreIn(&t) > 0 && !reader.IsQuestionIn(msg, &t):
		return reader.IntentBook
	case offered && short && no, plain && no:
		return reader.IntentNo
	case plain && yes:
		return reader.IntentYes
	}
	if q, _ := reader.QuestionOfIn(&t, readerServices(services)); q != "" {
		return q
	}
	return reader.IntentOther
}

// intentAnswer answers a question about the visitor's own appointment inside the booking
// flow; ok is false when the message is none.
func (t *turn) intentAnswer(ws []string, inFlow bool) (string, bool) {
	l := t.lang()
	if what, ok := reader.OwnAppointment(ws, inFlow); ok {
		return text(l, "own_"+what), true
	}
	return "", false
}
