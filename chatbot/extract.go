package chatbot

import (
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/chatbot/reader"
)

// found is what one message carries.
type found struct {
	Name, Email, Phone string
	Service            catalogue.Service
	HasService         bool
	When               reader.When
}

// names reports whether the message names a day or a service: what an appointment is
// told by.
func (f found) names() bool { return f.When.Date != "" || f.HasService }

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
	// An hour alone goes with the day already chosen: "vers 17h" once Sunday is (a change of
	// hour is said as one: fillOther).
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
