package pngenc

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// filterRow writes the Paeth-filtered row (type byte 4, then bpp bytes per
// pixel) of the 4-byte pixels pix, whose row above is above (zero for the
// first row); bpp 3 drops the alpha bytes. row needs two spare bytes past
// its end. It returns in spans (scratch space, reused) the spans of the
// row that may hold nonzero bytes, and whether every pixel
// it read one by one has alpha 255 (also with bpp 3, which drops alpha):
// a stretch it skips equals the row above, so when the row above is
// opaque, this tells whether pix is. The first row is not covered (a
// clear pixel equals the zero row above it).
//
// Paeth predicts a byte from the pixel to its left (a), above (b) and
// above-left (c). Where a == c the prediction is b, the Up filter's, so a
// pixel equal to the one above whose left neighbour is too has residual
// zero: the row is cleared at once and compared with the row above 256
// bytes at a time (bytes.Equal, the runtime's vector compare). In a
// stretch that differs, filterPairs filters the pairs of pixels that
// changed and the pairs right of them, two pixels per word, in one pass
// (a second level of finer compares costs more than it skips). On
// rendered pictures Paeth leaves fewer nonzero bytes than Up. Nor does Up
// pay on the dense rows alone (a light that steps a level every few
// rows): there its residuals repeat a pixel's pattern only over a few
// pixels, so Up rows take fewer literals but more matches, the rows below
// lose their copies of the Paeth residuals above, and the picture comes
// out larger and slower to encode.
func filterRow(row, pix, above []byte, bpp, lead int, spans []int32) ([]int32, bool) {
	row[0] = 4
	out := row[1:]
	w := len(pix) / 4
	clearAligned(out[:bpp*w], lead)
	n := len(pix) &^ 7 // whole pairs
	above = above[:len(pix)]
	// At most one span per changed pair and the filter-type byte's.
	st := rowState{spans: slices.Grow(spans[:0], w+4)[:w+4], ns: 2, end: 1, alpha: ^uint64(0)}
	st.spans[0], st.spans[1] = 0, 1
	for c := 0; c < n; {
		e := min(n, c+256)
		if bytes.Equal(pix[c:e], above[c:e]) {
			if st.carry {
				paethPair(out, pix, above, c, bpp)
				st.carry = false
			}
		} else {
			filterPairs(out, pix, above, c, e, bpp, &st)
		}
		c = e
	}
	if n < len(pix) { // a last lone pixel
		var a, c uint64
		if n > 0 {
			a = uint64(binary.LittleEndian.Uint32(pix[n-4:]))
			c = uint64(binary.LittleEndian.Uint32(above[n-4:]))
		}
		x := uint64(binary.LittleEndian.Uint32(pix[n:]))
		b := uint64(binary.LittleEndian.Uint32(above[n:]))
		st.alpha &= x | 0xffffffff00000000
		d := paeth8(x, a, b, c)
		for k := range bpp {
			out[bpp*(n/4)+k] = byte(d >> (8 * k))
		}
		// Its span is always included.
		st.add(1+bpp*(n/4), bpp)
	}
	// A changed last pair's span ends at the row's end, not a pixel past.
	st.end = min(st.end, 1+bpp*w)
	st.close()
	return st.spans[:st.ns], st.alpha&alphaBytes == alphaBytes
}

// alphaBytes masks the alpha bytes of two pixels in a little-endian word.
const alphaBytes = 0xff000000ff000000

// rowState is filterRow's state between stretches: the spans so far
// (spans[:ns], the last one, [start, end), still open), whether the
// last pair filtered changed, and the AND of the pairs read (their alpha
// bytes tell whether those pixels are opaque).
type rowState struct {
	spans      []int32
	ns         int
	start, end int
	carry      bool
	alpha      uint64
}

// add adds the span of n bytes at a: it extends the open span if it
// starts at most eight bytes past its end (spans that close are merged),
// else the open span is closed and a new one opened.
func (st *rowState) add(a, n int) {
	if a > st.end+8 {
		st.close()
		st.start = a
	}
	st.end = a + n
}

// close records the open span [start, end); the first span (the filter-
// type byte's, start 0) is already there.
func (st *rowState) close() {
	if st.start == 0 {
		st.spans[1] = int32(st.end)
		return
	}
	st.spans[st.ns], st.spans[st.ns+1] = int32(st.start), int32(st.end)
	st.ns += 2
}

