package pngenc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"slices"
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
	spans, opaque := filterRow(row, pix, above, bpp, 0, nil)
	// The spans decide how the row deflater codes the row: they must be
	// exactly these, not merely cover the nonzero bytes.
	if want := wantSpans(pix, above, bpp); !slices.Equal(spans, want) {
		t.Fatalf("%s: bpp %d width %d: spans %v, want %v", name, bpp, w, spans, want)
	}
	// Under an opaque row, the filter tells whether this one is opaque.
	if want := alphaAll255(pix, len(pix), 0, w, 1); alphaAll255(above, len(above), 0, w, 1) && opaque != want {
		t.Fatalf("%s: bpp %d width %d: opaque = %v, want %v", name, bpp, w, opaque, want)
	}
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

// Rows equal to the row above but for one byte (at the start, middle or
// end; in the first or last eight-byte word; inside or across the
// stretches the filter skips eight and four pixels at a time) filter like
// the byte-by-byte Paeth filter, and an alpha byte below 255 under an
// opaque row is reported (with bpp 3 too, where it leaves no residual).
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
					// An alpha byte alone: no residual, but the row
					// is no longer opaque.
					pix[i] = byte(r.IntN(255))
					checkFilterRow(t, "alpha byte", pix, above, bpp)
					pix[i] = above[i]
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
func TestEncodeSparseRows(t *testing.T) {
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
			if err := Encode(&whole, m); err != nil {
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
				s, err := NewStream(&banded, w, h, true)
				if err != nil {
					t.Fatal(err)
				}
				for y0 := 0; y0 < h; y0 += rows {
					if err := s.WriteRows(m.SubImage(image.Rect(0, y0, w, min(h, y0+rows)))); err != nil {
						t.Fatal(err)
					}
				}
				if err := s.Finish(); err != nil {
					t.Fatal(err)
				}
				s.Close()
				if !bytes.Equal(banded.Bytes(), whole.Bytes()) {
					t.Fatalf("width %d: bands of %d rows give other bytes than the whole picture", w, rows)
				}
			}
		}
	}
}

