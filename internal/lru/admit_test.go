package lru

import (
	"slices"
	"testing"
	"time"
)

// TestAdmitRefuses: a refused value is not stored and evicts nothing;
// the rule sees the keys that would go, least recently used first.
func TestAdmitRefuses(t *testing.T) {
	c := New[string, int](Options{MaxBytes: 100})
	c.Add("a", 1, 40, time.Time{})
	c.Add("b", 2, 40, time.Time{})
	var asked []string
	c.SetAdmit(func(key string, victims []string) bool {
		asked = append([]string{key}, victims...)
		return key != "no"
	})
	c.Add("small", 3, 20, time.Time{}) // fits: not asked
	if asked != nil {
		t.Fatalf("asked %v for a value that evicts nothing", asked)
	}
	if c.Add("no", 4, 60, time.Time{}) {
		t.Fatal("a refused value was stored")
	}
	if want := []string{"no", "a", "b"}; !slices.Equal(asked, want) {
		t.Fatalf("asked %v, want %v (new key, then victims oldest first)", asked, want)
	}
	for _, k := range []string{"a", "b", "small"} {
		if _, ok := c.Peek(k); !ok {
			t.Errorf("%s was evicted for a refused value", k)
		}
	}
	if s := c.Stats(); s.Rejected != 1 || s.Evictions != 0 || s.Bytes != 100 {
		t.Fatalf("stats %+v, want 1 rejected, nothing evicted, 100 bytes", s)
	}
	if !c.Add("yes", 5, 30, time.Time{}) {
		t.Fatal("an admitted value was not stored")
	}
	if _, ok := c.Peek("a"); ok {
		t.Fatal("the least recently used entry survived an admitted value")
	}
}

// TestAdmitKeepsStablePart: cycling through more keys than fit, plain
// LRU misses every time; refusing newcomers while full keeps a stable
// part that hits on every cycle.
func TestAdmitKeepsStablePart(t *testing.T) {
	run := func(admit bool) (hits uint64) {
		c := New[int, int](Options{MaxBytes: 8})
		if admit {
			c.SetAdmit(func(int, []int) bool { return false })
		}
		for range 5 {
			for k := range 10 {
				if _, ok := c.Get(k); !ok {
					c.Add(k, k, 1, time.Time{})
				}
			}
		}
		return c.Stats().Hits
	}
	if h := run(false); h != 0 {
		t.Fatalf("plain LRU hit %d times cycling through 10 keys in room for 8; the test's premise is wrong", h)
	}
	if h := run(true); h != 4*8 {
		t.Fatalf("with admission %d hits, want 32 (8 resident keys on each of 4 later cycles)", h)
	}
}
