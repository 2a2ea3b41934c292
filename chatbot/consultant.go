package chatbot

import (
	"slices"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
)

// A visitor may ask for a consultant by name ("avec Yacine", "m3a Yacine"): when the
// agency has consultants, the slots offered are then that consultant's and the booking
// asks for them; otherwise booking assigns one.

// slotsFor is what the turn's slot lookups are for: the chosen service and, once the
// visitor named one, its consultant.
func (t *turn) slotsFor() booking.SlotsFor {
	return booking.SlotsFor{Service: t.s.ServiceSlug, Consultant: t.s.ConsultantID}
}

// consultantNamed is the consultant taking the chosen service (any, before one is chosen)
// whom the message names by a word of their name of three letters or more, outside the
// visitor's own name (own); false when it names none, or more than one.
func (t *turn) consultantNamed(own string) (booking.PublicConsultant, bool) {
	if t.m == nil || len(t.m.ws) == 0 {
		return booking.PublicConsultant{}, false
	}
	list, err := t.e.core.PublicConsultants(t.ctx, t.s.ServiceSlug)
	if err != nil || len(list) == 0 {
		return booking.PublicConsultant{}, false
	}
	said := make(map[string]bool, len(t.m.ws))
	for _, w := range t.m.ws {
		said[w] = true
	}
	for _, w := range reader.Words(own) {
		delete(said, w)
	}
	var named []booking.PublicConsultant
	for _, c := range list {
		for _, w := range reader.Words(c.Name) {
			if len([]rune(w)) >= 3 && said[w] {
				named = append(named, c)
				break
			}
		}
	}
	if len(named) != 1 {
		return booking.PublicConsultant{}, false
	}
	return named[0], true
}

// forgetConsultant drops the consultant the visitor asked for.
func (t *turn) forgetConsultant() { t.s.ConsultantID, t.s.ConsultantName = "", "" }

// keepConsultantFor keeps the consultant asked for when they take service (a slug), and
// forgets them otherwise.
func (t *turn) keepConsultantFor(service string) {
	if t.s.ConsultantID == "" {
		return
	}
	list, err := t.e.core.PublicConsultants(t.ctx, service)
	if err == nil && slices.ContainsFunc(list, func(c booking.PublicConsultant) bool { return c.ID == t.s.ConsultantID }) {
		return
	}
	t.forgetConsultant()
}
