package chatbot

import (
	"embed"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/catalogue"
	"github.com/dota-agency/dota/i18n"
)

//go:embed texts/*.json
var textFiles embed.FS

// dotaTexts holds every text Dota says (texts/<lang>.json), falling back to the booking
// core's (the validation messages the form shows too).
var dotaTexts = i18n.MustLoadDir(textFiles, "texts", booking.Catalogue())

// text returns Dota's message code in lang with its {placeholders} filled from pairs of
// name and value, then from the agency's details (facts.go) ({email} is the visitor's address
// where args give one).
func text(lang, code string, args ...string) string {
	s := dotaTexts.Raw(lang, code)
	if strings.IndexByte(s, '{') < 0 {
		return s
	}
	var buf [40]string // on the stack: a text has a few arguments, the agency some more
	return i18n.Fill(s, append(append(buf[:0], args...), placeholders(lang)...)...)
}

// formatDay writes a YYYY-MM-DD date in words: "dimanche 29 novembre 2026".
func formatDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return i18n.Weekday(lang, d.Weekday()) + " " + strconv.Itoa(d.Day()) + " " + i18n.Month(lang, d.Month()) + " " + strconv.Itoa(d.Year())
}

// shortDay writes a date for a quick reply: "dim. 29/11".
func shortDay(lang, date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	name := []rune(i18n.Weekday(lang, d.Weekday()))
	if lang != "ar" {
		name = append(name[:3], '.')
	}
	return string(name) + " " + d.Format("02/01")
}

// formatWhen writes a slot in words.
func formatWhen(lang, date, hhmm string) string {
	return text(lang, "when", "day", formatDay(lang, date), "time", hhmm)
}

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
	service := c.Service
	if m := t.chosenMode(); m != "" {
		service += " (" + text(l, "mode_"+m) + ")"
	}
	return text(l, "summary", "name", c.Name, "email_value", email, "phone_value", phone, "company", company,
		"service", service, "answers", t.answerLines(), "when", formatWhen(l, c.Date, c.Time))
}

func (t *turn) fieldReplies() []QuickReply {
	l := t.lang()
	out := []QuickReply{}
	for _, f := range []string{StepName, StepEmail, StepPhone, StepCompany, StepService, StepDate, StepTime} {
		label := text(l, "field_"+f)
		out = append(out, QuickReply{Label: label, Value: text(l, "change") + " " + strings.ToLower(label)})
	}
	if len(t.answers()) > 0 {
		label := text(l, "field_answers")
		out = append(out, QuickReply{Label: label, Value: text(l, "change") + " " + strings.ToLower(label)})
	}
	return append(out, QuickReply{Label: text(l, "qr_cancel"), Value: text(l, "qr_cancel")})
}

// formReply opens the classic appointment form, in the visitor's language.
func formReply(l string) QuickReply {
	return QuickReply{Label: text(l, "qr_form"), Value: formPath(l), Kind: ReplyLink}
}
