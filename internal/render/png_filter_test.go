package render

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"testing"
)

// checkFilterRow filters pix (row above: above) and checks every byte
// against a byte-by-byte Paeth filter, and that the bytes outside the
// spans the filter reports are zeros.
func checkFilterRow(t *testing.T, name string, pix, above []byte, bpp int) {
	t.Helper()
	paeth := func(a, b, c byte) byte {
		p := int(a) + int(b) - int(c)
		pa, pb, pc := absInt(p-int(a)), absInt(p-int(b)), absInt(p-int(c))
		if pa <= pb && pa <= pc {
			return a
		}
		if pb <= pc {
			return b
		}
		return c
	}
	w := len(pix) / 4
	row := make([]byte, 1+bpp*w+8)
	for i := range row {
		row[i] = 0xa5 // stale bytes of an earlier row
	}
	diff := filterRow(row, pix, above, bpp, nil)
	spans := rowSpans(nil, diff, w, bpp)
	in := make([]bool, 1+bpp*w)
	for i := 0; i+1 < len(spans); i += 2 {
		for k := spans[i]; k < spans[i+1]; k++ {
			in[k] = true
		}
	}
	if row[0] != 4 {
		t.Fatalf("%s: filter type = %d, want 4 (Paeth)", name, row[0])
	}
	if !in[0] {
		t.Fatalf("%s: the filter-type byte lies outside the spans %v", name, spans)
	}
	for x := range w {
		for k := range bpp {
			var a, c byte
			if x > 0 {
				a, c = pix[4*x-4+k], above[4*x-4+k]
			}
			want := pix[4*x+k] - paeth(a, above[4*x+k], c)
			i := 1 + bpp*x + k
			if got := row[i]; got != want {
				t.Fatalf("%s: bpp %d width %d: byte %d of pixel %d = %d, want %d", name, bpp, w, k, x, got, want)
			}
			if want != 0 && !in[i] {
				t.Fatalf("%s: bpp %d width %d: nonzero byte %d lies outside the spans %v", name, bpp, w, i, spans)
			}
		}
	}
}

// The table-driven Paeth residual equals the textbook predictor's for
// every left, above and above-left byte and every current byte value
// class (the residual is cur - pred, so one cur per triple suffices).
func TestPaethResAll(t *testing.T) {
	tab := paethTable()
	for a := range 256 {
		for b := range 256 {
			for c := range 256 {
				p := a + b - c
				pa, pb, pc := absInt(p-a), absInt(p-b), absInt(p-c)
				want := c
				if pa <= pb && pa <= pc {
					want = a
				} else if pb <= pc {
					want = b
				}
				cur := uint32(a ^ b ^ c)
				if got := paethRes(tab, cur, uint32(a), uint32(b), uint32(c)); got != byte(cur)-byte(want) {
					t.Fatalf("a %d b %d c %d: residual %d, want %d", a, b, c, got, byte(cur)-byte(want))
				}
			}
		}
	}
}

// Rows equal to the row above but for one byte (at the start, middle or
// end; in the first or last eight-byte word; inside or across the
// stretches the filter skips eight and four pixels at a time) filter like
// the byte-by-byte Paeth filter.
func TestFilterRowSparse(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, bpp := range []int{3, 4} {
		for _, w := range []int{1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65, 100} {
			above := make([]byte, 4*w)
			for i := range above {
				above[i] = byte(r.IntN(256))
				if bpp == 3 && i%4 == 3 {
					above[i] = 255
				}
			}
			pix := append([]byte(nil), above...)
			checkFilterRow(t, "equal", pix, above, bpp)
			for i := range pix {
				if bpp == 3 && i%4 == 3 {
					continue
				}
				pix[i] ^= byte(1 + r.IntN(255))
				checkFilterRow(t, "one byte", pix, above, bpp)
				// And a second change far to the right.
				if j := len(pix) - 1 - i; j > i+8 && (bpp == 4 || j%4 != 3) {
					pix[j]++
					checkFilterRow(t, "two bytes", pix, above, bpp)
					pix[j]--
				}
				pix[i] = above[i]
			}
		}
	}
}

