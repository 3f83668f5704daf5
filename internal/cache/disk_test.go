package cache

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
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
	if err := d.Set(bg, "k1", &Image{Data: []byte("png bytes"), ContentType: "image/png", Modified: created}); err != nil {
		t.Fatal(err)
	}
	d.Close() // the process that wrote it ends
	d2, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := d2.Get(bg, "k1")
	if !ok || !bytes.Equal(e.Data, []byte("png bytes")) || e.ContentType != "image/png" || !e.Modified.Equal(created) {
		t.Fatalf("after reopen Get = %+v, %v", e, ok)
	}
	if _, ok := d2.Get(bg, "k2"); ok {
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
		d.Set(bg, k, &Image{Data: make([]byte, 800), ContentType: "image/png", Modified: now})
		if i == 1 {
			now = now.Add(time.Second)
			d.Get(bg, "a") // a becomes more recent than b
		}
	}
	if d.Used() > 3000 {
		t.Errorf("Used = %d, want ≤ 3000", d.Used())
	}
	if _, ok := d.Get(bg, "b"); ok {
		t.Error("b (least recently used) was not evicted")
	}
	if _, ok := d.Get(bg, "a"); !ok {
		t.Error("a was evicted although recently used")
	}
	now = now.Add(2 * time.Hour)
	if _, ok := d.Get(bg, "d"); ok {
		t.Error("expired entry served")
	}
	if files := segmentFiles(t, dir); len(files) > 3 {
		t.Errorf("%d segment files on disk after eviction and expiry", len(files))
	}
}

