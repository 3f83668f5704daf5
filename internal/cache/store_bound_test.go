package cache

import (
	"context"
	"testing"
	"time"
)

// TestStoreMaxKeysDropsOldest: a bounded Store never holds more keys than
// MaxKeys, and the key it forgets is the one used longest ago.
func TestStoreMaxKeysDropsOldest(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	s := NewStore[string](time.Hour)
	s.Now, s.MaxKeys = clk.Now, 3
	ctx := context.Background()
	loads := map[string]int{}
	get := func(k string) {
		t.Helper()
		if _, err := s.Get(ctx, k, func(context.Context) (string, error) { loads[k]++; return k, nil }); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Second)
	}
	for _, k := range []string{"a", "b", "c", "d"} {
		get(k)
	}
	if n := s.Len(); n != 3 {
		t.Fatalf("Len = %d, want 3 (MaxKeys)", n)
	}
	if _, ok := s.Peek("a"); ok {
		t.Error(`"a", loaded first, is still held`)
	}
	get("b")
	if loads["b"] != 1 {
		t.Errorf(`"b" loaded %d times, want 1 (still cached)`, loads["b"])
	}
}
