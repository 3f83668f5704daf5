package cache

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
)

// A shared entry that is not key's whole picture — cut short, another
// key's, empty, of the earlier unchecked layout, or sealed but holding no
// picture — is never served, and the next Set replaces it.
func TestSharedNeverServesAnUnsoundEntry(t *testing.T) {
	srv := redistest.Start(t)
	c, err := cluster.New(cluster.Config{URL: srv.URL(), Prefix: "t:", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	s := NewShared(c, "img:", 1<<20, time.Hour)
	png := bytes.Repeat([]byte("\x89PNG picture of k "), 50)
	other := bytes.Repeat([]byte("\x89PNG picture of o "), 50)
	now := time.Now()
	good := NewImage(png, "image/png", now)
	if err := s.Set(bg, "o", NewImage(other, "image/png", now)); err != nil {
		t.Fatal(err)
	}
	if err := s.Set(bg, "k", good); err != nil {
		t.Fatal(err)
	}
	raw := func(key string) []byte {
		b, err := rdb.Get(bg, "t:"+s.name(key)).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	sound, swapped := raw("k"), raw("o")
	gti1 := append([]byte("GTI1"), make([]byte, 8)...)
	gti1 = append(append(gti1, 0, 9), "image/png"...)
	gti1 = append(append(gti1, 0, 3), `"x"`...)
	gti1 = append(gti1, png...)
	plants := map[string]func(){
		"truncated":  func() { rdb.Set(bg, "t:"+s.name("k"), sound[:len(sound)-100], 0) },
		"swapped":    func() { rdb.Set(bg, "t:"+s.name("k"), swapped, 0) },
		"empty":      func() { rdb.Set(bg, "t:"+s.name("k"), "", 0) },
		"old layout": func() { rdb.Set(bg, "t:"+s.name("k"), gti1, 0) },
		"garbled": func() {
			b := bytes.Clone(sound)
			b[len(b)-7] ^= 0x20
			rdb.Set(bg, "t:"+s.name("k"), b, 0)
		},
		"sealed, no picture": func() {
			c.Set(bg, s.name("k"), encodeShared(&Image{ContentType: "image/png", ETag: `"x"`, Modified: now}), time.Hour)
		},
		"sealed, unquoted etag": func() {
			c.Set(bg, s.name("k"), encodeShared(&Image{Data: png, ContentType: "image/png", ETag: "x", Modified: now}), time.Hour)
		},
	}
	for name, plant := range plants {
		t.Run(name, func(t *testing.T) {
			plant()
			if img, ok := s.Get(bg, "k"); ok {
				t.Fatalf("served a %s entry (%d bytes)", name, len(img.Data))
			}
			if img, _, err := s.Once(bg, "k", func() (*Image, error) { return good, nil }); err != nil || img != good {
				t.Fatalf("Once took a %s entry instead of rendering: %v, %v", name, img, err)
			}
			if err := s.Set(bg, "k", good); err != nil {
				t.Fatal(err)
			}
			img, ok := s.Get(bg, "k")
			if !ok || !bytes.Equal(img.Data, png) || img.ETag != good.ETag || img.ContentType != "image/png" ||
				img.Modified.Unix() != now.Unix() {
				t.Fatalf("after the next Set: %v, %v; want the picture", img, ok)
			}
		})
	}
}
