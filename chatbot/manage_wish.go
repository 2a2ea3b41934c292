package chatbot

import (
	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/chatbot/reader"
)

// A move asked for with its new slot before the code ("need to push my appt from dec 2 to
// thursday dec 10, 10am", "rdv ta3i dimanche m3a 9 bekri 3liya, momkin nfs nhar m3a 11?")
// goes, once the code is given, straight to that slot: moved when it is free, its hours
// asked when only a day was named, the nearest free slots offered when it is taken.

// moveWished moves the appointment a to the slot the visitor asked for before the code, or
// asks the hours of the day they named, and reports whether they had asked for one. The
// wish is used once.
func (t *turn) moveWished(a booking.Appointment) bool {
	w := t.s.Manage.Wish
	t.s.Manage.Wish = nil
	if w == nil {
		return false
	}
	s, ok := wishedSlot(a, *w)
	if !ok {
		return false
	}
	t.moveWhen(s)
	return true
}

// wishedSlot is the slot a move wish lands on for the appointment cur: counted from its
// slot ("une heure plus tard"), or the day and hour named, with its own day or hour kept
// when the visitor says so ("nfs nhar m3a 11", "jeudi, même heure"). ok is false when the
// wish names no day — an hour alone waits for the day, asked as usual ("le matin ma
// nejemch, khalih à 4h") — or none but the appointment's own, told to say which it is
// ("reschedule my Tuesday 10am").
func wishedSlot(cur booking.Appointment, w reader.MoveWish) (reader.When, bool) {
	if (w.Days != 0 || w.Hours != 0) && (w.Days != 0 || w.Date == "") {
		return shiftedFrom(cur, w.Days, w.Hours, w.Time)
	}
	own := cur.Time
	if len(own) > 5 {
		own = own[:5]
	}
	s := reader.When{Date: w.Date, Time: w.Time}
	if s.Time == "" && w.SameTime {
		s.Time = own
	}
	if s.Date == "" && w.SameDay {
		s.Date = cur.Date
	}
	if s.Date == "" || !w.SameDay && s.Date == cur.Date && (s.Time == "" || s.Time == own) {
		return reader.When{}, false
	}
	return s, true
}
