package ratelimit

import "net/netip"

// AddressKey is the part of a client address a per-address budget counts: the address
// itself for IPv4, its /64 network for IPv6 (one subscriber usually holds a whole /64,
// so counting single IPv6 addresses would let one visitor rotate through millions).
// A string that is not an address is returned as is.
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}
