package alerts

import (
	"context"
	"html"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/dota-agency/dota/booking"
	"github.com/dota-agency/dota/console"
	"github.com/dota-agency/dota/i18n"
	dmail "github.com/dota-agency/dota/mail"
)

// code is the text code of an alert's title or body: the escalation of a waiting
// visitor has its own.
func code(event string, args map[string]string, part string) string {
	if args["stage"] == "escalated" {
		return event + "_escalated_" + part
	}
	return event + "_" + part
}

// words renders alerts' texts: the stored arguments with the services named in the
// reader's language.
type words struct {
	services booking.ServiceTitles // nil leaves services as stored
}

// words returns the renderer of the moment (services as the catalogue names them now).
func (s *Service) words(ctx context.Context) words {
	if s.core == nil {
		return words{}
	}
	titles, err := s.core.ServiceTitles(ctx)
	if err != nil {
		return words{}
	}
	return words{services: titles}
}

// title is the alert's title in lang.
func (w words) title(lang, event string, args map[string]string) string {
	return Text(lang, code(event, args, "title"), w.pairs(lang, args)...)
}

// body is the alert's text in lang.
func (w words) body(lang, event string, args map[string]string) string {
	if args["erased"] == "true" {
		return Text(lang, "erased")
	}
	return Text(lang, code(event, args, "body"), w.pairs(lang, args)...)
}

// pairs turns the stored arguments into Text's name, value pairs: a source is a code,
// worded in lang, a service its name in lang, a date the day's name and date, and a
// visitor who gave no name is "a visitor".
func (w words) pairs(lang string, args map[string]string) []string {
	out := make([]string, 0, 2*len(args)+2)
	for k, v := range args {
		switch k {
		case answersArg:
			continue // the e-mail's lines, not a word of the texts
		case "source":
			v = Text(lang, "source_"+v)
		case "service":
			if w.services != nil {
				v = w.services(v, lang)
			}
		case "date":
			if d, err := time.Parse(time.DateOnly, v); err == nil {
				v = i18n.Weekday(lang, d.Weekday()) + " " + strconv.Itoa(d.Day()) + " " + i18n.Month(lang, d.Month())
			}
		}
		out = append(out, k, v)
	}
	if args["name"] == "" {
		out = append(out, "name", Text(lang, "someone"))
	}
	return out
}

// message writes an e-mail alert: the title as subject, the text, the link to the page
// and how to change what one receives. Its Message-ID is the alert's, so a send repeated
// after a crash shows once in the mailbox.
func (s *Service) message(lang string, u console.User, a Alert, p Payload) *dmail.Message {
	link := s.cfg.PublicURL + p.URL
	profile := s.cfg.PublicURL + "/admin/profile"
	open := Text(lang, "email_open", "url", link)
	footer := Text(lang, "email_footer", "profile", profile)
	dir := "ltr"
	if lang == "ar" {
		dir = "rtl"
	}
	var h strings.Builder
	h.WriteString(`<!doctype html><html lang="` + lang + `" dir="` + dir + `"><body>`)
	h.WriteString(`<h1 style="font-size:18px">` + html.EscapeString(p.Title) + `</h1>`)
	h.WriteString(`<p>` + html.EscapeString(p.Body) + `</p>`)
	text := p.Body
	if lines := answerLines(lang, a.args); len(lines) > 0 {
		heading := Text(lang, "email_answers")
		text += "\n\n" + heading + "\n" + strings.Join(lines, "\n")
		h.WriteString(`<p><strong>` + html.EscapeString(heading) + `</strong></p><ul>`)
		for _, l := range lines {
			h.WriteString(`<li>` + html.EscapeString(l) + `</li>`)
		}
		h.WriteString(`</ul>`)
	}
	h.WriteString(`<p><a href="` + html.EscapeString(link) + `">` + html.EscapeString(link) + `</a></p>`)
	h.WriteString(`<p style="color:#666;font-size:12px">` + html.EscapeString(footer) + `</p></body></html>`)
	return &dmail.Message{
		ID: a.ID, Lang: lang, From: s.cfg.From, To: mail.Address{Address: u.Email},
		Subject: p.Title, KeptSubject: p.Title,
		Text: text + "\n\n" + open + "\n\n-- \n" + footer + "\n",
		HTML: h.String(),
	}
}
