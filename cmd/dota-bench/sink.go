package main

import (
	"bytes"
	"errors"
	"io"
	"log"
	"mime"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// sink is an SMTP server on loopback, without TLS or authentication, that notes when each
// message arrives and to whom; it is the mail server of the dota process the mail row
// measures (mail/mailtest is the same thing for tests).
type sink struct {
	srv *smtp.Server
	ln  net.Listener

	mu   sync.Mutex
	msgs []sunk
}

// sunk is one message the sink accepted.
type sunk struct {
	at         time.Time // when the end of its DATA was read
	to         []string  // envelope recipients
	deliveryID string    // the ledger row it sends: dota's Message-ID is <delivery id@sender's domain>
	subject    string
}

// startSink serves an SMTP sink on a free loopback port until close.
func startSink() (*sink, error) {
	s := &sink{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &sinkSession{s: s}, nil }))
	srv.Domain = "dota-bench.local"
	srv.ReadTimeout, srv.WriteTimeout = 30*time.Second, 30*time.Second
	srv.MaxMessageBytes = 10 << 20
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.srv, s.ln = srv, ln
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// url is the sink as a DOTA_SMTP_URL.
func (s *sink) url() string { return "smtp://" + s.ln.Addr().String() }

func (s *sink) close() { _ = s.srv.Close() }

// messages is a copy of what the sink received so far.
func (s *sink) messages() []sunk {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sunk(nil), s.msgs...)
}

func (s *sink) record(m sunk) {
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	s.mu.Unlock()
}

// sinkSession is one SMTP connection (dota's transport opens one per message).
type sinkSession struct {
	s  *sink
	to []string
}

func (ss *sinkSession) Mail(string, *smtp.MailOptions) error { ss.to = nil; return nil }

func (ss *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, strings.ToLower(to))
	return nil
}

func (ss *sinkSession) Data(r io.Reader) error {
	if len(ss.to) == 0 {
		return errors.New("no recipient")
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := sunk{at: time.Now(), to: ss.to}
	m.deliveryID, m.subject = headerFacts(data)
	ss.s.record(m)
	ss.to = nil
	return nil
}

func (ss *sinkSession) Reset()        { ss.to = nil }
func (ss *sinkSession) Logout() error { return nil }

// headerFacts reads a message's delivery id (its Message-ID's local part) and decoded
// subject, "" for what it lacks.
func headerFacts(data []byte) (deliveryID, subject string) {
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return "", ""
	}
	id := strings.Trim(strings.TrimSpace(msg.Header.Get("Message-Id")), "<>")
	if at := strings.LastIndexByte(id, '@'); at > 0 {
		deliveryID = id[:at]
	}
	subject = msg.Header.Get("Subject")
	if dec, err := new(mime.WordDecoder).DecodeHeader(subject); err == nil {
		subject = dec
	}
	return deliveryID, subject
}
