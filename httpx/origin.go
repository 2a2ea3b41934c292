package httpx

import (
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// DefaultPublicURL is the site's public address when the configuration names none: the
// one `make run` serves on.
const DefaultPublicURL = "http://localhost:8080"

// ParsePublicURL checks the site's public address (DOTA_PUBLIC_URL) and returns its
// origin, "scheme://host[:port]": every absolute address the site writes (robots.txt,
// the sitemap, canonical links) starts with it, never with a request's Host or
// forwarded headers.
func ParsePublicURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("want an http:// or https:// address, such as https://dota.example.com")
	case u.Host == "" || u.User != nil || u.Hostname() == "":
		return "", fmt.Errorf("want a host name, such as https://dota.example.com")
	case strings.Trim(u.Path, "/") != "" || u.RawQuery != "" || u.Fragment != "":
		return "", fmt.Errorf("want the site's origin alone, with no path, query or fragment")
	case strings.Trim(u.Host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]") != "":
		return "", fmt.Errorf("the host name holds characters no host name has")
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// ParseTrustedProxies reads the comma-separated networks (CIDR, or a single address)
// of the proxies in front of the site (DOTA_TRUSTED_PROXIES). X-Forwarded-For is read
// only from a peer in one of them, right to left, up to the first address that is not
// a trusted proxy: that is the client.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if p, err := netip.ParsePrefix(part); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, fmt.Errorf("%q is neither a network (10.0.0.0/8) nor an address", part)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
