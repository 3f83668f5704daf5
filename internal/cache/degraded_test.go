package cache

import (
	"errors"
	"testing"
	"time"
)

type picture struct {
	data     []byte
	degraded bool
}

func (p picture) Degraded() bool { return p.degraded }

// Every tier refuses a degraded result, whoever asks it to store one.
func TestTiersRefuseDegraded(t *testing.T) {
	mem := NewBytes[picture](1<<20, time.Hour, func(p picture) int64 { return int64(len(p.data)) }, nil)
	if err := mem.Add("k", picture{data: []byte("x"), degraded: true}); !errors.Is(err, ErrDegraded) {
		t.Errorf("memory tier Add(degraded) = %v, want ErrDegraded", err)
	}
	if _, ok := mem.Get("k"); ok {
		t.Error("memory tier stored a degraded picture")
	}
	if err := mem.Add("k", picture{data: []byte("x")}); err != nil {
		t.Errorf("memory tier Add(complete) = %v", err)
	}
	d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Put("k", DiskEntry{Data: []byte("x"), Degraded: true}); !errors.Is(err, ErrDegraded) {
		t.Errorf("disk tier Put(degraded) = %v, want ErrDegraded", err)
	}
	if _, ok := d.Get("k"); ok || d.Used() != 0 {
		t.Error("disk tier stored a degraded picture")
	}
}

func TestAddTTLIsShorterOnly(t *testing.T) {
	now := time.Unix(0, 0)
	c := NewBytes[[]byte](100, time.Hour, func(b []byte) int64 { return int64(len(b)) }, func() time.Time { return now })
	c.AddTTL("short", []byte("a"), time.Minute)
	c.AddTTL("long", []byte("b"), 48*time.Hour)
	now = now.Add(2 * time.Minute)
	if _, ok := c.Get("short"); ok {
		t.Error("entry outlived its own TTL")
	}
	now = now.Add(time.Hour)
	if _, ok := c.Get("long"); ok {
		t.Error("entry outlived the cache TTL")
	}
}
