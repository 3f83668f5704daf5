package render

import (
	"bytes"
	"encoding/binary"
	"sync"
)

// filterRow writes the Paeth-filtered row (type byte 4, then bpp bytes per
// pixel) of the 4-byte pixels pix, whose row above is above (zero for the
// first row); bpp 3 drops the alpha bytes. row needs two spare bytes past
// its end; diff is scratch space, returned for reuse.
//
// Paeth predicts a byte from the pixel to its left (a), above (b) and
// above-left (c). Where a == c the prediction is b, the Up filter's, so
// the row is Up-filtered eight bytes at a time, noting the pixel pairs
// that differ from the row above, and only the pixels right of a changed
// pixel (a few per cent of a rendered picture: edges, shadows, gradients)
// are predicted again in full. On rendered thumbnails Paeth leaves a
// quarter fewer nonzero bytes than Up (see docs/operations.md,
// Performance).
func filterRow(row, pix, above []byte, bpp int, diff []int32) []int32 {
	row[0] = 4
	diff = upFilter(row[1:], pix, above, bpp, diff[:0])
	// diff holds the first pixel of each pair with a changed pixel.
	n := len(pix) / 4

	// The two pixels right of each pair's first are predicted whether or
	// not the pixel to their left changed (if not, Paeth gives the Up
	// residual already there): a branch on it would be unpredictable.
	out := row[1:]
	t := paethTable()
	sh := uint(32 - 8*bpp) // shifts alpha out of a pixel word when bpp is 3
	for _, j := range diff {
		j := int(j)
		x := binary.LittleEndian.Uint64(pix[4*j : 4*j+8])
		y := binary.LittleEndian.Uint64(above[4*j : 4*j+8])
		// Pixel j+1: left and above-left are the pair's first pixels.
		// Under a flat row above (b == c) Paeth picks the left
		// neighbour in every channel: the residual is cur - a, bytewise.
		if a, cur, b, c := uint32(x), uint32(x>>32), uint32(y>>32), uint32(y); (b^c)<<sh == 0 {
			// Four bytes even when bpp is 3: the fourth is pixel j+2's,
			// written next, or spare room past the row.
			binary.LittleEndian.PutUint32(out[bpp*(j+1):bpp*(j+1)+4], subBytes(cur, a))
		} else {
			paethPixel(t, out[bpp*(j+1):], a, cur, b, c, bpp)
		}
		if j+2 < n {
			a, c := uint32(x>>32), uint32(y>>32)
			cur := binary.LittleEndian.Uint32(pix[4*j+8 : 4*j+12])
			b := binary.LittleEndian.Uint32(above[4*j+8 : 4*j+12])
			if (b^c)<<sh == 0 {
				d := subBytes(cur, a)
				o := out[bpp*(j+2) : bpp*(j+2)+3]
				binary.LittleEndian.PutUint16(o, uint16(d))
				o[2] = byte(d >> 16)
				if bpp == 4 {
					out[4*(j+2)+3] = byte(d >> 24)
				}
			} else {
				paethPixel(t, out[bpp*(j+2):], a, cur, b, c, bpp)
			}
		}
	}
	return diff
}

// subBytes is cur - a bytewise (each byte modulo 256), without borrows
// between bytes.
func subBytes(cur, a uint32) uint32 {
	return ((cur | 0x80808080) - (a & 0x7f7f7f7f)) ^ ((cur ^ ^a) & 0x80808080)
}

// paethPixel writes to dst the Paeth residuals of the pixel cur (a 4-byte
// word) whose left neighbour is a, above b and above-left c, with t from
// paethTable; bpp 3 leaves out alpha. filterRow takes the flat case
// (b == c) itself.
func paethPixel(t *[paethTableSize]byte, dst []byte, a, cur, b, c uint32, bpp int) {
	if bpp == 4 {
		dst[3] = paethRes(t, cur>>24, a>>24, b>>24, c>>24)
	}
	dst = dst[:3]
	dst[0] = paethRes(t, cur, a, b, c)
	dst[1] = paethRes(t, cur>>8, a>>8, b>>8, c>>8)
	dst[2] = paethRes(t, cur>>16, a>>16, b>>16, c>>16)
}

// paethRes is the Paeth residual of the low byte of cur, whose left
// neighbour is the low byte of a, above that of b and above-left that of
// c: cur - c less the table's pred - c for (b - c, a - c).
func paethRes(t *[paethTableSize]byte, cur, a, b, c uint32) byte {
	ai, bi, ci := int(a&0xff), int(b&0xff), int(c&0xff)
	return byte(cur) - byte(ci) - t[(bi-ci+255)<<9|(ai-ci+255)]
}

// paethTableSize: the pairs (b - c, a - c), each in -255..255, indexed as
// (b-c+255)<<9 | (a-c+255).
const paethTableSize = 511 << 9

