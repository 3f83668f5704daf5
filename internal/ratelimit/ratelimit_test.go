package ratelimit

import (
	"encoding/binary"
	"net/netip"
	"testing"
	"time"
)

// addrN is the n-th distinct IPv6 /64.
func addrN(n uint64) Key {
	var b [16]byte
	b[0] = 0x20
	binary.BigEndian.PutUint64(b[:8], 0x2001_0db8_0000_0000|n)
	return KeyOf(netip.AddrFrom16(b), 64, 0)
}

func TestBurstThenSteadyRate(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	l := New(0, func() time.Time { return now })
	k := KeyOf(netip.MustParseAddr("10.0.0.1"), 64, 0)
	for i := range 30 {
		d := l.Take(k, 30)
		if !d.OK || d.Remaining != 29-i {
			t.Fatalf("request %d = %+v, want allowed with %d remaining", i+1, d, 29-i)
		}
	}
	d := l.Take(k, 30)
	if d.OK || d.RetryAfter != 2*time.Second {
		t.Fatalf("31st request = %+v, want refused, retry after 2s", d)
	}
	if p := l.Peek(k, 30); p.OK {
		t.Fatalf("Peek after the burst = %+v, want refused", p)
	}
	now = now.Add(2 * time.Second) // one request earned back every 2 s
	if d := l.Take(k, 30); !d.OK || d.Remaining != 0 {
		t.Fatalf("after 2 s = %+v, want one allowed", d)
	}
	if d := l.Take(k, 30); d.OK {
		t.Fatalf("second after 2 s = %+v, want refused", d)
	}
	now = now.Add(time.Minute)
	if d := l.Take(k, 30); !d.OK || d.Remaining != 29 {
		t.Fatalf("after a quiet minute = %+v, want the full burst back", d)
	}
	// Classes count separately; Peek counts nothing.
	other := KeyOf(netip.MustParseAddr("10.0.0.1"), 64, 1)
	for range 5 {
		l.Peek(other, 1)
	}
	if d := l.Take(other, 1); !d.OK {
		t.Fatalf("another class = %+v, want allowed", d)
	}
	if d := l.Take(k, 0); !d.OK {
		t.Fatalf("limit 0 = %+v, want allowed", d)
	}
}

func TestIPv6GroupedByPrefix(t *testing.T) {
	a := netip.MustParseAddr("2001:db8:1:2:aaaa::1")
	b := netip.MustParseAddr("2001:db8:1:2:bbbb::7")
	c := netip.MustParseAddr("2001:db8:1:3::1")
	if KeyOf(a, 64, 0) != KeyOf(b, 64, 0) {
		t.Error("two addresses of one /64 have different keys")
	}
	if KeyOf(a, 64, 0) == KeyOf(c, 64, 0) {
		t.Error("two /64s share a key")
	}
	if KeyOf(a, 128, 0) == KeyOf(b, 128, 0) {
		t.Error("with prefix 128 two addresses share a key")
	}
	if KeyOf(netip.MustParseAddr("::ffff:10.1.2.3"), 64, 0) != KeyOf(netip.MustParseAddr("10.1.2.3"), 64, 0) {
		t.Error("an IPv4-mapped address is not counted as its IPv4 address")
	}
	if KeyOf(netip.MustParseAddr("10.1.2.3"), 64, 0) == KeyOf(netip.MustParseAddr("10.1.2.4"), 64, 0) {
		t.Error("IPv4 addresses are grouped")
	}
}

// TestFullTableServesNewClients is the lockout the old table had: once
// full of live clients, every new client was refused for a minute.
func TestFullTableServesNewClients(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	l := New(1024, func() time.Time { return now })
	// Fill the table many times over with clients that used their burst.
	for n := range uint64(10_000) {
		for range 2 {
			l.Take(addrN(n), 2)
		}
	}
	if got := l.Len(); got > 1024+shardCount {
		t.Fatalf("table holds %d keys, want at most about 1024", got)
	}
	for n := uint64(20_000); n < 20_100; n++ {
		if d := l.Take(addrN(n), 2); !d.OK {
			t.Fatalf("new client %d refused by a full table: %+v", n, d)
		}
	}
	// A client seen recently keeps its count while strangers come and go.
	busy := addrN(1 << 40)
	l.Take(busy, 2)
	l.Take(busy, 2)
	for n := uint64(30_000); n < 30_005; n++ {
		l.Take(addrN(n), 2)
	}
	if d := l.Take(busy, 2); d.OK {
		t.Fatalf("recently seen client forgot its count after a few strangers: %+v", d)
	}
}
