package mailtest

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"
)

// Parsed is a received message taken apart.
type Parsed struct {
	Header      netmail.Header
	From        string // the From header, decoded
	To          string // the To header, decoded
	Subject     string // decoded (RFC 2047)
	Text        string // the text/plain part, decoded
	HTML        string // the text/html part, decoded
	Attachments []Attachment
	// Inline are the other parts shown in the message rather than attached (an
	// invitation's text/calendar), in order; their Filename is "".
	Inline []Attachment
}

// Attachment is an attached file, decoded.
type Attachment struct {
	Filename    string
	ContentType string            // the media type alone, e.g. "text/calendar"
	Params      map[string]string // its parameters: method, charset, name…
	Data        []byte
}

// Attachment returns the attachment named filename, nil when there is none.
func (p *Parsed) Attachment(filename string) *Attachment {
	for i := range p.Attachments {
		if p.Attachments[i].Filename == filename {
			return &p.Attachments[i]
		}
	}
	return nil
}

// Parse takes the message apart, failing the test if it is malformed.
func (r Received) Parse(t testing.TB) *Parsed {
	t.Helper()
	p, err := ParseMessage(r.Data)
	if err != nil {
		t.Fatalf("mailtest: %v", err)
	}
	return p
}

var words = &mime.WordDecoder{}

// ParseMessage takes a raw message apart with net/mail and mime/multipart.
func ParseMessage(data []byte) (*Parsed, error) {
	m, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("read message: %w", err)
	}
	p := &Parsed{Header: m.Header}
	for _, h := range []struct {
		name string
		dst  *string
	}{{"Subject", &p.Subject}, {"From", &p.From}, {"To", &p.To}} {
		if *h.dst, err = words.DecodeHeader(m.Header.Get(h.name)); err != nil {
			return nil, fmt.Errorf("%s header: %w", h.name, err)
		}
	}
	if err := p.walk(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), "", m.Body); err != nil {
		return nil, err
	}
	return p, nil
}

// walk reads one MIME entity, descending into multiparts.
func (p *Parsed) walk(contentType, encoding, disposition string, body io.Reader) error {
	if contentType == "" {
		contentType = "text/plain; charset=us-ascii"
	}
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return fmt.Errorf("content type %q: %w", contentType, err)
	}
	if strings.HasPrefix(media, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("%s: %w", media, err)
			}
			if err := p.walk(part.Header.Get("Content-Type"), part.Header.Get("Content-Transfer-Encoding"),
				part.Header.Get("Content-Disposition"), part); err != nil {
				return err
			}
		}
	}
	data, err := decode(encoding, body)
	if err != nil {
		return fmt.Errorf("%s body: %w", media, err)
	}
	disp, dparams, _ := mime.ParseMediaType(disposition)
	switch {
	case disp == "attachment" || dparams["filename"] != "":
		name, err := words.DecodeHeader(dparams["filename"])
		if err != nil {
			return fmt.Errorf("attachment name: %w", err)
		}
		p.Attachments = append(p.Attachments, Attachment{Filename: name, ContentType: media, Params: params, Data: data})
	case media == "text/plain" && p.Text == "":
		p.Text = string(data)
	case media == "text/html" && p.HTML == "":
		p.HTML = string(data)
	default:
		p.Inline = append(p.Inline, Attachment{ContentType: media, Params: params, Data: data})
	}
	return nil
}

// decode undoes a Content-Transfer-Encoding.
func decode(encoding string, r io.Reader) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "base64":
		return io.ReadAll(base64.NewDecoder(base64.StdEncoding, r)) // it skips line breaks
	case "quoted-printable":
		return io.ReadAll(quotedprintable.NewReader(r))
	default:
		return io.ReadAll(r)
	}
}
