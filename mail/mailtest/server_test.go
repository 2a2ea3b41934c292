package mailtest_test

import (
	"net/smtp"
	"strings"
	"testing"

	"github.com/dota-agency/dota/mail/mailtest"
)

// raw is a message as another client would write it: a base64 attachment, a quoted-
// printable text part and an encoded subject.
const raw = "From: a@example.com\r\n" +
	"To: b@example.com\r\n" +
	"Subject: =?UTF-8?q?R=C3=A9sum=C3=A9?=\r\n" +
	"MIME-Version: 1.0\r\n" +
	"Content-Type: multipart/mixed; boundary=XX\r\n" +
	"\r\n" +
	"--XX\r\n" +
	"Content-Type: text/plain; charset=UTF-8\r\n" +
	"Content-Transfer-Encoding: quoted-printable\r\n" +
	"\r\n" +
	"Caf=C3=A9 =\r\n" +
	"au lait\r\n" +
	"--XX\r\n" +
	"Content-Type: text/calendar; method=CANCEL; charset=utf-8\r\n" +
	"Content-Disposition: attachment; filename=\"invite.ics\"\r\n" +
	"Content-Transfer-Encoding: base64\r\n" +
	"\r\n" +
	"QkVHSU46VkNBTEVO\r\nREFS\r\n" +
	"--XX--\r\n"

func TestServerRecordsAndParses(t *testing.T) {
	srv := mailtest.Start(t)
	if err := smtp.SendMail(srv.Addr(), nil, "a@example.com", []string{"b@example.com"}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 1)
	if len(got) != 1 || got[0].From != "a@example.com" || got[0].To[0] != "b@example.com" || got[0].TLS {
		t.Fatalf("received %+v", got)
	}
	p := got[0].Parse(t)
	if p.Subject != "Résumé" || p.Text != "Café au lait" {
		t.Errorf("subject %q text %q", p.Subject, p.Text)
	}
	a := p.Attachment("invite.ics")
	if a == nil || a.ContentType != "text/calendar" || a.Params["method"] != "CANCEL" || string(a.Data) != "BEGIN:VCALENDAR" {
		t.Errorf("attachment %+v", a)
	}
}

func TestFailNextFailsThatManyDeliveries(t *testing.T) {
	srv := mailtest.Start(t)
	srv.FailNext(2, 452)
	for i, want := range []string{"452", "452", ""} {
		err := smtp.SendMail(srv.Addr(), nil, "a@example.com", []string{"b@example.com"}, []byte(raw))
		if (want == "") != (err == nil) || (err != nil && !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("delivery %d: %v, want %q", i, err, want)
		}
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
	srv.Reset()
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages after Reset", n)
	}
}