// filterPairs writes the Paeth residuals of the pairs of pixels in
// pix[c:e] that changed from the row above or whose left neighbour did
// (st.carry: the pair left of c changed), and adds to st's spans, for each
// pair that changed, the pair and the pixel right of it (whose Paeth
// prediction reads it), and ANDs every pair into st.alpha. With bpp 3 it
// writes two zero bytes past each pair (the next pair's residuals, if not
// zero, are written after it, and row has spare bytes at its end).
func filterPairs(out, pix, above []byte, c, e, bpp int, st *rowState) {
	colour := uint64(0x00ffffff00ffffff) // the bytes a change counts in
	if bpp == 4 {
		colour = ^uint64(0)
	}
	colHi := colour & hiBits
	var xp, yp uint64 // the pair left of i
	if c > 0 {
		xp = binary.LittleEndian.Uint64(pix[c-8:])
		yp = binary.LittleEndian.Uint64(above[c-8:])
	}
	spans, ns, start, end, carry, alpha := st.spans, st.ns, st.start, st.end, st.carry, st.alpha
	p, q := pix[c:e], above[c:e]
	o := bpp * (c / 4) // the pair's offset in out (in the row: o+1)
	for i := 0; i+8 <= len(p); i += 8 {
		x := binary.LittleEndian.Uint64(p[i : i+8])
		y := binary.LittleEndian.Uint64(q[i : i+8])
		alpha &= x // with bpp 3, alpha alone changing is not a change
		ch := (x^y)&colour != 0
		if !ch && !carry { // residuals zero
			xp, yp = x, y
			o += 2 * bpp
			continue
		}
		a, cc := xp>>32|x<<32, yp>>32|y<<32
		var r uint64
		// Paeth predicts a where b == c or a == b, and b where a == c:
		// when each colour byte is one of those, a select will do.
		ac := nonzeroBytes(a ^ cc)
		if nonzeroBytes(y^cc)&ac&nonzeroBytes(a^y)&colHi == 0 {
			pred := y ^ (a^y)&(((ac&hiBits)>>7)*0xff)
			r = ((x | hiBits) - (pred & loBits)) ^ (hiBits &^ (x ^ pred))
		} else {
			r = paeth8(x, a, y, cc)
		}
		if bpp == 3 {
			r = r&0xffffff | (r>>8)&0xffffff000000
		}
		binary.LittleEndian.PutUint64(out[o:o+8], r)
		if carry = ch; ch {
			// rowState.add, with the open span in registers: the
			// pair's span starts at o+1.
			if o+1 > end+8 {
				if start == 0 {
					spans[1] = int32(end)
				} else {
					spans[ns], spans[ns+1] = int32(start), int32(end)
					ns += 2
				}
				start = o + 1
			}
			end = o + 1 + 3*bpp
		}
		xp, yp = x, y
		o += 2 * bpp
	}
	st.ns, st.start, st.end, st.carry, st.alpha = ns, start, end, carry, alpha
}

// paethPair writes to out the Paeth residuals of the pair of pixels at
// byte offset i of pix (row above: above), bpp bytes per pixel. With bpp
// 3 it writes two zero bytes past the pair (the next pair's residuals, if
// not zero, are written after it, and row has spare bytes at its end).
func paethPair(out, pix, above []byte, i, bpp int) {
	x := binary.LittleEndian.Uint64(pix[i:])
	b := binary.LittleEndian.Uint64(above[i:])
	a, c := x<<32, b<<32 // left of the first pixel: zeros
	if i > 0 {
		a = binary.LittleEndian.Uint64(pix[i-4:])
		c = binary.LittleEndian.Uint64(above[i-4:])
	}
	d := paeth8(x, a, b, c)
	if bpp == 3 {
		binary.LittleEndian.PutUint64(out[3*(i/4):], d&0xffffff|(d>>8)&0xffffff000000)
		return
	}
	binary.LittleEndian.PutUint64(out[i:], d)
}

// upFilter writes the Up-filtered bytes of the 4-byte pixels pix (row
// above: above) to dst, bpp bytes per pixel (3 drops alpha; dst then
// needs two spare bytes at the end). It reports, as filterRow does,
// whether the pixels it read one by one (all but the stretches equal to
// the row above) have alpha 255.
//
// Most of a rendered row equals the row above: dst is cleared at once, and
// the row is compared with bytes.Equal (the runtime's vector compare,
// faster than eight-byte words) 256 bytes at a time; only the pairs
// inside a changed stretch are looked at one by one, with a borrow-free
// bytewise subtract on the pair as one uint64.
func upFilter(dst, pix, above []byte, bpp, lead int) bool {
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	w := len(pix) / 4
	clearAligned(dst[:bpp*w], lead)
	n := len(pix) &^ 7 // whole pairs
	above = above[:len(pix)]
	alpha := ^uint64(0)
	for c := 0; c < n; {
		e := min(n, c+256)
		if bytes.Equal(pix[c:e], above[c:e]) {
			c = e
			continue
		}
		for ; c < e; c += 8 {
			x := binary.LittleEndian.Uint64(pix[c : c+8])
			y := binary.LittleEndian.Uint64(above[c : c+8])
			alpha &= x
			if x == y {
				continue
			}
			d := ((x | hi) - (y & lo)) ^ ((x ^ ^y) & hi)
			i := c / 4
			if bpp == 3 {
				binary.LittleEndian.PutUint64(dst[3*i:3*i+8], d&0xffffff|(d>>8)&0xffffff000000)
			} else {
				binary.LittleEndian.PutUint64(dst[4*i:4*i+8], d)
			}
		}
	}
	if n < len(pix) { // a last lone pixel: nothing to its right to fix
		i := n / 4
		for k := range bpp {
			dst[bpp*i+k] = pix[n+k] - above[n+k]
		}
		alpha &= uint64(binary.LittleEndian.Uint32(pix[n:])) | 0xffffffff00000000
	}
	return alpha&alphaBytes == alphaBytes
}

// clearAligned clears p, whose first lead bytes (mod 8) come before an
// eight-byte boundary in memory (rowDeflater.lead tells it for its rows).
// Any lead gives zeros; the right one makes the clear of a long row start
// on a boundary, where the runtime's clear is several times faster than
// off one (BenchmarkClearAligned).
func clearAligned(p []byte, lead int) {
	lead = min(lead&7, len(p))
	clear(p[:lead])
	clear(p[lead:])
}