// paethTable returns the Paeth predictor's pred - c (mod 256) for every
// (b - c, a - c): which of a, b and c Paeth chooses depends on those two
// differences only, and pred - c is then a - c, b - c or 0. A lookup (256
// KB, of which the small differences of edges and shadows use a few cache
// lines) costs a third of the comparisons it replaces.
var paethTable = sync.OnceValue(func() *[paethTableSize]byte {
	t := new([paethTableSize]byte)
	for p := -255; p <= 255; p++ {
		for q := -255; q <= 255; q++ {
			// paethPred takes any ints: c = 0 gives a = q and b = p.
			t[(p+255)<<9|(q+255)] = byte(paethPred(q, p, 0))
		}
	}
	return t
})

// paethPred is the Paeth predictor of a byte from its left (a), above (b)
// and above-left (c) neighbours, chosen with min, max and conditional
// moves, not branches: at edges the choice is unpredictable.
func paethPred(a, b, c int) int {
	p, q := b-c, a-c // p - a and p - b, with p = a + b - c
	r := p + q       // p - c
	pa, pb, pc := max(p, -p), max(q, -q), max(r, -r)
	if pb > pc {
		b = c
	}
	if pa <= min(pb, pc) {
		b = a
	}
	return b
}

// upFilter writes the Up-filtered bytes of the 4-byte pixels pix (row
// above: above) to dst, bpp bytes per pixel (3 drops alpha; dst then
// needs two spare bytes at the end), and appends to diff the index of the
// first pixel of every pair that differs from the row above.
//
// Most of a rendered row equals the row above: dst is cleared at once, and
// the row is compared with bytes.Equal (the runtime's vector compare, about
// twice the speed of eight-byte words) 256 and then 64 bytes at a time; only
// the pairs inside a changed 64-byte stretch are looked at one by one, with
// a borrow-free bytewise subtract on the pair as one uint64.
func upFilter(dst, pix, above []byte, bpp int, diff []int32) []int32 {
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	w := len(pix) / 4
	clear(dst[:bpp*w])
	n := len(pix) &^ 7 // whole pairs
	above = above[:len(pix)]
	for c := 0; c < n; {
		e := min(n, c+256)
		if bytes.Equal(pix[c:e], above[c:e]) {
			c = e
			continue
		}
		for c < e {
			f := min(e, c+64)
			if bytes.Equal(pix[c:f], above[c:f]) {
				c = f
				continue
			}
			for ; c < f; c += 8 {
				x := binary.LittleEndian.Uint64(pix[c : c+8])
				y := binary.LittleEndian.Uint64(above[c : c+8])
				if x == y {
					continue
				}
				d := ((x | hi) - (y & lo)) ^ ((x ^ ^y) & hi)
				i := c / 4
				if bpp == 3 {
					d = d&0xffffff | (d>>8)&0xffffff000000
					if d == 0 {
						continue // only alpha differs
					}
					binary.LittleEndian.PutUint64(dst[3*i:3*i+8], d)
				} else {
					binary.LittleEndian.PutUint64(dst[4*i:4*i+8], d)
				}
				diff = append(diff, int32(i))
			}
		}
	}
	if n < len(pix) { // a last lone pixel: nothing to its right to fix
		i := n / 4
		for k := range bpp {
			dst[bpp*i+k] = pix[n+k] - above[n+k]
		}
	}
	return diff
}

// rowSpans sets spans to the [start, end) offsets in a filtered row of
// width pixels where bytes may be nonzero, from filterRow's diff: the
// filter type byte, and for each changed pair of pixels the pair and the
// pixel right of it (whose Paeth prediction reads it). A lone last pixel,
// which diff does not cover, is always included. Spans closer than eight
// bytes are merged.
func rowSpans(spans, diff []int32, width, bpp int) []int32 {
	spans = append(spans[:0], 0, 1)
	// The open span [start, end) stays in registers until a gap ends it;
	// the first is the filter-type byte's.
	start, end := 0, 1
	for _, j := range diff {
		a, b := 1+bpp*int(j), 1+bpp*min(width, int(j)+3)
		if a <= end+8 {
			end = max(end, b)
			continue
		}
		spans = closeSpan(spans, start, end)
		start, end = a, b
	}
	if a, b := 1+bpp*(width-1), 1+bpp*width; width%2 == 1 {
		if a <= end+8 {
			end = max(end, b)
		} else {
			spans = closeSpan(spans, start, end)
			start, end = a, b
		}
	}
	return closeSpan(spans, start, end)
}

// closeSpan records the span [start, end) in spans, whose first span (the
// filter-type byte's, start 0) is already there.
func closeSpan(spans []int32, start, end int) []int32 {
	if start == 0 {
		spans[1] = int32(end)
		return spans
	}
	return append(spans, int32(start), int32(end))
}
