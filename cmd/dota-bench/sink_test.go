package main

import (
	"net/smtp"
	"strings"
	"testing"
	"time"
)

func TestSinkRecordsRecipientAndDeliveryID(t *testing.T) {
	s, err := startSink()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	msg := "From: noreply@localhost\r\nTo: V7000003@bench.test\r\n" +
		"Message-ID: <0b6c2f7e-7a4e-4c53-9d0b-1f6f3c1b2a11@localhost>\r\n" +
		"Subject: =?UTF-8?q?Nous_avons_bien_re=C3=A7u_votre_demande?=\r\n\r\nBonjour\r\n"
	before := time.Now()
	addr := strings.TrimPrefix(s.url(), "smtp://")
	if err := smtp.SendMail(addr, nil, "noreply@localhost", []string{"V7000003@bench.test"}, []byte(msg)); err != nil {
		t.Fatal(err)
	}
	got := s.messages()
	if len(got) != 1 {
		t.Fatalf("%d messages", len(got))
	}
	m := got[0]
	if m.deliveryID != "0b6c2f7e-7a4e-4c53-9d0b-1f6f3c1b2a11" || m.subject != "Nous avons bien reçu votre demande" ||
		len(m.to) != 1 || m.to[0] != "v7000003@bench.test" || m.at.Before(before) {
		t.Errorf("recorded %+v", m)
	}
	if i, ok := mailIndex(m.to[0], 5); !ok || i != 3 {
		t.Errorf("mailIndex = %d, %v", i, ok)
	}
}

func TestMailIndex(t *testing.T) {
	for _, tt := range []struct {
		addr string
		n    int
		want int
		ok   bool
	}{
		{"v7000000@bench.test", 10, 0, true},
		{"v7000009@bench.test", 10, 9, true},
		{"v7000010@bench.test", 10, 0, false}, // beyond the row's bookings
		{"v9000001@bench.test", 10, 0, false}, // another row's
		{"c7000001@bench.test", 10, 0, false},
		{"v7000001@other.test", 10, 0, false},
	} {
		if got, ok := mailIndex(tt.addr, tt.n); got != tt.want || ok != tt.ok {
			t.Errorf("mailIndex(%q) = %d, %v; want %d, %v", tt.addr, got, ok, tt.want, tt.ok)
		}
	}
}