// Pictures whose rows repeat the row above with a few changed pixels (what
// rendered pictures are made of) decode to their pixels, and give the same
// bytes encoded whole and in bands of every height.
func TestEncodePNGSparseRows(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, w := range []int{1, 7, 8, 9, 33, 64, 257} {
		for _, opaque := range []bool{true, false} {
			const h = 24
			m := image.NewRGBA(image.Rect(0, 0, w, h))
			for i := range m.Pix {
				m.Pix[i] = byte(r.IntN(4) * 60)
				if i%4 == 3 && (opaque || r.IntN(3) > 0) {
					m.Pix[i] = 255
				}
				if i%4 != 3 && m.Pix[i] > m.Pix[i|3] {
					m.Pix[i] = m.Pix[i|3] // premultiplied
				}
			}
			for y := 1; y < h; y++ {
				row := m.Pix[y*m.Stride : y*m.Stride+4*w]
				if y%4 == 0 {
					continue // a row of its own
				}
				copy(row, m.Pix[(y-1)*m.Stride:])
				for _, x := range []int{0, w / 2, w - 1, r.IntN(w)}[:1+y%4] {
					// Channels stay at or below alpha (premultiplied).
					if c := &row[4*x+r.IntN(3)]; *c > 0 {
						*c--
					} else if row[4*x+3] > 0 {
						*c++
					}
				}
			}
			var whole bytes.Buffer
			if err := EncodePNG(&whole, m); err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(bytes.NewReader(whole.Bytes()))
			if err != nil {
				t.Fatalf("width %d opaque %v: decode: %v", w, opaque, err)
			}
			got := image.NewRGBA(m.Bounds())
			draw.Draw(got, got.Bounds(), dec, image.Point{}, draw.Src)
			if !bytes.Equal(got.Pix, m.Pix) {
				t.Fatalf("width %d opaque %v: decoded pixels differ", w, opaque)
			}
			if !isOpaque(m) {
				continue // bands are opaque pictures
			}
			for rows := 1; rows <= h; rows++ {
				var banded bytes.Buffer
				s, err := startPNG(&banded, w, h, true)
				if err != nil {
					t.Fatal(err)
				}
				for y0 := 0; y0 < h; y0 += rows {
					if err := s.writeRows(m.SubImage(image.Rect(0, y0, w, min(h, y0+rows)))); err != nil {
						t.Fatal(err)
					}
				}
				if err := s.finish(); err != nil {
					t.Fatal(err)
				}
				s.close()
				if !bytes.Equal(banded.Bytes(), whole.Bytes()) {
					t.Fatalf("width %d: bands of %d rows give other bytes than the whole picture", w, rows)
				}
			}
		}
	}
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Rows under a flat row above (runs of one pixel, as gradients in steps
// and fills give) take the shortcut where Paeth picks the left neighbour:
// checked against the textbook filter for byte values at the wrap-around
// edges, alpha that differs only where bpp 3 ignores it, and runs of every
// length.
func TestFilterRowFlatAbove(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	vals := []byte{0, 1, 2, 127, 128, 129, 254, 255}
	for _, bpp := range []int{3, 4} {
		for _, w := range []int{1, 2, 3, 5, 8, 9, 16, 33, 100} {
			for range 200 {
				above := make([]byte, 4*w)
				var px [4]byte
				for x := range w {
					if x == 0 || r.IntN(4) == 0 { // a new run
						for k := range px {
							px[k] = vals[r.IntN(len(vals))]
						}
					}
					copy(above[4*x:], px[:])
					if bpp == 3 {
						above[4*x+3] = vals[r.IntN(len(vals))] // ignored
					}
				}
				pix := append([]byte(nil), above...)
				for i := range pix {
					if r.IntN(3) == 0 {
						pix[i] = vals[r.IntN(len(vals))]
					}
				}
				checkFilterRow(t, "flat above", pix, above, bpp)
			}
		}
	}
}
