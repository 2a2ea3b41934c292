package chatbot

import (
	"strings"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
)

func (t *turn) menu() []QuickReply {
	l := t.lang()
	out := []QuickReply{}
	for _, c := range []string{"qr_book", "qr_services", "qr_prices", "qr_contact"} {
		out = append(out, QuickReply{Label: text(l, c), Value: text(l, c)})
	}
	return out
}

func (t *turn) yesNo() []QuickReply {
	l := t.lang()
	return []QuickReply{{Label: text(l, "qr_yes"), Value: text(l, "qr_yes")}, {Label: text(l, "qr_no"), Value: text(l, "qr_no")}}
}

// ask asks the question of the current step, with its quick replies.
func (t *turn) ask() { t.askWith("") }

func (t *turn) serviceReplies(services []catalogue.Service) []QuickReply {
	out := []QuickReply{}
	for _, s := range services {
		n := s.Name.In(t.lang())
		out = append(out, QuickReply{Label: n, Value: n})
	}
	return out
}

// dayReplies offers the next days that still have a free slot.
func (t *turn) dayReplies() []QuickReply {
	out := []QuickReply{}
	now := t.e.now()
	st, err := t.e.core.Settings(t.ctx)
	if err != nil {
		return out
	}
	alts, err := t.e.core.NearestFree(t.ctx, now.In(st.Location()).Format("2006-01-02"), "", 24, t.lang())
	if err != nil {
		return out
	}
	seen := map[string]bool{}
	for _, a := range alts {
		if !seen[a.Date] && len(out) < 3 {
			seen[a.Date] = true
			out = append(out, QuickReply{Label: shortDay(t.lang(), a.Date), Value: a.Date})
		}
	}
	return out
}

func freeSlots(day booking.Day) []string {
	out := []string{}
	for _, s := range day.Slots {
		if s.Free {
			out = append(out, s.Time)
		}
	}
	return out
}

func (t *turn) summary() string {
	l, c := t.lang(), t.s.Collected
	company := c.Company
	if company == "" {
		company = text(l, "none")
	}
	email, phone := c.Email, c.Phone
	if email == "" {
		email = text(l, "none")
	}
	if phone == "" {
		phone = text(l, "none")
	}
	return text(l, "summary", "name", c.Name, "email_value", email, "phone_value", phone, "company", company,
		"service", c.Service, "when", formatWhen(l, c.Date, c.Time))
}

func (t *turn) fieldReplies() []QuickReply {
	l := t.lang()
	out := []QuickReply{}
	for _, f := range []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepDate, StepTime} {
		label := text(l, "field_"+f)
		out = append(out, QuickReply{Label: label, Value: text(l, "change") + " " + strings.ToLower(label)})
	}
	return append(out, QuickReply{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")})
}

// formReply opens the classic appointment form, in the visitor's language.
func formReply(l string) QuickReply {
	return QuickReply{Label: text(l, "qr_form"), Value: formPath(l), Kind: ReplyLink}
}
