package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	netmail "net/mail"
	"net/url"
	"strings"
	texttemplate "text/template"
	"time"
)

//go:embed templates/message.html templates/message.txt
var templateFiles embed.FS

// One layout per format serves every kind: the kinds differ only by their texts (the
// catalogues) and by which details and link they show.
var (
	htmlLayout = htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "templates/message.html"))
	textLayout = texttemplate.Must(texttemplate.ParseFS(templateFiles, "templates/message.txt"))
)

// Message is a rendered e-mail, ready for Transport.Send.
type Message struct {
	Kind        Kind
	Lang        string
	From        netmail.Address
	ReplyTo     netmail.Address // the agency's contact address; empty when it has none
	To          netmail.Address
	Subject     string
	Text        string
	HTML        string
	Attachments []Attachment
}

// Attachment is a file attached to a message.
type Attachment struct {
	Filename    string
	ContentType string // with its parameters, e.g. "text/calendar; method=REQUEST; charset=utf-8"
	Data        []byte
}

// Renderer writes messages. It holds what comes from the configuration: the sender
// (DOTA_MAIL_FROM) and the public URL (DOTA_PUBLIC_URL) that names calendar UIDs.
type Renderer struct {
	from    netmail.Address
	uidHost string
	// Now stamps the calendar files (DTSTAMP); time.Now unless a test sets it.
	Now func() time.Time
}

// NewRenderer checks its configuration: publicURL must be an absolute http(s) URL;
// from is an address ("Dota <rdv@example.com>" or "rdv@example.com"), and when empty
// defaults to noreply@ the public URL's host.
func NewRenderer(from, publicURL string) (*Renderer, error) {
	u, err := url.Parse(publicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return nil, fmt.Errorf("mail: public URL %q is not an absolute http(s) URL", publicURL)
	}
	r := &Renderer{uidHost: u.Hostname(), Now: time.Now}
	if strings.TrimSpace(from) == "" {
		r.from = netmail.Address{Address: "noreply@" + u.Hostname()}
		return r, nil
	}
	addr, err := netmail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail: sender %q is not an e-mail address: %w", from, err)
	}
	r.from = *addr
	return r, nil
}

// From is the sender the renderer writes into every message.
func (r *Renderer) From() netmail.Address { return r.from }

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

// Render writes the message of in's kind in in's language (French when unknown), as
// plain text and HTML, with its calendar file when it is about an appointment. Input it
// cannot write a message from gives an error wrapping ErrInvalidInput.
func (r *Renderer) Render(in Input) (*Message, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	to, err := netmail.ParseAddress(in.RecipientEmail)
	if err != nil {
		return nil, invalid("recipient %q: %v", in.RecipientEmail, err)
	}
	to.Name = in.RecipientName
	loc := in.Location
	if loc == nil {
		loc = time.UTC
	}
	lang := language(in.Lang)
	c := catalogues[lang]
	kt := c.Kinds[in.Kind]

	args := map[string]string{
		"agency":  in.Agency.Name,
		"service": in.Service,
		"name":    in.RecipientName,
		"when":    c.when(in.Start, loc),
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
		Colon:        c.Colon,
		ContactIntro: fill(c.ContactIntro, args),
		Agency:       in.Agency,
		Signature:    fill(c.Signature, args),
		Footer:       c.Footer,
		Link:         in.ManageURL,
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
	for _, p := range c.body(in.Kind, variant) {
		v.Paragraphs = append(v.Paragraphs, fill(p, args))
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
	if in.Agency.Address != "" {
		v.Details = append(v.Details, detail{c.Labels["address"], in.Agency.Address})
	}
	v.Details = append(v.Details, detail{c.Labels["time_zone"], loc.String()})

	m := &Message{Kind: in.Kind, Lang: lang, From: r.from, To: *to, Subject: v.Subject}
	if m.From.Name == "" {
		m.From.Name = in.Agency.Name
	}
	if in.Agency.Email != "" {
		if addr, err := netmail.ParseAddress(in.Agency.Email); err == nil {
			m.ReplyTo = netmail.Address{Name: in.Agency.Name, Address: addr.Address}
		}
	}
	var html, text bytes.Buffer
	if err := htmlLayout.Execute(&html, v); err != nil {
		return nil, fmt.Errorf("mail: html layout: %w", err)
	}
	if err := textLayout.Execute(&text, v); err != nil {
		return nil, fmt.Errorf("mail: text layout: %w", err)
	}
	m.HTML, m.Text = html.String(), text.String()

	if in.Kind != KindWaitlistOffer { // an offer is not an appointment yet: nothing to add to a calendar
		m.Attachments = append(m.Attachments, r.calendar(in, c, m.From, *to))
	}
	return m, nil
}
