package fetch

import (
	"net/netip"
)

// rangeClass names one block of non-public addresses.
type rangeClass struct {
	prefix netip.Prefix
	what   string // completes "address X is ..."
}

func mustPrefix(s string) netip.Prefix { return netip.MustParsePrefix(s) }

// v4Blocked lists the IPv4 blocks that are not reachable public unicast.
// Order matters only for overlaps: broadcast is named before 240.0.0.0/4.
var v4Blocked = []rangeClass{
	{mustPrefix("0.0.0.0/8"), "in the this-network block 0.0.0.0/8"},
	{mustPrefix("10.0.0.0/8"), "private"},
	{mustPrefix("100.64.0.0/10"), "carrier-grade NAT shared space"},
	{mustPrefix("127.0.0.0/8"), "loopback"},
	{mustPrefix("169.254.0.0/16"), "link-local"},
	{mustPrefix("172.16.0.0/12"), "private"},
	{mustPrefix("192.0.0.0/24"), "reserved for protocol assignments"},
	{mustPrefix("192.0.2.0/24"), "reserved for documentation"},
	{mustPrefix("192.88.99.0/24"), "a deprecated 6to4 relay"},
	{mustPrefix("192.168.0.0/16"), "private"},
	{mustPrefix("198.18.0.0/15"), "reserved for benchmarking"},
	{mustPrefix("198.51.100.0/24"), "reserved for documentation"},
	{mustPrefix("203.0.113.0/24"), "reserved for documentation"},
	{mustPrefix("224.0.0.0/4"), "multicast"},
	{mustPrefix("255.255.255.255/32"), "broadcast"},
	{mustPrefix("240.0.0.0/4"), "reserved"},
}

// v6Blocked lists IPv6 blocks refused outright. Blocks that embed an IPv4
// address which decides the answer (mapped, NAT64, 6to4) are handled in
// classify instead.
var v6Blocked = []rangeClass{
	{mustPrefix("::/128"), "unspecified"},
	{mustPrefix("::1/128"), "loopback"},
	{mustPrefix("::/96"), "a deprecated IPv4-compatible address"},
	{mustPrefix("64:ff9b:1::/48"), "local-use NAT64"},
	{mustPrefix("100::/64"), "discard-only"},
	{mustPrefix("2001::/32"), "a Teredo tunnel address"},
	{mustPrefix("2001:db8::/32"), "reserved for documentation"},
	{mustPrefix("3fff::/20"), "reserved for documentation"},
	{mustPrefix("fc00::/7"), "unique-local"},
	{mustPrefix("fe80::/10"), "link-local"},
	{mustPrefix("fec0::/10"), "site-local"},
	{mustPrefix("ff00::/8"), "multicast"},
}

var (
	nat64Prefix = mustPrefix("64:ff9b::/96")
	sixToFour   = mustPrefix("2002::/16")
)

// classify returns "" for a public unicast address, otherwise the words
// that complete "address X is ...". IPv4 embedded in IPv6 (mapped, NAT64,
// 6to4) is judged by the IPv4 address it carries.
func classify(ip netip.Addr) string {
	ip = ip.WithZone("")
	if !ip.IsValid() {
		return "invalid"
	}
	if ip.Is4In6() {
		return classify4(ip.Unmap())
	}
	if ip.Is4() {
		return classify4(ip)
	}
	b := ip.As16()
	switch {
	case nat64Prefix.Contains(ip):
		return classify4(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
	case sixToFour.Contains(ip):
		return classify4(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
	}
	for _, r := range v6Blocked {
		if r.prefix.Contains(ip) {
			return r.what
		}
	}
	return ""
}

func classify4(ip netip.Addr) string {
	for _, r := range v4Blocked {
		if r.prefix.Contains(ip) {
			return r.what
		}
	}
	return ""
}

// CheckAddr returns a *BlockedError when ip is not a public unicast
// address: loopback, private, link-local (including the cloud metadata
// address 169.254.169.254), CGNAT, multicast, broadcast, reserved,
// documentation and benchmarking blocks, and IPv6 forms that embed them.
func CheckAddr(ip netip.Addr) error {
	if what := classify(ip); what != "" {
		return &BlockedError{Reason: "address " + ip.String() + " is " + what}
	}
	return nil
}
