package api

import (
	"net/netip"

	"github.com/dota-agency/dota/httpx"
)

// DefaultPublicURL is the site's public address when the configuration names none
// (httpx.DefaultPublicURL).
const DefaultPublicURL = httpx.DefaultPublicURL

// ParsePublicURL checks the site's public address and returns its origin
// (httpx.ParsePublicURL).
func ParsePublicURL(s string) (string, error) { return httpx.ParsePublicURL(s) }

// ParseTrustedProxies reads the networks of the proxies in front of the site
// (httpx.ParseTrustedProxies).
func ParseTrustedProxies(s string) ([]netip.Prefix, error) { return httpx.ParseTrustedProxies(s) }
