package warnonce

import (
	"strconv"
	"testing"
	"time"
)

func TestOncePerKeyPerInterval(t *testing.T) {
	now := time.Unix(1000, 0)
	g := New(5*time.Minute, 0, func() time.Time { return now })
	if !g.Allow("a") || g.Allow("a") {
		t.Fatal("a: want allowed once, then held back")
	}
	if !g.Allow("b") {
		t.Error("b held back by a's entry")
	}
	now = now.Add(4 * time.Minute)
	if g.Allow("a") {
		t.Error("a allowed again within the interval")
	}
	now = now.Add(time.Minute)
	if !g.Allow("a") {
		t.Error("a held back after the interval")
	}
}

func TestBoundedKeys(t *testing.T) {
	g := New(time.Hour, 100, nil)
	for i := range 10_000 {
		g.Allow(strconv.Itoa(i))
	}
	if n := g.quiet.Len(); n > 100 {
		t.Errorf("%d keys remembered, want ≤ 100", n)
	}
}