// wantSpans gives the spans filterRow reports for the row pix under above:
// the filter-type byte, then for each pair of pixels that differs from
// the pair above (in bpp 3, in a colour byte) the pair and the pixel
// right of it, and a lone last pixel, each merged into the span before if
// it starts at most eight bytes past its end.
func wantSpans(pix, above []byte, bpp int) []int32 {
	w := len(pix) / 4
	spans := []int32{0, 1}
	add := func(a, b int) {
		if end := int(spans[len(spans)-1]); a <= end+8 {
			spans[len(spans)-1] = int32(max(end, b))
			return
		}
		spans = append(spans, int32(a), int32(b))
	}
	for j := 0; j+1 < w; j += 2 {
		for k := range 8 {
			if (bpp == 4 || k%4 != 3) && pix[4*j+k] != above[4*j+k] {
				add(1+bpp*j, 1+bpp*min(w, j+3))
				break
			}
		}
	}
	if w%2 == 1 {
		add(1+bpp*(w-1), 1+bpp*w)
	}
	return spans
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

// benchFilterRows measures filterRow over every row of img
// (opaque: 3 bytes per pixel), as WriteRows calls them.
func benchFilterRows(b *testing.B, img image.Image) {
	m := image.NewRGBA(img.Bounds())
	draw.Draw(m, m.Bounds(), img, img.Bounds().Min, draw.Src)
	w, h := m.Bounds().Dx(), m.Bounds().Dy()
	row := make([]byte, 1+3*w+8)
	zero := make([]byte, 4*w)
	var spans []int32
	b.SetBytes(int64(4 * w * h))
	cpu0 := cpuTime()
	for b.Loop() {
		above := zero
		for y := range h {
			pix := m.Pix[y*m.Stride : y*m.Stride+4*w]
			spans, _ = filterRow(row, pix, above, 3, 0, spans)
			above = pix
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/1e6/float64(b.N), "cpu-ms/op")
}

func BenchmarkFilterRowsStyle2(b *testing.B) { benchFilterRows(b, frame(b, "thumb-style2")) }

func BenchmarkFilterRowsStyle99(b *testing.B) { benchFilterRows(b, frame(b, "thumb-style99")) }

// paethByte is the textbook Paeth residual of cur (PNG spec, 9.4).
func paethByte(cur, a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := absInt(p-int(a)), absInt(p-int(b)), absInt(p-int(c))
	if pa <= pb && pa <= pc {
		return cur - a
	}
	if pb <= pc {
		return cur - b
	}
	return cur - c
}

// paeth8 gives the textbook residual for every left, above and above-left
// byte, each triple in one of the eight lanes (the triples of a word
// differ, so no lane borrows another's result), with a current byte that
// differs from all three.
func TestPaeth8All(t *testing.T) {
	var xs, as, bs, cs [8]byte
	k := 0
	for a := range 256 {
		for b := range 256 {
			for c := range 256 {
				xs[k], as[k], bs[k], cs[k] = byte(a^b^c^0x5a), byte(a), byte(b), byte(c)
				if k++; k < 8 {
					continue
				}
				k = 0
				got := paeth8(le64(xs), le64(as), le64(bs), le64(cs))
				for i := range 8 {
					if r := byte(got >> (8 * i)); r != paethByte(xs[i], as[i], bs[i], cs[i]) {
						t.Fatalf("a %d b %d c %d cur %d (lane %d): residual %d, want %d",
							as[i], bs[i], cs[i], xs[i], i, r, paethByte(xs[i], as[i], bs[i], cs[i]))
					}
				}
			}
		}
	}
}

// paeth8 on random words, and on words whose lanes sit at the edges of
// the byte range, equals the textbook residual in every lane.
func TestPaeth8Random(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	edge := []byte{0, 1, 2, 63, 64, 127, 128, 129, 191, 192, 253, 254, 255}
	var w [4][8]byte
	for n := range 2_000_000 {
		for i := range w {
			for k := range w[i] {
				if n%2 == 0 {
					w[i][k] = byte(r.Uint32())
				} else {
					w[i][k] = edge[r.IntN(len(edge))]
				}
			}
		}
		got := paeth8(le64(w[0]), le64(w[1]), le64(w[2]), le64(w[3]))
		for k := range 8 {
			if want := paethByte(w[0][k], w[1][k], w[2][k], w[3][k]); byte(got>>(8*k)) != want {
				t.Fatalf("cur %v a %v b %v c %v: lane %d residual %d, want %d", w[0], w[1], w[2], w[3], k, byte(got>>(8*k)), want)
			}
		}
	}
}

func le64(b [8]byte) uint64 { return binary.LittleEndian.Uint64(b[:]) }

// Rows where most pairs changed (textures, gradients: the whole row runs
// through the pair-by-pair filter) filter like the textbook filter, with
// the exact spans: random bytes, and bytes from a few values so that
// left, above and above-left often coincide in some bytes of a pixel and
// not others (the select and the full predictor both run, side by side).
func TestFilterRowDense(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, bpp := range []int{3, 4} {
		for _, w := range []int{1, 2, 3, 63, 64, 65, 127, 128, 129, 300, 1440} {
			for _, vals := range [][]byte{nil, {0, 255}, {7, 8, 9}, {0, 1, 128, 254, 255}} {
				for range 20 {
					pick := func() byte {
						if vals == nil {
							return byte(r.Uint32())
						}
						return vals[r.IntN(len(vals))]
					}
					above := make([]byte, 4*w)
					pix := make([]byte, 4*w)
					for i := range pix {
						above[i], pix[i] = pick(), pick()
						if r.IntN(8) == 0 {
							pix[i] = above[i]
						}
					}
					checkFilterRow(t, "dense", pix, above, bpp)
				}
			}
		}
	}
}

// clearAligned zeros exactly the bytes it is given, whatever lead it is
// told (only the speed depends on it), also when the slice is shorter
// than the lead.
func TestClearAligned(t *testing.T) {
	buf := make([]byte, 64)
	for n := range 40 {
		for lead := range 10 {
			for i := range buf {
				buf[i] = 0xa5
			}
			clearAligned(buf[3:3+n], lead)
			for i, c := range buf {
				want := byte(0xa5)
				if i >= 3 && i < 3+n {
					want = 0
				}
				if c != want {
					t.Fatalf("length %d, lead %d: byte %d = %#x, want %#x", n, lead, i-3, c, want)
				}
			}
		}
	}
}

// BenchmarkClearAligned clears a thumbnail's RGB row (4320 bytes) from an
// eight-byte boundary and from one byte past it: clearAligned's reason.
func BenchmarkClearAligned(b *testing.B) {
	buf := make([]byte, 4320+8)
	for _, off := range []int{0, 1} {
		b.Run(fmt.Sprintf("offset%d", off), func(b *testing.B) {
			p := buf[off : off+4320]
			for b.Loop() {
				clear(p)
			}
		})
	}
}
