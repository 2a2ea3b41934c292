package mail

import (
	"strings"
	"time"
)

// view is what the layouts see. Every string is plain text: html/template escapes it.
type view struct {
	Lang, Dir, Align string
	Subject, Heading string
	Greeting         string
	Paragraphs       []string
	Details          []detail
	Action, Link     string
	Colon            string
	ContactIntro     string
	Agency           Agency
	Signature        string
	Footer           string
}

type detail struct{ Label, Value string }

// newView fills the layouts' data for input already checked, in catalogue c.
func newView(in Input, lang string, c *catalogue) view {
	loc := in.Location
	if loc == nil {
		loc = time.UTC
	}
	kt := c.Kinds[in.Kind]
	args := map[string]string{
		"agency":  in.Agency.Name,
		"service": in.Service,
		"name":    in.RecipientName,
		"when":    c.when(in.Start, loc),
		"code":    in.Code,
	}
	if in.Kind == KindMoved {
		args["old"] = c.when(in.OldStart, loc)
	}
	if in.Kind == KindWaitlistOffer {
		args["until"] = c.when(in.HoldUntil, loc)
	}
	v := view{
		Lang: lang, Dir: c.Dir, Align: "left",
		Subject:      fill(kt.Subject, args),
		Heading:      fill(kt.Heading, args),
		Greeting:     fill(c.GreetingAnonymous, args),
		Action:       kt.Action,
		Link:         in.ManageURL,
		Colon:        c.Colon,
		ContactIntro: fill(c.ContactIntro, args),
		Agency:       in.Agency,
		Signature:    fill(c.Signature, args),
		Footer:       c.Footer,
	}
	if c.Dir == "rtl" {
		v.Align = "right"
	}
	if strings.TrimSpace(in.RecipientName) != "" {
		v.Greeting = fill(c.Greeting, args)
	}
	variant := string(in.Source)
	if in.Kind == KindMoved || in.Kind == KindCancelled {
		variant = string(in.By)
	}
	if kt.Footer != "" {
		v.Footer = fill(kt.Footer, args)
	}
	paragraphs := c.body(in.Kind, variant)
	if in.Kind == KindChatAnswer {
		// The introduction, each staff message under its author's name, then the rest.
		for _, p := range kt.Body[""] {
			v.Paragraphs = append(v.Paragraphs, fill(p, args))
		}
		for _, a := range in.Answers {
			author := a.Author
			if author == "" {
				author = in.Agency.Name
			}
			v.Paragraphs = append(v.Paragraphs, author+c.Colon+" "+a.Text)
		}
		for _, p := range kt.More {
			v.Paragraphs = append(v.Paragraphs, fill(p, args))
		}
		v.Link = in.ResumeURL
		return v
	}
	if in.Kind == KindFollowUp {
		for _, p := range paragraphs {
			v.Paragraphs = append(v.Paragraphs, fill(p, args))
		}
		v.Link = in.NextURL
		return v // after the meeting: no time to show, no calendar
	}
	if in.Kind == KindCode {
		for _, p := range paragraphs {
			v.Paragraphs = append(v.Paragraphs, fill(p, args))
		}
		return v // no appointment to detail, no link
	}
	if in.Start.IsZero() {
		// A request with no slot yet: its own texts, and no time to show.
		u := kt.Undated
		v.Subject, v.Heading = fill(u.Subject, args), fill(u.Heading, args)
		paragraphs = append(append([]string{}, u.Body...), u.More...)
	}
	for _, p := range paragraphs {
		v.Paragraphs = append(v.Paragraphs, fill(p, args))
	}
	if in.Start.IsZero() {
		v.Details = append([]detail{{c.Labels["service"], in.Service}}, meetingDetails(in, c)...)
		return v
	}

	v.Details = []detail{{c.Labels["service"], in.Service}, {c.Labels["when"], args["when"]}}
	if in.Kind == KindMoved {
		v.Details = append(v.Details, detail{c.Labels["old_when"], args["old"]})
	}
	if in.Kind == KindWaitlistOffer {
		v.Details = append(v.Details, detail{c.Labels["hold_until"], args["until"]})
		v.Link = in.OfferURL
	}
	v.Details = append(v.Details, detail{c.Labels["duration"], c.duration(in.Duration)})
	v.Details = append(v.Details, meetingDetails(in, c)...)
	v.Details = append(v.Details, detail{c.Labels["time_zone"], loc.String()})
	return v
}

// meetingDetails say how the meeting happens: its mode, when the input names one, then
// the office's address for a meeting there, the link for a video one.
func meetingDetails(in Input, c *catalogue) []detail {
	var out []detail
	if in.Mode != "" {
		out = append(out, detail{c.Labels["mode"], c.Modes[in.Mode]})
	}
	switch {
	case in.atOffice() && in.Agency.Address != "":
		out = append(out, detail{c.Labels["address"], in.Agency.Address})
	case in.video():
		out = append(out, detail{c.Labels["video_link"], in.MeetingURL})
	}
	return out
}
