package mail_test

import (
	"strings"
	"testing"

	"github.com/dota-agency/dota/mail"
)

func TestParseURL(t *testing.T) {
	good := map[string]mail.Endpoint{
		"smtp://relay.local":                      {Host: "relay.local", Port: 587},
		"smtp://relay.local:25":                   {Host: "relay.local", Port: 25},
		"smtps://smtp.example.com":                {ImplicitTLS: true, Host: "smtp.example.com", Port: 465},
		"SMTPS://u%40x.dz:p%3Ass@h.example:2465/": {ImplicitTLS: true, Host: "h.example", Port: 2465, Username: "u@x.dz", Password: "p:ss"},
		"smtp://[::1]:2525":                       {Host: "::1", Port: 2525},
	}
	for raw, want := range good {
		got, err := mail.ParseURL(raw)
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v; want %+v", raw, got, err, want)
		}
	}

	bad := map[string]string{
		"http://smtp.example.com":            "scheme must be smtp:// or smtps://",
		"smtp.example.com:587":               "scheme must be smtp:// or smtps://",
		"smtp://":                            "no host",
		"smtp://:25":                         "no host",
		"smtp:relay":                         "no host",
		"smtp://relay:0":                     "port \"0\"",
		"smtp://relay:70000":                 "port \"70000\"",
		"smtp://relay:x25":                   "not a URL",
		"smtp://relay/inbox":                 "only smtp://[user:password@]host[:port]",
		"smtp://relay?tls=off":               "only smtp://[user:password@]host[:port]",
		"smtp://user@relay":                  "both a user and a password",
		"smtp://:secret@relay":               "both a user and a password",
		"smtp://user:top-secret@relay:bad25": "not a URL",
	}
	for raw, want := range bad {
		_, err := mail.ParseURL(raw)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", raw, err, want)
			continue
		}
		if strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: the error shows the password: %v", raw, err)
		}
		if _, err := mail.NewTransport(raw); err == nil {
			t.Errorf("%s: NewTransport accepted it", raw)
		}
	}
}

func TestEndpointStringHidesThePassword(t *testing.T) {
	e, err := mail.ParseURL("smtp://rdv:top-secret@smtp.example.com:587")
	if err != nil {
		t.Fatal(err)
	}
	if s := e.String(); s != "smtp://rdv@smtp.example.com:587" {
		t.Errorf("String %q", s)
	}
}

func TestNewRendererChecksItsConfiguration(t *testing.T) {
	for _, c := range []struct{ from, public string }{
		{"rdv@dota.example", ""},
		{"rdv@dota.example", "rdv.example.com"},
		{"rdv@dota.example", "ftp://rdv.example.com"},
		{"not an address", "https://rdv.example.com"},
	} {
		if _, err := mail.NewRenderer(c.from, c.public); err == nil {
			t.Errorf("from %q public %q accepted", c.from, c.public)
		}
	}
	r, err := mail.NewRenderer("", "https://rdv.example.com:8443/app")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.From().Address; got != "noreply@rdv.example.com" {
		t.Errorf("default sender %q", got)
	}
}
