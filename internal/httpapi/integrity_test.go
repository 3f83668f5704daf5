package httpapi

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/config"
)

// A replica meeting a bad entry in Redis — cut short, another matchup's
// picture, empty — renders the picture again and serves it, never the bad
// one (nor keeps that in memory), and its render replaces the entry: the
// next replica is served from Redis with the right picture.
func TestSharedTierBadEntriesAreRenderedAgain(t *testing.T) {
	srv := redistest.Start(t)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	ctx := context.Background()
	const a, b = "/nba/lakers/celtics/thumb", "/nba/celtics/lakers/thumb"

	first, _ := replicas(t, srv.URL(), 1, nil)
	keysBefore := sharedImageKeys(t, rdb)
	want := do(t, first[0], a)
	keyA := newKey(t, rdb, keysBefore)
	do(t, first[0], b)
	keyB := newKey(t, rdb, append(keysBefore, keyA))
	if want.Code != 200 || keyA == "" || keyB == "" {
		t.Fatalf("setup: status %d, Redis keys %q %q", want.Code, keyA, keyB)
	}
	sound, _ := rdb.Get(ctx, keyA).Bytes()
	other, _ := rdb.Get(ctx, keyB).Bytes()
	plants := map[string][]byte{
		"truncated": sound[:len(sound)-40],
		"swapped":   other,
		"empty":     {},
	}
	for name, bad := range plants {
		t.Run(name, func(t *testing.T) {
			if err := rdb.Set(ctx, keyA, bad, time.Hour).Err(); err != nil {
				t.Fatal(err)
			}
			ss, fbs := replicas(t, srv.URL(), 2, nil)
			for i := range 2 { // the second answer comes from memory
				got := do(t, ss[0], a)
				if got.Code != 200 || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) ||
					got.Header().Get("ETag") != want.Header().Get("ETag") {
					t.Fatalf("request %d after a %s entry: %d, %d bytes, ETag %s; want the picture (%d bytes, %s)",
						i+1, name, got.Code, got.Body.Len(), got.Header().Get("ETag"), want.Body.Len(), want.Header().Get("ETag"))
				}
			}
			if n := fbs[0].renders.Load(); n != 1 {
				t.Fatalf("a %s entry: %d renders, want 1 (the bad entry is a miss)", name, n)
			}
			if got, _ := rdb.Get(ctx, keyA).Bytes(); !bytes.Equal(got, sound) {
				t.Fatalf("the %s entry was not replaced by the render", name)
			}
			got := do(t, ss[1], a)
			if !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) || fbs[1].renders.Load() != 0 {
				t.Fatalf("the next replica: %d bytes, %d renders; want the picture from Redis", got.Body.Len(), fbs[1].renders.Load())
			}
		})
	}
}

// sharedImageKeys lists the image entries in Redis.
func sharedImageKeys(t *testing.T, rdb *redis.Client) []string {
	keys, err := rdb.Keys(context.Background(), "test:img:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// newKey returns the one image entry not in before.
func newKey(t *testing.T, rdb *redis.Client, before []string) string {
	for _, k := range sharedImageKeys(t, rdb) {
		if !slices.Contains(before, k) {
			return k
		}
	}
	return ""
}

// A disk record whose bytes became another matchup's record, or were
// garbled, under a running process is never served to a replica without
// the picture in memory: the picture is rendered again, served, and
// written anew, so the next one is served from disk.
func TestDiskTierBadRecordsAreRenderedAgain(t *testing.T) {
	const a, b = "/nba/lakers/celtics/thumb", "/nba/celtics/lakers/thumb"
	for _, name := range []string{"swapped", "garbled"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			d, err := cache.OpenDisk(dir, 1<<20, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			// Servers sharing d, each with a memory tier of its own (as
			// after a restart, without reading the files again).
			server := func() (*Server, *fakeBackend) {
				cfg := config.Defaults()
				cfg.RateLimitPerMinute = 0
				fb := &fakeBackend{}
				return NewServer(Deps{Config: cfg, Backend: fb, Disk: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}), fb
			}
			s, _ := server()
			want := do(t, s, a)
			waitUsed(t, d, 1)
			used := d.Used()
			do(t, s, b)
			waitUsed(t, d, used+1)

			seg := onlySegment(t, dir)
			data, err := os.ReadFile(seg)
			if err != nil {
				t.Fatal(err)
			}
			half := len(data) / 2
			if name == "swapped" {
				// Two records of one size: a's place holds b's record.
				if !bytes.HasPrefix(data[half:], []byte("GTR1")) {
					t.Fatal("records of unequal size; the swap needs equal ones")
				}
				copy(data[:half], data[half:])
			} else {
				data[half-10] ^= 0x01 // a byte of a's picture
			}
			if err := os.WriteFile(seg, data, 0o644); err != nil {
				t.Fatal(err)
			}

			s2, fb2 := server()
			used = d.Used()
			for i := range 2 {
				got := do(t, s2, a)
				if got.Code != 200 || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
					t.Fatalf("request %d after a %s record: %d, %q; want %q", i+1, name, got.Code, got.Body.Bytes(), want.Body.Bytes())
				}
			}
			if n := fb2.renders.Load(); n != 1 {
				t.Fatalf("%d renders after a %s record, want 1", n, name)
			}
			waitUsed(t, d, used+1)

			s3, fb3 := server()
			if got := do(t, s3, a); !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) || fb3.renders.Load() != 0 {
				t.Fatalf("after the record was written anew: %q, %d renders; want the picture from disk", got.Body.Bytes(), fb3.renders.Load())
			}
		})
	}
}

// waitUsed waits until the disk tier's files hold at least n bytes:
// writes are asynchronous.
func waitUsed(t *testing.T, d *cache.Disk, n int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for d.Used() < n {
		if time.Now().After(deadline) {
			t.Fatalf("disk tier holds %d bytes; waited for %d", d.Used(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func onlySegment(t *testing.T, dir string) string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.gtl"))
	if len(files) != 1 {
		t.Fatalf("%d segment files, want 1", len(files))
	}
	return files[0]
}
