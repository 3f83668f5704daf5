package lru

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func TestBytesBoundAndRecency(t *testing.T) {
	c := New[string, int](Options{MaxBytes: 100})
	c.Add("a", 1, 40, time.Time{})
	c.Add("b", 2, 40, time.Time{})
	c.Get("a") // a is now the most recent: b goes first
	c.Add("c", 3, 40, time.Time{})
	if _, ok := c.Get("b"); ok {
		t.Error("b survived; the least recently used entry should go first")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("%s was evicted", k)
		}
	}
	if s := c.Stats(); s.Bytes != 80 || s.Entries != 2 || s.Evictions != 1 || s.Hits != 3 || s.Misses != 1 {
		t.Errorf("stats = %+v", s)
	}
	if c.Add("huge", 9, 101, time.Time{}) {
		t.Error("a value larger than the cache was stored")
	}
	c.Add("a", 10, 70, time.Time{}) // replacing a value re-accounts its size
	if s := c.Stats(); s.Bytes != 70 || s.Entries != 1 {
		t.Errorf("after replacing a: %+v", s)
	}
}

func TestEntryBoundAndExpiry(t *testing.T) {
	clk := &clock{time.Unix(1000, 0)}
	c := New[int, string](Options{MaxBytes: 1 << 20, MaxEntries: 2, Now: clk.now})
	c.Add(1, "one", 1, clk.t.Add(time.Minute))
	c.Add(2, "two", 1, time.Time{})
	c.Add(3, "three", 1, time.Time{})
	if _, ok := c.Get(1); ok || c.Len() != 2 {
		t.Errorf("entry bound not kept: len %d", c.Len())
	}
	c.Add(4, "four", 1, clk.t.Add(time.Minute))
	clk.t = clk.t.Add(time.Minute)
	if _, ok := c.Get(4); ok {
		t.Error("an expired entry was served")
	}
	if c.Len() != 1 {
		t.Errorf("the expired entry was not dropped: len %d", c.Len())
	}
	c.Add(5, "five", 1, time.Time{})
	c.Add(6, "six", 1, time.Time{})
	if n := c.RemoveIf(func(k int) bool { return k == 5 }); n != 1 || c.Len() != 1 {
		t.Errorf("RemoveIf removed %d, left %d", n, c.Len())
	}
	c.SetMaxBytes(0)
	if c.Len() != 0 || c.Stats().Bytes != 0 {
		t.Errorf("SetMaxBytes(0) kept %+v", c.Stats())
	}
}

func TestConcurrentUse(t *testing.T) {
	c := New[string, int](Options{MaxBytes: 1000})
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				k := fmt.Sprint((g*7 + i) % 300)
				if _, ok := c.Get(k); !ok {
					c.Add(k, i, 10, time.Time{})
				}
			}
		}()
	}
	wg.Wait()
	if s := c.Stats(); s.Bytes > 1000 || s.Bytes != int64(s.Entries)*10 {
		t.Errorf("accounting broken under concurrency: %+v", s)
	}
}
