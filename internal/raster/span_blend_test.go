package raster

import (
	"bytes"
	"testing"
)

// blendRun gives every pixel the translucent pixel composited over it,
// whatever the lengths of the background's repeats (1 to 20 pixels,
// starting at odd and even offsets) and of the run (1 to 41 pixels).
func TestBlendRunOverRepeats(t *testing.T) {
	const v = 0x60304010 // premultiplied, alpha 0x60
	for rep := 1; rep <= 20; rep++ {
		for off := range 3 {
			for n := 1; n <= 41; n++ {
				d := make([]byte, 4*n)
				for i := range n {
					c := uint32((i+off)/rep) * 0x00251709
					Store32(d[4*i:], 0xff000000|c&0xffffff)
				}
				want := make([]byte, len(d))
				for i := 0; i < len(d); i += 4 {
					Store32(want[i:], OverPix(v, v>>24, Load32(d[i:])))
				}
				blendRun(d, v)
				if !bytes.Equal(d, want) {
					t.Fatalf("repeats of %d from offset %d, run of %d: got %x, want %x", rep, off, n, d, want)
				}
			}
		}
	}
}
