package cache

import (
	"testing"
	"time"
)

func TestBytesEvictsLeastRecentlyUsedBySize(t *testing.T) {
	c := NewBytes[[]byte](100, time.Hour, func(b []byte) int64 { return int64(len(b)) }, nil)
	c.Add("a", make([]byte, 40))
	c.Add("b", make([]byte, 40))
	c.Get("a") // a is now the most recent
	c.Add("c", make([]byte, 40))
	if _, ok := c.Get("b"); ok {
		t.Error("b survived; want it evicted as least recently used")
	}
	if _, ok := c.Get("a"); !ok {
		t.Error("a evicted; want it kept")
	}
	if used, n, _, _, ev := c.Stats(); used != 80 || n != 2 || ev != 1 {
		t.Errorf("Stats = %d bytes, %d entries, %d evictions; want 80, 2, 1", used, n, ev)
	}
	c.Add("huge", make([]byte, 101))
	if _, ok := c.Get("huge"); ok {
		t.Error("a value larger than the cache was stored")
	}
}

func TestBytesExpires(t *testing.T) {
	now := time.Unix(0, 0)
	c := NewBytes[[]byte](100, time.Minute, func(b []byte) int64 { return int64(len(b)) }, func() time.Time { return now })
	c.Add("a", []byte("x"))
	now = now.Add(time.Minute)
	if _, ok := c.Get("a"); ok {
		t.Error("expired entry returned")
	}
	if used, n, _, _, _ := c.Stats(); used != 0 || n != 0 {
		t.Errorf("after expiry: %d bytes, %d entries; want 0, 0", used, n)
	}
}
