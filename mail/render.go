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
	// ID, when set, makes the Message-ID (ID@the sender's domain): a message sent again
	// after a crash keeps it, so mailboxes show it once. Random when empty.
	ID      string
	Kind    Kind
	Lang    string
	From    netmail.Address
	ReplyTo netmail.Address // the agency's contact address; empty when it has none
	To      netmail.Address
	Subject string
	// KeptSubject is the subject as a record (the delivery ledger, a log) may keep it:
	// Subject, but a one-time code, which only the recipient may read, masked.
	KeptSubject string
	Text        string
	HTML        string
	Attachments []Attachment
	// Invitation is the calendar file again, as an inline part beside the text and HTML
	// (RFC 6047, iMIP): mail clients show their own accept or decline card from it. Nil
	// when the message has no calendar file.
	Invitation *Attachment
}

// MaskedCode stands for a one-time code in what is kept of a code message.
const MaskedCode = "••••••"

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

// Render writes the message of in's kind in in's language (French when unknown), as
// plain text and HTML, with its calendar file when it is about an appointment. Input it
// cannot write a message from gives an error wrapping ErrInvalidInput.
func (r *Renderer) Render(in Input) (*Message, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	to, err := in.recipient()
	if err != nil {
		return nil, err
	}
	lang := language(in.Lang)
	c := catalogues[lang]
	v := newView(in, lang, c)

	m := &Message{Kind: in.Kind, Lang: lang, From: r.sender(in.Agency), To: to, Subject: v.Subject,
		KeptSubject: v.Subject}
	if in.Kind == KindCode {
		masked := in
		masked.Code = MaskedCode
		m.KeptSubject = newView(masked, lang, c).Subject
	}
	// Nobody reads the replies to a chat answer (it says so): they are not directed to
	// the agency's address either.
	if in.Agency.Email != "" && in.Kind != KindChatAnswer {
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

	// An offer is not an appointment yet, nor is a request with no slot: nothing to add to
	// a calendar.
	if in.Kind != KindWaitlistOffer && in.Kind != KindCode && in.Kind != KindChatAnswer && in.Kind != KindFollowUp &&
		!in.Start.IsZero() {
		cal := r.calendar(in, c, m.From, to)
		m.Attachments = append(m.Attachments, cal)
		inline := cal
		inline.Filename = ""
		// The part's charset is written by the transport.
		inline.ContentType = strings.TrimSuffix(cal.ContentType, "; charset=utf-8")
		m.Invitation = &inline
	}
	return m, nil
}

// sender is the configured sender, named after the agency when the configuration
// gives no name.
func (r *Renderer) sender(a Agency) netmail.Address {
	from := r.from
	if from.Name == "" {
		from.Name = a.Name
	}
	return from
}
