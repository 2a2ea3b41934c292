package mail_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dota-agency/dota/mail"
	"github.com/dota-agency/dota/mail/mailtest"
)

func rendered(t *testing.T) *mail.Message {
	t.Helper()
	m, err := newRenderer(t).Render(input(mail.KindConfirmation, "fr"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestUnconfiguredTransportRefuses(t *testing.T) {
	tr, err := mail.NewTransport("")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Configured() {
		t.Error("an empty URL is configured")
	}
	err = tr.Send(context.Background(), rendered(t))
	if !errors.Is(err, mail.ErrNotConfigured) || mail.IsPermanent(err) || mail.IsTemporary(err) {
		t.Errorf("err %v, want ErrNotConfigured (neither permanent nor temporary)", err)
	}
}

func TestFailuresAreClassified(t *testing.T) {
	srv := mailtest.Start(t)
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	srv.FailNext(1, 451)
	err = tr.Send(ctx, rendered(t))
	var de *mail.DeliveryError
	if !mail.IsTemporary(err) || mail.IsPermanent(err) || !errors.As(err, &de) || de.Code != 451 {
		t.Errorf("451: %v, want a temporary failure with code 451", err)
	}

	srv.FailNext(1, 550)
	err = tr.Send(ctx, rendered(t))
	if !mail.IsPermanent(err) || !errors.As(err, &de) || de.Code != 550 {
		t.Errorf("550: %v, want a permanent failure with code 550", err)
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d message(s) received despite the failures", n)
	}

	// The failures were planned for two deliveries only: the retry goes through.
	if err := tr.Send(ctx, rendered(t)); err != nil {
		t.Fatalf("retry: %v", err)
	}
	srv.Wait(t, 1)

	srv.Close()
	err = tr.Send(ctx, rendered(t))
	if !mail.IsTemporary(err) || !errors.As(err, &de) || de.Code != 0 {
		t.Errorf("server gone: %v, want a temporary failure without code", err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := tr.Send(cancelled, rendered(t)); !mail.IsTemporary(err) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, want a temporary failure", err)
	}
}

func TestAnAddressThatCannotBeWrittenIsPermanent(t *testing.T) {
	srv := mailtest.Start(t)
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	m := rendered(t)
	m.To.Address = "amina@"
	if err := tr.Send(context.Background(), m); !mail.IsPermanent(err) {
		t.Errorf("err %v, want permanent", err)
	}
}

func TestSTARTTLSWhenOffered(t *testing.T) {
	srv := mailtest.Start(t, mailtest.RequireTLS())
	got, _ := send(t, srv, input(mail.KindReminder, "en"), mail.WithTLSConfig(srv.ClientTLS()))
	if !got.TLS {
		t.Error("the message was not sent over TLS")
	}

	// A certificate the transport does not trust stops the delivery: no fallback to clear text.
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	err = tr.Send(context.Background(), rendered(t))
	if !mail.IsTemporary(err) || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("untrusted certificate: %v, want a temporary certificate failure", err)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

func TestPlainSMTPWhenTLSIsNotOffered(t *testing.T) {
	srv := mailtest.Start(t) // a local relay: no STARTTLS
	got, _ := send(t, srv, input(mail.KindReminder, "en"))
	if got.TLS {
		t.Error("TLS reported on a server that offers none")
	}
}

func TestImplicitTLS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.WithImplicitTLS())
	if !strings.HasPrefix(srv.URL(), "smtps://") {
		t.Fatalf("URL %s", srv.URL())
	}
	got, _ := send(t, srv, input(mail.KindReminder, "ar"), mail.WithTLSConfig(srv.ClientTLS()))
	if !got.TLS {
		t.Error("the message was not sent over TLS")
	}
}

func TestAuthentication(t *testing.T) {
	srv := mailtest.Start(t, mailtest.WithSTARTTLS(), mailtest.WithAuth("rdv@dota.example", "s3cr:t/pass"))
	got, _ := send(t, srv, input(mail.KindConfirmed, "fr"), mail.WithTLSConfig(srv.ClientTLS()))
	if got.User != "rdv@dota.example" || !got.TLS {
		t.Errorf("user %q tls %v", got.User, got.TLS)
	}

	bad := strings.Replace(srv.URL(), "s3cr", "wrong", 1)
	tr, err := mail.NewTransport(bad, mail.WithTLSConfig(srv.ClientTLS()))
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Send(context.Background(), rendered(t)); !mail.IsPermanent(err) {
		t.Errorf("wrong password: %v, want a permanent failure (535)", err)
	}
}

func TestTransportIsSafeForConcurrentUse(t *testing.T) {
	srv := mailtest.Start(t)
	tr, err := mail.NewTransport(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	r := newRenderer(t)
	errs := make(chan error, len(mail.Kinds))
	for _, k := range mail.Kinds {
		go func() {
			m, err := r.Render(input(k, "en"))
			if err == nil {
				err = tr.Send(context.Background(), m)
			}
			errs <- err
		}()
	}
	for range mail.Kinds {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	subjects := map[string]bool{}
	for _, got := range srv.Wait(t, len(mail.Kinds)) {
		subjects[got.Parse(t).Subject] = true
	}
	if len(subjects) != len(mail.Kinds) {
		t.Errorf("%d different subjects received, want %d", len(subjects), len(mail.Kinds))
	}
}
