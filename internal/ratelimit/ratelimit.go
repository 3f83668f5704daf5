// Package ratelimit counts requests per client with bounded memory and no
// lockout. Each key holds one timestamp (the generic cell rate algorithm,
// GCRA): a limit of n per minute lets a fresh client send n requests at
// once and then one every minute/n, so a request costs O(1) and a client
// is never refused because the window boundary fell badly.
//
// The table is sharded by key hash; each shard keeps its keys in least
// recently seen order and, when full, forgets the key seen longest ago.
// A full table therefore never refuses a client it has not seen: the new
// client takes the place of an old one.
package ratelimit

import (
	"hash/maphash"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// Window is the period a limit is expressed in.
const Window = time.Minute

// DefaultCapacity is the number of keys a Limiter remembers when none is
// given: about 5 MB when full.
const DefaultCapacity = 1 << 16

const shardCount = 64

// Key identifies one counted client in one class of requests.
type Key struct {
	addr  [16]byte
	class uint8
}

// KeyOf returns the key of addr in class. IPv4 addresses (and IPv4 mapped
// into IPv6) count one by one; IPv6 addresses are grouped by their first
// v6Prefix bits (64 groups a home or a host's whole subnet, which one
// client can otherwise walk through freely; 128 counts every address).
func KeyOf(addr netip.Addr, v6Prefix int, class uint8) Key {
	addr = addr.Unmap().WithZone("")
	if addr.Is6() && v6Prefix > 0 && v6Prefix < 128 {
		if p, err := addr.Prefix(v6Prefix); err == nil {
			addr = p.Addr()
		}
	}
	return Key{addr: addr.As16(), class: class}
}

// String is the key as text ("0|203.0.113.7", "1|2001:db8:1:2::"), for
// a limiter kept elsewhere (the shared Redis tier).
func (k Key) String() string {
	return strconv.Itoa(int(k.class)) + "|" + netip.AddrFrom16(k.addr).Unmap().String()
}

// Decision is the outcome of counting one request.
type Decision struct {
	OK        bool
	Limit     int           // the per-minute limit applied
	Remaining int           // requests still allowed right now
	Reset     time.Duration // until the full limit is available again
	// RetryAfter is how long a refused client must wait for one request.
	RetryAfter time.Duration
}

// Limiter is a table of clients. The zero value is not usable; use New.
type Limiter struct {
	now      func() time.Time
	perShard int
	seed     maphash.Seed
	shards   [shardCount]shard
}

// New returns a limiter that remembers about capacity keys (at least one
// per shard); now is the clock (nil means time.Now).
func New(capacity int, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	if capacity <= 0 {
		capacity = DefaultCapacity
	}
	l := &Limiter{now: now, perShard: max(1, (capacity+shardCount-1)/shardCount), seed: maphash.MakeSeed()}
	for i := range l.shards {
		l.shards[i].index = make(map[Key]int32)
	}
	return l
}

// Take counts one request of k against perMinute and reports whether it
// is allowed. A refused request is not counted. perMinute <= 0 allows
// everything.
func (l *Limiter) Take(k Key, perMinute int) Decision { return l.decide(k, perMinute, true) }

// Peek reports what Take would decide without counting anything.
func (l *Limiter) Peek(k Key, perMinute int) Decision { return l.decide(k, perMinute, false) }

// Len is the number of keys remembered.
func (l *Limiter) Len() int {
	n := 0
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		n += len(s.index)
		s.mu.Unlock()
	}
	return n
}

func (l *Limiter) decide(k Key, perMinute int, commit bool) Decision {
	if perMinute <= 0 {
		return Decision{OK: true}
	}
	interval := int64(Window) / int64(perMinute)
	window := interval * int64(perMinute) // Window, without rounding drift
	now := l.now().UnixNano()
	s := &l.shards[l.shardOf(k)]

	s.mu.Lock()
	defer s.mu.Unlock()
	i, seen := s.index[k]
	tat := now // theoretical arrival time: when the client is "paid up"
	if seen {
		s.touch(i)
		tat = max(s.nodes[i].tat, now)
	}
	next := tat + interval
	if next-now > window {
		retry := next - window - now
		return Decision{Limit: perMinute, Reset: time.Duration(tat - now), RetryAfter: time.Duration(retry)}
	}
	if commit {
		if !seen {
			i = s.insert(k, l.perShard, now)
		}
		s.nodes[i].tat = next
	}
	return Decision{OK: true, Limit: perMinute, Remaining: int((window - (next - now)) / interval),
		Reset: time.Duration(next - now)}
}

func (l *Limiter) shardOf(k Key) int {
	var b [17]byte
	copy(b[:], k.addr[:])
	b[16] = k.class
	return int(maphash.Bytes(l.seed, b[:]) % shardCount)
}

// shard is one lock's worth of keys: a map to slots of nodes, and the
// nodes linked from most to least recently seen.
type shard struct {
	mu         sync.Mutex
	index      map[Key]int32
	nodes      []node
	head, tail int32 // most and least recently seen; -1 when empty
}

type node struct {
	key        Key
	tat        int64
	prev, next int32
}

// insert adds k, reusing the least recently seen slot when the shard is
// full. A slot whose time has passed holds nothing worth keeping, and one
// that has not is the client seen longest ago.
func (s *shard) insert(k Key, capacity int, now int64) int32 {
	var i int32
	if len(s.nodes) < capacity {
		if len(s.nodes) == 0 {
			s.head, s.tail = -1, -1
		}
		s.nodes = append(s.nodes, node{})
		i = int32(len(s.nodes) - 1)
	} else {
		i = s.tail
		s.unlink(i)
		delete(s.index, s.nodes[i].key)
	}
	s.nodes[i] = node{key: k, tat: now, prev: -1, next: s.head}
	if s.head >= 0 {
		s.nodes[s.head].prev = i
	}
	s.head = i
	if s.tail < 0 {
		s.tail = i
	}
	s.index[k] = i
	return i
}

// touch moves slot i to the front.
func (s *shard) touch(i int32) {
	if s.head == i {
		return
	}
	s.unlink(i)
	s.nodes[i].prev, s.nodes[i].next = -1, s.head
	if s.head >= 0 {
		s.nodes[s.head].prev = i
	}
	s.head = i
	if s.tail < 0 {
		s.tail = i
	}
}

func (s *shard) unlink(i int32) {
	n := &s.nodes[i]
	if n.prev >= 0 {
		s.nodes[n.prev].next = n.next
	} else {
		s.head = n.next
	}
	if n.next >= 0 {
		s.nodes[n.next].prev = n.prev
	} else {
		s.tail = n.prev
	}
	n.prev, n.next = -1, -1
}
