package chatbot

import "github.com/dota-agency/dota/chatbot/reader"

// intentAnswer answers a question about the visitor's own appointment inside the booking
// flow; ok is false when the message is none.
func (t *turn) intentAnswer(ws []string, inFlow bool) (string, bool) {
	l := t.lang()
	if what, ok := reader.OwnAppointment(ws, inFlow, false); ok {
		return text(l, "own_"+what), true
	}
	return "", false
}
