// Package mailtest runs a real SMTP server in the test's process
// (github.com/emersion/go-smtp) that records every message it accepts, so tests of the
// mail package, of booking's mail jobs, of the black-box suite, browser tests and
// benchmarks can check what a customer would receive:
//
//	srv := mailtest.Start(t)
//	tr, _ := mail.NewTransport(srv.URL())
//	… // the code under test sends
//	msg := srv.Wait(t, 1)[0].Parse(t)
//	msg.Subject, msg.Text, msg.HTML, msg.Attachment("invite.ics")
//
// Options make the server offer or require STARTTLS, speak TLS from the first byte
// (smtps://), ask for a password; FailNext makes the next deliveries fail with a 4xx or
// 5xx answer, and Reject every delivery to one address.
package mailtest

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// WaitTimeout bounds Wait.
const WaitTimeout = 10 * time.Second

// Received is one message the server accepted.
type Received struct {
	From string   // envelope sender (MAIL FROM)
	To   []string // envelope recipients (RCPT TO)
	Data []byte   // the raw message, headers and body
	TLS  bool     // delivered over TLS (STARTTLS or smtps)
	User string   // the authenticated user, "" without AUTH
}

// Server is a running test SMTP server.
type Server struct {
	smtp       *smtp.Server
	listener   net.Listener
	scheme     string
	user       string
	password   string
	requireTLS bool
	cert       *tls.Certificate
	clientTLS  *tls.Config

	mu       sync.Mutex
	messages []Received
	changed  chan struct{}  // closed and replaced whenever messages grows
	failures []int          // codes for the next deliveries to refuse
	rejected map[string]int // recipients always refused, with their code
}

// Option configures Start.
type Option func(*Server)

// WithSTARTTLS makes the server offer STARTTLS with a self-signed certificate for
// 127.0.0.1; give ClientTLS to the transport so it trusts it.
func WithSTARTTLS() Option { return func(s *Server) { s.cert = selfSigned() } }

// RequireTLS offers STARTTLS and refuses a message sent before it (530 5.7.0).
func RequireTLS() Option {
	return func(s *Server) { s.cert, s.requireTLS = selfSigned(), true }
}

// WithImplicitTLS makes the server speak TLS from the first byte; URL gives smtps://.
func WithImplicitTLS() Option {
	return func(s *Server) { s.cert, s.scheme = selfSigned(), "smtps" }
}

// WithAuth requires AUTH PLAIN with this user and password (offered only over TLS, so
// combine it with a TLS option); URL carries them.
func WithAuth(user, password string) Option {
	return func(s *Server) { s.user, s.password = user, password }
}

// Start runs a server on 127.0.0.1 on a free port until the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{scheme: "smtp", changed: make(chan struct{})}
	for _, o := range opts {
		o(s)
	}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "mailtest.local"
	srv.ReadTimeout, srv.WriteTimeout = WaitTimeout, WaitTimeout
	srv.ErrorLog = log.New(io.Discard, "", 0)
	if s.cert != nil {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{*s.cert}, MinVersion: tls.VersionTLS12}
		s.clientTLS = clientConfig(s.cert)
	}
	var err error
	if s.scheme == "smtps" {
		s.listener, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		s.listener, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	s.smtp = srv
	go func() { _ = srv.Serve(s.listener) }()
	t.Cleanup(s.Close)
	return s
}

// URL is the server's address as a DOTA_SMTP_URL: smtp://127.0.0.1:port (smtps:// with
// WithImplicitTLS, user and password with WithAuth).
func (s *Server) URL() string {
	u := url.URL{Scheme: s.scheme, Host: s.listener.Addr().String()}
	if s.user != "" {
		u.User = url.UserPassword(s.user, s.password)
	}
	return u.String()
}

// Addr is the host:port the server listens on.
func (s *Server) Addr() string { return s.listener.Addr().String() }

// ClientTLS is a client configuration that trusts the server's certificate (nil when the
// server has no TLS). Pass it to mail.WithTLSConfig.
func (s *Server) ClientTLS() *tls.Config { return s.clientTLS.Clone() }

// Close stops the server; later deliveries fail to connect. Start registers it with
// t.Cleanup, and calling it twice is harmless.
func (s *Server) Close() { _ = s.smtp.Close() }

// FailNext makes the next n deliveries fail at RCPT TO with code: a 4xx (say 451) is a
// temporary failure, a 5xx (say 550, unknown recipient) a permanent one.
func (s *Server) FailNext(n, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range n {
		s.failures = append(s.failures, code)
	}
}

// Reject makes every delivery to the address fail at RCPT TO with code (a 5xx, say 550
// for an unknown mailbox, is a permanent failure), whatever else is sent meanwhile.
func (s *Server) Reject(address string, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rejected == nil {
		s.rejected = map[string]int{}
	}
	s.rejected[strings.ToLower(address)] = code
}

// Messages returns a copy of every message received so far, in order.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.messages...)
}

// Reset forgets the messages received so far and any failure still planned.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages, s.failures = nil, nil
}

// Wait returns the messages once at least n were received, failing the test if they do
// not arrive within WaitTimeout.
func (s *Server) Wait(t testing.TB, n int) []Received {
	t.Helper()
	deadline := time.NewTimer(WaitTimeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		got, changed := append([]Received(nil), s.messages...), s.changed
		s.mu.Unlock()
		if len(got) >= n {
			return got
		}
		select {
		case <-changed:
		case <-deadline.C:
			t.Fatalf("mailtest: %d message(s) received within %s, want %d", len(got), WaitTimeout, n)
			return nil
		}
	}
}

func (s *Server) record(m Received) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, m)
	close(s.changed)
	s.changed = make(chan struct{})
}

// nextFailure takes the code of a planned failure for a delivery to rcpt, 0 when none is
// planned.
func (s *Server) nextFailure(rcpt string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if code := s.rejected[strings.ToLower(rcpt)]; code != 0 {
		return code
	}
	if len(s.failures) == 0 {
		return 0
	}
	code := s.failures[0]
	s.failures = s.failures[1:]
	return code
}

type backend struct{ s *Server }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	return &session{s: b.s, tls: isTLS}, nil
}

// session is one SMTP connection's state.
type session struct {
	s    *Server
	tls  bool
	user string
	msg  Received
}

var errAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}

func (ss *session) AuthMechanisms() []string {
	if ss.s.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != ss.s.user || password != ss.s.password {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Invalid credentials"}
		}
		ss.user = username
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.requireTLS && !ss.tls {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Must issue a STARTTLS command first"}
	}
	if ss.s.user != "" && ss.user == "" {
		return errAuthRequired
	}
	ss.msg = Received{From: from, TLS: ss.tls, User: ss.user}
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if code := ss.s.nextFailure(to); code != 0 {
		return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0},
			Message: fmt.Sprintf("mailtest: planned failure %d", code)}
	}
	ss.msg.To = append(ss.msg.To, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	if len(ss.msg.To) == 0 {
		return errors.New("no recipient")
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.msg.Data = data
	ss.s.record(ss.msg)
	ss.msg = Received{}
	return nil
}

func (ss *session) Reset()        { ss.msg = Received{} }
func (ss *session) Logout() error { return nil }