func TestDiskRemovesLegacyFilesAndIgnoresForeignOnes(t *testing.T) {
	dir := t.TempDir()
	// The earlier layout's leftovers: an interrupted write and an entry.
	os.WriteFile(filepath.Join(dir, ".tmp-123"), []byte("half"), 0o644)
	os.WriteFile(filepath.Join(dir, "0123456789abcdef0123456789abcdef.gtc"), []byte("GTC1old"), 0o644)
	// A segment name holding no records, and a file that is not ours.
	os.WriteFile(filepath.Join(dir, "0000000000000000.gtl"), []byte("garbage, not records"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("keep me"), 0o644)
	d, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".tmp-123", "0123456789abcdef0123456789abcdef.gtc"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("leftover %s of the earlier layout not removed at open", name)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "keep me" {
		t.Error("a file that is not the cache's was changed")
	}
	if d.Used() != 0 {
		t.Errorf("Used = %d after opening a directory without records", d.Used())
	}
	if err := d.Set(bg, "k", &Image{Data: []byte("png"), ContentType: "image/png", Modified: time.Now()}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	d2, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := d2.Get(bg, "k"); !ok || string(e.Data) != "png" {
		t.Errorf("after reopen Get(k) = %q, %v", e.Data, ok)
	}
}

// segmentFiles lists the segment files of dir.
func segmentFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*"+segSuffix))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// A write cut short (the process died in it) leaves part of a record at
// the end of the last segment: the next open cuts it off, serves the
// records before it, and appends after them.
func TestDiskCutsTornTail(t *testing.T) {
	dir := t.TempDir()
	d, _ := OpenDisk(dir, 1<<20, time.Hour)
	now := time.Now()
	d.Set(bg, "k1", &Image{Data: bytes.Repeat([]byte{1}, 1000), ContentType: "image/png", Modified: now})
	d.Set(bg, "k2", &Image{Data: bytes.Repeat([]byte{2}, 1000), ContentType: "image/png", Modified: now})
	files := segmentFiles(t, dir)
	if len(files) != 1 {
		t.Fatalf("%d segment files, want 1", len(files))
	}
	whole, _ := os.ReadFile(files[0])
	// Half of a third record: its fixed part promises more than follows.
	f, _ := os.OpenFile(files[0], os.O_WRONLY|os.O_APPEND, 0)
	f.Write(whole[:len(whole)/3])
	f.Close()

	d.Close()
	d2, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(files[0]); info.Size() != int64(len(whole)) {
		t.Errorf("segment is %d bytes after open, want the torn tail cut (%d)", info.Size(), len(whole))
	}
	for _, k := range []string{"k1", "k2"} {
		if _, ok := d2.Get(bg, k); !ok {
			t.Errorf("%s lost with the torn tail after it", k)
		}
	}
	d2.Set(bg, "k3", &Image{Data: []byte("three"), ContentType: "image/png", Modified: now})
	d2.Close()
	d3, _ := OpenDisk(dir, 1<<20, time.Hour)
	if e, ok := d3.Get(bg, "k3"); !ok || string(e.Data) != "three" {
		t.Errorf("record written after a cut tail: Get = %q, %v", e.Data, ok)
	}
}

// A record whose bytes changed on disk (all of its length is there, so
// opening indexes it) fails its checksum when read: a miss, never wrong
// bytes.
func TestDiskRefusesGarbledRecord(t *testing.T) {
	dir := t.TempDir()
	d, _ := OpenDisk(dir, 1<<20, time.Hour)
	d.Set(bg, "k1", &Image{Data: bytes.Repeat([]byte{1}, 1000), ContentType: "image/png", Modified: time.Now()})
	d.Set(bg, "k2", &Image{Data: bytes.Repeat([]byte{2}, 1000), ContentType: "image/png", Modified: time.Now()})
	files := segmentFiles(t, dir)
	raw, _ := os.ReadFile(files[0])
	raw[len(raw)-10] ^= 0xff // inside k2's data
	os.WriteFile(files[0], raw, 0o644)
	check := func(name string, d *Disk) {
		if e, ok := d.Get(bg, "k2"); ok {
			t.Errorf("%s: garbled record served (%d bytes)", name, len(e.Data))
		}
		if e, ok := d.Get(bg, "k1"); !ok || !bytes.Equal(e.Data, bytes.Repeat([]byte{1}, 1000)) {
			t.Errorf("%s: the intact record before it was not served", name)
		}
	}
	check("open", d)
	d.Close()
	check("reopened", mustOpen(t, dir))
}

func mustOpen(t *testing.T, dir string) *Disk {
	t.Helper()
	d, err := OpenDisk(dir, 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Entries share segment files: storing a picture creates no file of its
// own (creating files was the disk tier's main cost).
func TestDiskAppendsToFewFiles(t *testing.T) {
	dir := t.TempDir()
	d, _ := OpenDisk(dir, 1<<20, time.Hour) // segments of 64 KB
	for i := range 100 {
		d.Set(bg, strconv.Itoa(i), &Image{Data: bytes.Repeat([]byte{byte(i)}, 4000), ContentType: "image/png", Modified: time.Now()})
	}
	if n := len(segmentFiles(t, dir)); n > 8 {
		t.Errorf("100 entries of 4 KB in %d files, want at most 8 segments of 64 KB", n)
	}
	if all, _ := filepath.Glob(filepath.Join(dir, "*")); len(all) > len(segmentFiles(t, dir))+1 {
		t.Errorf("files besides the segments and the lock file: %v", all)
	}
	d.Close()
	d2 := mustOpen(t, dir)
	for i := range 100 {
		if e, ok := d2.Get(bg, strconv.Itoa(i)); !ok || !bytes.Equal(e.Data, bytes.Repeat([]byte{byte(i)}, 4000)) {
			t.Fatalf("entry %d not served after reopen", i)
		}
	}
}

// Readers, a writer and eviction at once (run with -race): every entry
// served has its own key's bytes, and the bound holds.
func TestDiskConcurrentUse(t *testing.T) {
	d, _ := OpenDisk(t.TempDir(), 64<<10, time.Hour)
	value := func(i int) []byte { return bytes.Repeat([]byte{byte(i), byte(i >> 8)}, 500+i%300) }
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 400 {
			d.Set(bg, strconv.Itoa(i), &Image{Data: value(i), ContentType: "image/png", Modified: time.Now()})
		}
	})
	for range 3 {
		wg.Go(func() {
			for j := range 2000 {
				i := j % 400
				if e, ok := d.Get(bg, strconv.Itoa(i)); ok && !bytes.Equal(e.Data, value(i)) {
					t.Errorf("entry %d served with other bytes", i)
					return
				}
			}
		})
	}
	wg.Wait()
	if d.Used() > 64<<10 {
		t.Errorf("Used = %d beyond the bound", d.Used())
	}
	// Readers that outlived the writer may have moved older entries past
	// the last ones written (they are used more recently); what is left
	// still holds its own bytes, and the cache still takes entries.
	for i := range 400 {
		if e, ok := d.Get(bg, strconv.Itoa(i)); ok && !bytes.Equal(e.Data, value(i)) {
			t.Fatalf("entry %d served with other bytes after the run", i)
		}
	}
	d.Set(bg, "after", &Image{Data: value(7), ContentType: "image/png", Modified: time.Now()})
	if e, ok := d.Get(bg, "after"); !ok || !bytes.Equal(e.Data, value(7)) {
		t.Error("an entry written after the run is not served")
	}
}

// Two processes appending to one directory would overwrite each other's
// records: a second OpenDisk of a directory in use is refused until the
// first Disk is closed, and the closed one stores nothing more.
func TestDiskDirInUse(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no advisory lock on this system")
	}
	dir := t.TempDir()
	d := mustOpen(t, dir)
	if err := d.Set(bg, "k", &Image{Data: []byte("png"), ContentType: "image/png", Modified: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if d2, err := OpenDisk(dir, 1<<20, time.Hour); !errors.Is(err, ErrDirInUse) {
		t.Fatalf("second OpenDisk of a directory in use = %v, %v; want ErrDirInUse", d2, err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if err := d.Set(bg, "late", &Image{Data: []byte("x"), ContentType: "image/png", Modified: time.Now()}); err == nil {
		t.Error("Put after Close succeeded")
	}
	if n := len(segmentFiles(t, dir)); n != 1 {
		t.Errorf("%d segment files after a Put on a closed Disk, want 1", n)
	}
	d2 := mustOpen(t, dir)
	defer d2.Close()
	if e, ok := d2.Get(bg, "k"); !ok || string(e.Data) != "png" {
		t.Errorf("after the first Disk closed, Get = %q, %v", e.Data, ok)
	}
}
