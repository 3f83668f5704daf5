package cache

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"testing"
	"time"
)

// rawRecord lays out a disk record of h and data with a checksum that
// matches: framing that looks right whatever it holds.
func rawRecord(t testing.TB, h diskHeader, data []byte) []byte {
	head, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, recFixed, recFixed+len(head)+len(data))
	copy(b, recMagic)
	binary.BigEndian.PutUint32(b[4:], uint32(len(head)))
	binary.BigEndian.PutUint32(b[8:], uint32(len(data)))
	binary.BigEndian.PutUint32(b[12:], crc32.Update(crc32.Checksum(head, castagnoli), castagnoli, data))
	return append(append(b, head...), data...)
}

// plant appends a raw record to d, indexed under key.
func plant(t testing.TB, d *Disk, key string, rec []byte) {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	if err := d.append(key, rec, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// A disk record whose framing and checksum are right but which is not
// key's whole picture — its bytes cut short, another key's picture, no
// bytes at all, or facts missing — is never served, and the next Set
// replaces it.
func TestDiskNeverServesAnUnsoundRecord(t *testing.T) {
	png := bytes.Repeat([]byte("\x89PNG picture of k "), 50)
	other := bytes.Repeat([]byte("\x89PNG picture of o "), 50)
	now := time.Now().UTC().Truncate(time.Second)
	good := diskHeader{Key: "k", ContentType: "image/png", Created: now, ETag: ETagOf(png), Sum: ETagOf(png)}
	cases := map[string][]byte{
		"truncated": rawRecord(t, good, png[:len(png)/2]),
		"swapped": rawRecord(t, diskHeader{Key: "o", ContentType: "image/png", Created: now,
			ETag: ETagOf(other), Sum: ETagOf(other)}, other),
		"empty":          rawRecord(t, diskHeader{Key: "k", ContentType: "image/png", Created: now}, nil),
		"no type":        rawRecord(t, diskHeader{Key: "k", Created: now, ETag: good.ETag, Sum: good.Sum}, png),
		"unquoted etag":  rawRecord(t, diskHeader{Key: "k", ContentType: "image/png", Created: now, ETag: "abc", Sum: good.Sum}, png),
		"other bytes":    rawRecord(t, good, other),
		"garbled header": append(rawRecord(t, good, png)[:recFixed+3:recFixed+3], bytes.Repeat([]byte{'x'}, 200)...),
	}
	for name, rec := range cases {
		t.Run(name, func(t *testing.T) {
			d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			plant(t, d, "k", rec)
			if img, ok := d.Get(bg, "k"); ok {
				t.Fatalf("served a %s record (%d bytes)", name, len(img.Data))
			}
			// The miss renders again and overwrites.
			if err := d.Set(bg, "k", NewImage(png, "image/png", now)); err != nil {
				t.Fatal(err)
			}
			img, ok := d.Get(bg, "k")
			if !ok || !bytes.Equal(img.Data, png) || img.ETag != ETagOf(png) {
				t.Fatalf("after the next Set: %v, %v; want the new picture", img, ok)
			}
		})
	}
	// The sound record is served (the cases above fail for their fault only).
	d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	plant(t, d, "k", rawRecord(t, good, png))
	if img, ok := d.Get(bg, "k"); !ok || !bytes.Equal(img.Data, png) {
		t.Fatal("a sound planted record was not served")
	}
}

// A record written by a replaced picture keeps the ETag it was given
// (the ETag names the picture, not its bytes) and is checked against the
// sum of its own bytes.
func TestDiskKeepsTheGivenETag(t *testing.T) {
	d, err := OpenDisk(t.TempDir(), 1<<20, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	img := NewImage([]byte("\x89PNG smaller copy"), "image/png", time.Now())
	img.ETag = `"first-encoding"`
	if err := d.Set(bg, "k", img); err != nil {
		t.Fatal(err)
	}
	got, ok := d.Get(bg, "k")
	if !ok || got.ETag != `"first-encoding"` {
		t.Fatalf("Get = %v, %v; want the ETag the picture was stored with", got, ok)
	}
}
