package cache

import (
	"bytes"
	"testing"
	"time"
)

// A picture's ETag is a function of its bytes alone: the same bytes give
// the same value in every process (a 304 after a restart or from another
// replica), and any change of the bytes changes it.
func TestETagOf(t *testing.T) {
	if got, want := ETagOf([]byte("png bytes")), `"AAAACVmE_3ntzaZ8"`; got != want { // length, CRC-32C, CRC-32 (checked with Python's zlib and a bitwise CRC-32C)
		t.Errorf("ETagOf(png bytes) = %s, want %s (the same in every process)", got, want)
	}
	pic := bytes.Repeat([]byte("\x89PNG idat run "), 2000)
	base := ETagOf(pic)
	seen := map[string]int{base: -1}
	// Every single-bit change, at the start, middle and end of the picture.
	for _, at := range []int{0, 1, len(pic) / 2, len(pic) - 2, len(pic) - 1} {
		for bit := range 8 {
			p := bytes.Clone(pic)
			p[at] ^= 1 << bit
			e := ETagOf(p)
			if prev, dup := seen[e]; dup {
				t.Fatalf("flipping bit %d of byte %d gives the ETag of change %d", bit, at, prev)
			}
			seen[e] = at*8 + bit
		}
	}
	// Two bytes swapped, and a byte added or dropped.
	swapped := bytes.Clone(pic)
	swapped[100], swapped[101] = swapped[101], swapped[100]
	for name, p := range map[string][]byte{"swapped": swapped, "longer": append(bytes.Clone(pic), 0), "shorter": pic[:len(pic)-1]} {
		if ETagOf(p) == base {
			t.Errorf("%s picture has the same ETag", name)
		}
	}
}

// BenchmarkNewImage is what a rendered picture costs before it is
// stored: its ETag, for a 150 KB thumbnail.
func BenchmarkNewImage(b *testing.B) {
	data := bytes.Repeat([]byte("\x89PNG idat run "), 150<<10/14)
	now := time.Now()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		NewImage(data, "image/png", now)
	}
}
