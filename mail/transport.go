package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// ErrNotConfigured is returned by the Send of a transport built from an empty URL: the
// message was rendered but is not sent, because no SMTP server is configured.
var ErrNotConfigured = errors.New("mail: not sent, mail not configured")

// Sender sends rendered messages; *Transport is the real one. Callers depend on this
// interface so their tests can use a real transport to a mailtest server or their own.
type Sender interface {
	Send(ctx context.Context, m *Message) error
}

// Transport sends messages over SMTP with github.com/wneessen/go-mail, one connection
// per message. It is safe for concurrent use.
type Transport struct {
	endpoint   Endpoint
	configured bool
	tlsConfig  *tls.Config
	timeout    time.Duration
}

// TransportOption tunes a Transport.
type TransportOption func(*Transport)

// WithTLSConfig sets the TLS configuration (for instance the root CAs that trust a test
// server's certificate). Its ServerName defaults to the URL's host.
func WithTLSConfig(cfg *tls.Config) TransportOption {
	return func(t *Transport) { t.tlsConfig = cfg.Clone() }
}

// WithTimeout bounds each network step of a delivery (15 s by default).
func WithTimeout(d time.Duration) TransportOption {
	return func(t *Transport) { t.timeout = d }
}

// NewTransport builds a transport from a DOTA_SMTP_URL. An empty URL gives a transport
// whose Send returns ErrNotConfigured; a malformed one is an error (see ParseURL).
func NewTransport(rawURL string, opts ...TransportOption) (*Transport, error) {
	t := &Transport{timeout: gomail.DefaultTimeout}
	if strings.TrimSpace(rawURL) == "" {
		return t, nil
	}
	e, err := ParseURL(rawURL)
	if err != nil {
		return nil, err
	}
	t.endpoint, t.configured = e, true
	for _, o := range opts {
		o(t)
	}
	if t.tlsConfig == nil {
		t.tlsConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if t.tlsConfig.ServerName == "" {
		t.tlsConfig.ServerName = e.Host
	}
	return t, nil
}

// Configured reports whether the transport has an SMTP server to send to.
func (t *Transport) Configured() bool { return t.configured }

// Endpoint is where the transport sends (the zero Endpoint when not configured).
func (t *Transport) Endpoint() Endpoint { return t.endpoint }

// Send delivers m. It returns nil once the server accepted the message,
// ErrNotConfigured without a server, and otherwise a *DeliveryError that says whether
// the failure is permanent (IsPermanent) or worth retrying.
//
// ctx bounds the connection; each later step is bounded by the transport's timeout, or
// by what is left of ctx's deadline when that is sooner.
func (t *Transport) Send(ctx context.Context, m *Message) error {
	if !t.configured {
		return ErrNotConfigured
	}
	msg, err := t.build(m)
	if err != nil {
		return &DeliveryError{Permanent: true, Err: err}
	}
	client, err := gomail.NewClient(t.endpoint.Host, t.clientOptions(sendTimeout(ctx, t.timeout))...)
	if err != nil {
		return &DeliveryError{Permanent: true, Err: err}
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		return classify(err)
	}
	return nil
}

// sendTimeout is the transport's time-out, shortened to what is left of ctx's deadline:
// go-mail applies its time-out to every network step and does not watch the deadline.
func sendTimeout(ctx context.Context, timeout time.Duration) time.Duration {
	if d, ok := ctx.Deadline(); ok && time.Until(d) < timeout {
		return max(time.Until(d), time.Millisecond)
	}
	return timeout
}

func (t *Transport) clientOptions(timeout time.Duration) []gomail.Option {
	opts := []gomail.Option{
		gomail.WithPort(t.endpoint.Port),
		gomail.WithTimeout(timeout),
		gomail.WithTLSConfig(t.tlsConfig),
	}
	if t.endpoint.ImplicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		// STARTTLS when the server offers it, plain SMTP otherwise (a local relay).
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if t.endpoint.Username != "" {
		// The strongest mechanism the server offers; PLAIN and LOGIN only over TLS, so a
		// password never crosses the network in clear.
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(t.endpoint.Username), gomail.WithPassword(t.endpoint.Password))
	}
	return opts
}

// build turns a rendered message into go-mail's.
func (t *Transport) build(m *Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.FromFormat(m.From.Name, m.From.Address); err != nil {
		return nil, fmt.Errorf("mail: sender: %w", err)
	}
	if err := msg.AddToFormat(m.To.Name, m.To.Address); err != nil {
		return nil, fmt.Errorf("mail: recipient: %w", err)
	}
	if m.ReplyTo.Address != "" {
		if err := msg.ReplyToFormat(m.ReplyTo.Name, m.ReplyTo.Address); err != nil {
			return nil, fmt.Errorf("mail: reply-to: %w", err)
		}
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(messageID(m.ID, m.From.Address))
	// RFC 3834: an automatic message, so out-of-office replies are not sent back.
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	if m.Invitation != nil {
		msg.AddAlternativeString(gomail.ContentType(m.Invitation.ContentType), string(m.Invitation.Data))
	}
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Filename, bytes.NewReader(a.Data),
			gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("mail: attachment %s: %w", a.Filename, err)
		}
	}
	return msg, nil
}

// messageID is id, or a random one, in the sender's domain, so it says who wrote the
// message.
func messageID(id, from string) string {
	domain := "localhost"
	if i := strings.LastIndexByte(from, '@'); i >= 0 && i < len(from)-1 {
		domain = from[i+1:]
	}
	if id != "" {
		return id + "@" + domain
	}
	b := make([]byte, 20)
	_, _ = rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)) + "@" + domain
}
