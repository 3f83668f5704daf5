package cache

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzDecodeShared: no entry panics the shared tier's decoder, and what
// it accepts is a whole picture that encodes back to the same bytes.
func FuzzDecodeShared(f *testing.F) {
	img := NewImage([]byte("\x89PNG picture"), "image/png", time.Unix(1_700_000_000, 0))
	f.Add(encodeShared(img))
	f.Add(encodeShared(&Image{ContentType: "image/png", ETag: `"x"`}))
	f.Add([]byte("GTI2"))
	f.Add([]byte("GTI1\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01a\x00\x01b"))
	f.Fuzz(func(t *testing.T, b []byte) {
		img, err := decodeShared(b)
		if err != nil {
			return
		}
		if len(img.Data) == 0 || img.ContentType == "" || !validETag(img.ETag) {
			t.Fatalf("accepted an entry without a whole picture: %+v", img)
		}
		if !bytes.Equal(encodeShared(img), b) {
			t.Fatalf("accepted %q, which does not encode back", b)
		}
	})
}

// FuzzDecodeRecord: no bytes panic the disk tier's record decoder.
func FuzzDecodeRecord(f *testing.F) {
	png := []byte("\x89PNG picture")
	now := time.Unix(1_700_000_000, 0)
	f.Add(rawRecord(f, diskHeader{Key: "k", ContentType: "image/png", Created: now, ETag: ETagOf(png), Sum: ETagOf(png)}, png))
	f.Add(rawRecord(f, diskHeader{Key: "k"}, nil))
	f.Add([]byte("GTR1\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00{}"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		h, data, err := decodeRecord(raw)
		if err == nil && h.sound("k", data) && h.Sum != "" && h.Sum != ETagOf(data) {
			t.Fatal("a record whose bytes do not match its sum was sound")
		}
	})
}

// FuzzDiskOpen: whatever a segment file holds, opening the directory and
// reading from it never panics, and only sound records are served.
func FuzzDiskOpen(f *testing.F) {
	png := []byte("\x89PNG picture")
	now := time.Now().UTC().Truncate(time.Second)
	good := rawRecord(f, diskHeader{Key: "k", ContentType: "image/png", Created: now, ETag: ETagOf(png), Sum: ETagOf(png)}, png)
	f.Add(good)
	f.Add(append(bytes.Clone(good), good[:20]...))
	f.Add(good[:len(good)-3])
	f.Add([]byte("GTR1"))
	f.Fuzz(func(t *testing.T, seg []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "0000000000000000"+segSuffix), seg, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := OpenDisk(dir, 1<<20, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		for _, key := range []string{"k", "", "x"} {
			if img, ok := d.Get(bg, key); ok && (len(img.Data) == 0 || img.ContentType == "" || !validETag(img.ETag)) {
				t.Fatalf("served an unsound record of %q: %+v", key, img)
			}
		}
	})
}

// FuzzStoreShared: no shared entry panics a provider Store's decoder
// (time, then gob), and an accepted one is younger than the Store's TTL
// and not from the future.
func FuzzStoreShared(f *testing.F) {
	s := NewStore[[]string](time.Hour)
	s.shared = &sharing[[]string]{codec: Gob[[]string]()}
	enc, _ := Gob[[]string]().Encode([]string{"lakers", "celtics"})
	now := time.Now()
	f.Add(append(binaryTime(now), enc...))
	f.Add(binaryTime(now))
	f.Add([]byte("short"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, at, ok := s.usable(b, true)
		if age := s.now().Sub(at); ok && (age >= time.Hour || age < -maxClockSkew) {
			t.Fatalf("accepted an entry loaded at %v, older than the TTL or in the future", at)
		}
	})
}

func binaryTime(t time.Time) []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(t.UnixNano()))
}
