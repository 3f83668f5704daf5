package fetch

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		ip   string
		want string // "" = public; otherwise a word the reason must contain
	}{
		// Public addresses, including neighbours of blocked blocks.
		{"8.8.8.8", ""},
		{"1.1.1.1", ""},
		{"9.255.255.255", ""},
		{"11.0.0.0", ""},
		{"100.63.255.255", ""},
		{"100.128.0.0", ""},
		{"126.255.255.255", ""},
		{"128.0.0.0", ""},
		{"169.253.255.255", ""},
		{"169.255.0.0", ""},
		{"172.15.255.255", ""},
		{"172.32.0.0", ""},
		{"192.167.255.255", ""},
		{"192.169.0.0", ""},
		{"198.17.255.255", ""},
		{"198.20.0.0", ""},
		{"223.255.255.255", ""},
		{"2606:4700:4700::1111", ""},
		{"2a00:1450:4001:80b::200e", ""},
		{"::ffff:8.8.8.8", ""},
		{"64:ff9b::808:808", ""}, // NAT64 of 8.8.8.8
		{"2002:808:808::1", ""},  // 6to4 of 8.8.8.8
		{"2001:4860:4860::8888", ""},

		// IPv4 blocks, first and last addresses.
		{"0.0.0.0", "this-network"},
		{"0.255.255.255", "this-network"},
		{"10.0.0.0", "private"},
		{"10.0.0.1", "private"},
		{"10.255.255.255", "private"},
		{"100.64.0.0", "carrier-grade NAT"},
		{"100.127.255.255", "carrier-grade NAT"},
		{"127.0.0.1", "loopback"},
		{"127.255.255.254", "loopback"},
		{"169.254.0.0", "link-local"},
		{"169.254.169.254", "link-local"},
		{"169.254.255.255", "link-local"},
		{"172.16.0.0", "private"},
		{"172.31.255.255", "private"},
		{"192.0.0.8", "protocol assignments"},
		{"192.0.2.1", "documentation"},
		{"192.88.99.1", "6to4 relay"},
		{"192.168.0.0", "private"},
		{"192.168.1.1", "private"},
		{"192.168.255.255", "private"},
		{"198.18.0.0", "benchmarking"},
		{"198.19.255.255", "benchmarking"},
		{"198.51.100.7", "documentation"},
		{"203.0.113.9", "documentation"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"240.0.0.1", "reserved"},
		{"255.255.255.254", "reserved"},
		{"255.255.255.255", "broadcast"},

		// IPv6 blocks.
		{"::", "unspecified"},
		{"::1", "loopback"},
		{"::7f00:1", "IPv4-compatible"},
		{"::a00:1", "IPv4-compatible"},
		{"fc00::1", "unique-local"},
		{"fd12:3456:789a::1", "unique-local"},
		{"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique-local"},
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"febf:ffff::1", "link-local"},
		{"fec0::1", "site-local"},
		{"ff02::1", "multicast"},
		{"2001:db8::1", "documentation"},
		{"3fff::1", "documentation"},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"},
		{"100::1", "discard-only"},
		{"64:ff9b:1::1", "local-use NAT64"},

		// IPv4 embedded in IPv6.
		{"::ffff:127.0.0.1", "loopback"},
		{"::ffff:7f00:1", "loopback"},
		{"::ffff:10.0.0.1", "private"},
		{"::ffff:169.254.169.254", "link-local"},
		{"::ffff:0.0.0.0", "this-network"},
		{"64:ff9b::7f00:1", "loopback"},      // NAT64 of 127.0.0.1
		{"64:ff9b::a9fe:a9fe", "link-local"}, // NAT64 of 169.254.169.254
		{"2002:a00:1::1", "private"},         // 6to4 of 10.0.0.1
		{"2002:c0a8:101::", "private"},       // 6to4 of 192.168.1.1
	}
	for _, tt := range tests {
		ip := netip.MustParseAddr(tt.ip)
		got := classify(ip)
		if tt.want == "" {
			if got != "" {
				t.Errorf("classify(%s) = %q, want public", tt.ip, got)
			}
			continue
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("classify(%s) = %q, want it to mention %q", tt.ip, got, tt.want)
		}
	}
}

func TestCheckAddrReason(t *testing.T) {
	tests := []struct {
		ip, want string
	}{
		{"10.0.0.1", "address 10.0.0.1 is private"},
		{"127.0.0.1", "address 127.0.0.1 is loopback"},
		{"169.254.169.254", "address 169.254.169.254 is link-local"},
		{"::ffff:192.168.1.1", "address ::ffff:192.168.1.1 is private"},
	}
	for _, tt := range tests {
		err := CheckAddr(netip.MustParseAddr(tt.ip))
		var be *BlockedError
		if !errors.As(err, &be) {
			t.Fatalf("CheckAddr(%s) = %v, want *BlockedError", tt.ip, err)
		}
		if be.Reason != tt.want {
			t.Errorf("CheckAddr(%s).Reason = %q, want %q", tt.ip, be.Reason, tt.want)
		}
	}
	if err := CheckAddr(netip.MustParseAddr("93.184.215.14")); err != nil {
		t.Errorf("CheckAddr(93.184.215.14) = %v, want nil", err)
	}
	if err := CheckAddr(netip.Addr{}); err == nil {
		t.Errorf("CheckAddr(zero Addr) = nil, want an error")
	}
}
