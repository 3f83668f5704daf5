package cache

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestDiskSurvivesReopen(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	created := time.Now().UTC().Truncate(time.Second)
	if err := d.Put("k1", DiskEntry{Data: []byte("png bytes"), ContentType: "image/png", Created: created}); err != nil {
		t.Fatal(err)
	}
	d2, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := d2.Get("k1")
	if !ok || !bytes.Equal(e.Data, []byte("png bytes")) || e.ContentType != "image/png" || !e.Created.Equal(created) {
		t.Fatalf("after reopen Get = %+v, %v", e, ok)
	}
	if _, ok := d2.Get("k2"); ok {
		t.Error("Get of a missing key succeeded")
	}
}

func TestDiskBoundAndExpiry(t *testing.T) {
	dir := t.TempDir()
	d, _ := OpenDisk(dir, 3000, time.Hour)
	now := time.Unix(1_000_000, 0)
	d.now = func() time.Time { return now }
	for i, k := range []string{"a", "b", "c", "d"} {
		now = now.Add(time.Second)
		d.Put(k, DiskEntry{Data: make([]byte, 900), Created: now})
		if i == 1 {
			now = now.Add(time.Second)
			d.Get("a") // a becomes more recent than b
		}
	}
	if d.Used() > 3000 {
		t.Errorf("Used = %d, want ≤ 3000", d.Used())
	}
	if _, ok := d.Get("b"); ok {
		t.Error("b (least recently used) was not evicted")
	}
	if _, ok := d.Get("a"); !ok {
		t.Error("a was evicted although recently used")
	}
	now = now.Add(2 * time.Hour)
	if _, ok := d.Get("d"); ok {
		t.Error("expired entry served")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) > 3 {
		t.Errorf("%d files on disk after eviction and expiry", len(files))
	}
}

func TestDiskIgnoresForeignAndPartialFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ".tmp-123"), []byte("half"), 0o644)
	os.WriteFile(filepath.Join(dir, fileName("k")), []byte("garbage"), 0o644)
	d, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := d.Get("k"); ok {
		t.Error("garbage file served")
	}
	if _, err := os.Stat(filepath.Join(dir, ".tmp-123")); !os.IsNotExist(err) {
		t.Error("leftover temporary file not removed at open")
	}
}
