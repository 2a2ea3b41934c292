package httpx

import (
	"fmt"
	"net"
	"net/http"
	"syscall"
	"time"
)

// PublicOnly refuses a connection to a loopback, private, link-local, multicast or
// unspecified address, checked on the address dialled, after name resolution: the
// Control of a net.Dialer that fetches an address a user gave (a push subscription's
// endpoint, a consultant's calendar), which must not reach this machine or its network.
func PublicOnly(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return &NotPublicError{Host: host}
	}
	return nil
}

// NotPublicError is PublicOnly's refusal.
type NotPublicError struct{ Host string }

func (e *NotPublicError) Error() string { return fmt.Sprintf("%s is not a public address", e.Host) }

// OutboundTransport is a transport for addresses users give: it dials only public
// addresses (PublicOnly) unless local ones are allowed (a stand-in on this machine, in
// tests, or a server that means to reach its own network).
func OutboundTransport(allowLocal bool) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	d := &net.Dialer{Timeout: 10 * time.Second}
	if !allowLocal {
		d.Control = PublicOnly
	}
	t.DialContext = d.DialContext
	return t
}
