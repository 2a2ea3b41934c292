package ratelimit

import "net/netip"

// AddressKey is the key a per-address budget counts a client under: an IPv4 address
// as it is, an IPv6 address by its /64 network, since one subscriber usually holds a
// whole /64 and could otherwise take a fresh address for every request. Anything that
// does not parse as an address is kept as given.
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap().WithZone("")
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}
