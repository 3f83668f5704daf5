package ratelimit

import (
	"sync/atomic"
	"testing"
)

// BenchmarkDistinctKeys counts requests of ever new clients, so the
// table is full and every request evicts: the attack that made the old
// table scan itself on every request. Run with -cpu 1,2; ns/op gives the
// keys per minute (60e9 / ns/op).
func BenchmarkDistinctKeys(b *testing.B) {
	l := New(DefaultCapacity, nil)
	var next atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			l.Take(addrN(next.Add(1)), 30)
		}
	})
}

// BenchmarkSameClients counts requests of a few thousand returning
// clients (the ordinary case).
func BenchmarkSameClients(b *testing.B) {
	l := New(DefaultCapacity, nil)
	var next atomic.Uint64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			l.Take(addrN(next.Add(1)%4096), 1_000_000)
		}
	})
}

// BenchmarkFullTable measures new clients arriving at a table already
// full of clients that used their whole burst: the state in which the old
// fixed-window table refused everyone and scanned itself on each request.
func BenchmarkFullTable(b *testing.B) {
	l := New(DefaultCapacity, nil)
	for n := range uint64(DefaultCapacity) {
		for range 30 {
			l.Take(addrN(n), 30)
		}
	}
	next := uint64(DefaultCapacity)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next++
		if !l.Take(addrN(next), 30).OK {
			b.Fatal("a new client was refused by a full table")
		}
	}
}
