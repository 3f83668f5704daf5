package cache

import (
	"context"
	"testing"
	"time"
)

func pic(n int) *Image { return &Image{Data: make([]byte, n), ContentType: "image/png", ETag: `"x"`} }

func TestMemoryEvictsLeastRecentlyUsedBySize(t *testing.T) {
	c := NewMemory(3*(40+memoryOverhead), time.Hour, nil)
	c.Set(bg, "a", pic(40))
	c.Set(bg, "b", pic(40))
	c.Set(bg, "c", pic(40))
	c.Get(bg, "a") // a is now the most recent
	c.Set(bg, "d", pic(40))
	if _, ok := c.Get(bg, "b"); ok {
		t.Error("b survived; want it evicted as least recently used")
	}
	if _, ok := c.Get(bg, "a"); !ok {
		t.Error("a evicted; want it kept")
	}
	if st := c.Stats(); st.Bytes != 3*(40+memoryOverhead) || st.Entries != 3 || st.Evictions != 1 {
		t.Errorf("Stats = %+v; want 3 entries of %d bytes, 1 eviction", st, 40+memoryOverhead)
	}
	c.Set(bg, "huge", pic(4000))
	if _, ok := c.Get(bg, "huge"); ok {
		t.Error("a picture larger than the tier was stored")
	}
}

func TestMemoryExpires(t *testing.T) {
	now := time.Unix(0, 0)
	c := NewMemory(1<<20, 2*time.Hour, func() time.Time { return now })
	c.Set(bg, "a", pic(1))
	inc := pic(1)
	inc.Incomplete = "logo 404"
	c.Set(bg, "incomplete", inc)
	now = now.Add(IncompleteTTL)
	if _, ok := c.Get(bg, "incomplete"); ok {
		t.Error("an incomplete picture outlived IncompleteTTL")
	}
	if _, ok := c.Get(bg, "a"); !ok {
		t.Error("a complete picture expired before the tier's TTL")
	}
	now = now.Add(time.Hour)
	if _, ok := c.Get(bg, "a"); ok {
		t.Error("expired entry returned")
	}
	if st := c.Stats(); st.Bytes != 0 || st.Entries != 0 {
		t.Errorf("after expiry: %d bytes, %d entries; want 0, 0", st.Bytes, st.Entries)
	}
}

func TestSetTTLIsShorterOnly(t *testing.T) {
	now := time.Unix(0, 0)
	c := NewMemory(1<<20, time.Hour, func() time.Time { return now })
	c.SetTTL("short", pic(1), time.Minute)
	c.SetTTL("long", pic(1), 48*time.Hour)
	now = now.Add(2 * time.Minute)
	if _, ok := c.Get(bg, "short"); ok {
		t.Error("entry outlived its own TTL")
	}
	now = now.Add(time.Hour)
	if _, ok := c.Get(bg, "long"); ok {
		t.Error("entry outlived the tier's TTL")
	}
}

// A request that asked the memory tier for a key and missed is not
// answered (or counted) by a second look of the same request.
func TestMemoryMissedOncePerRequest(t *testing.T) {
	c := NewMemory(1<<20, time.Hour, nil)
	ctx := WithMemoryMissed(context.Background(), "k")
	c.Set(bg, "k", pic(1))
	if _, ok := c.Get(ctx, "k"); ok {
		t.Error("a request that missed k already was answered by a second look")
	}
	if _, ok := c.Get(ctx, "other"); ok {
		t.Error("missing key found")
	}
	if st := c.Stats(); st.Misses != 1 || st.Hits != 0 {
		t.Errorf("counted %d misses and %d hits, want 1 and 0 (the second look is not counted)", st.Misses, st.Hits)
	}
}

// A picture found in a slower tier is copied into the faster ones, and
// Delete removes it from all.
func TestTieredPromotesAndDeletes(t *testing.T) {
	mem, d, tiers := memoryAndDisk(t)
	img := NewImage([]byte("\x89PNG picture"), "image/png", time.Now())
	if err := d.Set(bg, "k", img); err != nil {
		t.Fatal(err)
	}
	got, ok := tiers.Get(bg, "k")
	if !ok || string(got.Data) != string(img.Data) || got.ETag != img.ETag {
		t.Fatalf("Get through the tiers = %v, %v; want the disk's picture", got, ok)
	}
	if m, ok := mem.Get(bg, "k"); !ok || m != got {
		t.Error("the disk hit was not kept in the memory tier")
	}
	tiers.Delete(bg, "k")
	for name, c := range map[string]Cache{"memory": mem, "disk": d, "tiered": tiers} {
		if _, ok := c.Get(bg, "k"); ok {
			t.Errorf("%s tier still has a deleted picture", name)
		}
	}
}
