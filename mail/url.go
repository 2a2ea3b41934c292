package mail

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Default ports when DOTA_SMTP_URL names none: submission for smtp://, implicit TLS for smtps://.
const (
	DefaultPort    = 587
	DefaultTLSPort = 465
)

// Endpoint is a parsed DOTA_SMTP_URL.
type Endpoint struct {
	ImplicitTLS bool // smtps://: TLS from the first byte; else STARTTLS when offered
	Host        string
	Port        int
	Username    string
	Password    string
}

// String writes the endpoint for a log line, without the password.
func (e Endpoint) String() string {
	scheme := "smtp"
	if e.ImplicitTLS {
		scheme = "smtps"
	}
	u := url.URL{Scheme: scheme, Host: e.Host + ":" + strconv.Itoa(e.Port)}
	if strings.Contains(e.Host, ":") { // an IPv6 literal
		u.Host = "[" + e.Host + "]:" + strconv.Itoa(e.Port)
	}
	if e.Username != "" {
		u.User = url.User(e.Username)
	}
	return u.String()
}

// ParseURL reads smtp://[user:password@]host[:port] or smtps://…, with clear errors for
// start-up validation. The user and password are percent-decoded; a URL that names a
// user must give a password.
func ParseURL(raw string) (Endpoint, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the bare reason: url.Error repeats the URL, password included
		}
		return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL is not a URL: %v", err)
	}
	var e Endpoint
	switch u.Scheme {
	case "smtp":
		e.Port = DefaultPort
	case "smtps":
		e.ImplicitTLS, e.Port = true, DefaultTLSPort
	default:
		return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL: the scheme must be smtp:// or smtps://, not %q", u.Scheme)
	}
	if u.Opaque != "" || u.Hostname() == "" {
		return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL: no host (write %s://host:port)", u.Scheme)
	}
	e.Host = u.Hostname()
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL: port %q is not between 1 and 65535", p)
		}
		e.Port = n
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL: only %s://[user:password@]host[:port] is understood", u.Scheme)
	}
	if u.User != nil {
		e.Username = u.User.Username()
		e.Password, _ = u.User.Password()
		if e.Username == "" || e.Password == "" {
			return Endpoint{}, fmt.Errorf("DOTA_SMTP_URL: give both a user and a password, or neither")
		}
	}
	return e, nil
}
