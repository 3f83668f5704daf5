package fetch

import (
	"errors"
	"testing"
	"time"
)

func TestLRUEvictsLeastRecentlyUsed(t *testing.T) {
	now := time.Unix(0, 0)
	later := now.Add(time.Hour)
	per := int64(1000 + len("a") + entryOverhead)
	c := newLRU[int](3*per, func() time.Time { return now })
	c.put("a", 1, nil, 1000, later)
	c.put("b", 2, nil, 1000, later)
	c.put("c", 3, nil, 1000, later)
	if _, _, ok := c.get("a"); !ok { // a becomes most recent
		t.Fatal("get(a) missing before eviction")
	}
	c.put("d", 4, nil, 1000, later) // evicts b, the least recent
	tests := []struct {
		key  string
		want bool
	}{
		{"a", true}, {"b", false}, {"c", true}, {"d", true},
	}
	for _, tt := range tests {
		if _, _, ok := c.get(tt.key); ok != tt.want {
			t.Errorf("get(%s) present = %v, want %v", tt.key, ok, tt.want)
		}
	}
	if w := c.c.Stats().Bytes; w > 3*per {
		t.Errorf("weight = %d, want ≤ limit %d", w, 3*per)
	}
}

func TestLRUExpiryAndOversize(t *testing.T) {
	now := time.Unix(100, 0)
	c := newLRU[string](10_000, func() time.Time { return now })
	c.put("x", "v", nil, 10, now.Add(time.Minute))
	c.put("neg", "", errors.New("gone"), 0, now.Add(time.Second))
	c.put("big", "v", nil, 20_000, now.Add(time.Minute))
	if v, err, ok := c.get("x"); !ok || v != "v" || err != nil {
		t.Errorf("get(x) = %q, %v, %v; want v, nil, true", v, err, ok)
	}
	if _, err, ok := c.get("neg"); !ok || err == nil {
		t.Errorf("get(neg) = %v, %v; want the stored error", err, ok)
	}
	now = now.Add(time.Second)
	if _, _, ok := c.get("neg"); ok {
		t.Errorf("get(neg) after expiry present, want gone")
	}
	if _, _, ok := c.get("big"); ok {
		t.Errorf("get(big) present, want an entry above the limit not stored")
	}
	if c.len() != 1 {
		t.Errorf("len = %d, want 1", c.len())
	}
}

func TestLRUDisabled(t *testing.T) {
	c := newLRU[int](-1, time.Now)
	c.put("a", 1, nil, 0, time.Now().Add(time.Hour))
	if _, _, ok := c.get("a"); ok {
		t.Errorf("disabled cache returned an entry")
	}
}
