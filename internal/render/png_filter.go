package render

import (
	"encoding/binary"
	"math/bits"
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
	if bpp == 3 {
		diff = upFilterRGB(row[1:], pix, above, diff[:0])
	} else {
		diff = upFilterRGBA(row[1:len(pix)+1], pix, above, diff[:0])
	}
	// diff holds the first pixel of each pair with a changed pixel.
	n := len(pix) / 4

	const mask3 = 0x00ffffff00ffffff
	for _, j := range diff {
		j := int(j)
		x := binary.LittleEndian.Uint64(pix[4*j:])
		y := binary.LittleEndian.Uint64(above[4*j:])
		d := x ^ y
		if bpp == 3 {
			d &= mask3
		}
		if uint32(d) != 0 {
			paethPixel(row[1:], pix, above, j+1, bpp)
		}
		if d>>32 != 0 && j+2 < n {
			paethPixel(row[1:], pix, above, j+2, bpp)
		}
	}
	return diff
}

// paethPixel writes the Paeth residuals of pixel j (j >= 1) of pix. The
// choice between a, b and c is made with min and conditional moves, not
// branches: at edges it is unpredictable.
func paethPixel(dst, pix, above []byte, j, bpp int) {
	cur := pix[4*j-4 : 4*j+4 : 4*j+4]
	up := above[4*j-4 : 4*j+4 : 4*j+4]
	out := dst[j*bpp : j*bpp+bpp : j*bpp+bpp]
	for k := range out {
		a, b, c := int(cur[k]), int(up[4+k]), int(up[k])
		pa := absInt(b - c) // |p - a| with p = a + b - c
		pb := absInt(a - c)
		pc := absInt(a + b - 2*c)
		pred := c
		if pb <= pc {
			pred = b
		}
		if pa <= min(pb, pc) {
			pred = a
		}
		out[k] = cur[4+k] - byte(pred)
	}
}

func absInt(v int) int {
	m := v >> (bits.UintSize - 1)
	return (v ^ m) - m
}

// upFilterRGBA writes the Up-filtered bytes of the 4-byte pixels pix (row
// above: above) to dst, eight bytes at a time with a borrow-free bytewise
// subtract, and appends to diff the index of the first pixel of every pair
// that differs from the row above.
func upFilterRGBA(dst, pix, above []byte, diff []int32) []int32 {
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	n := len(pix) / 8 * 8
	for i := 0; i < n; i += 8 {
		// Skip the pixels equal to the row above eight at a time, then
		// clear their filtered bytes at once.
		j := i
		for j+32 <= n {
			p := pix[j : j+32 : j+32]
			q := above[j : j+32 : j+32]
			if (binary.LittleEndian.Uint64(p)^binary.LittleEndian.Uint64(q))|
				(binary.LittleEndian.Uint64(p[8:])^binary.LittleEndian.Uint64(q[8:]))|
				(binary.LittleEndian.Uint64(p[16:])^binary.LittleEndian.Uint64(q[16:]))|
				(binary.LittleEndian.Uint64(p[24:])^binary.LittleEndian.Uint64(q[24:])) != 0 {
				break
			}
			j += 32
		}
		if j > i {
			clear(dst[i:j])
			i = j
			if i >= n {
				break
			}
		}
		x := binary.LittleEndian.Uint64(pix[i:])
		y := binary.LittleEndian.Uint64(above[i:])
		binary.LittleEndian.PutUint64(dst[i:], ((x|hi)-(y&lo))^((x^^y)&hi))
		if x != y {
			diff = append(diff, int32(i/4))
		}
	}
	if n < len(pix) { // a last lone pixel: nothing to its right to fix
		for i := n; i < len(pix); i++ {
			dst[i] = pix[i] - above[i]
		}
	}
	return diff
}

// upFilterRGB writes the Up-filtered RGB bytes of 4-byte pixels pix (row
// above: above) to dst, which needs two spare bytes at the end, and
// appends to diff the index of the first pixel of every pair whose colour
// differs from the row above. Two pixels at a time are handled as one
// uint64 with a borrow-free bytewise subtract and stored with one
// overlapping 8-byte write.
func upFilterRGB(dst, pix, above []byte, diff []int32) []int32 {
	n := len(pix) / 4
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	i := 0
	for i+4 <= n {
		// Skip the pixels equal to the row above (most of a rendered
		// picture) eight at a time, then clear their filtered bytes at once.
		j := i
		for j+8 <= n {
			p := pix[4*j : 4*j+32 : 4*j+32]
			q := above[4*j : 4*j+32 : 4*j+32]
			if (binary.LittleEndian.Uint64(p)^binary.LittleEndian.Uint64(q))|
				(binary.LittleEndian.Uint64(p[8:])^binary.LittleEndian.Uint64(q[8:]))|
				(binary.LittleEndian.Uint64(p[16:])^binary.LittleEndian.Uint64(q[16:]))|
				(binary.LittleEndian.Uint64(p[24:])^binary.LittleEndian.Uint64(q[24:])) != 0 {
				break
			}
			j += 8
		}
		if j > i {
			clear(dst[3*i : 3*j])
			i = j
			continue
		}
		p := pix[4*i : 4*i+16]
		q := above[4*i : 4*i+16]
		x0, y0 := binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(q)
		x1, y1 := binary.LittleEndian.Uint64(p[8:]), binary.LittleEndian.Uint64(q[8:])
		o := dst[3*i : 3*i+14]
		if x0 == y0 && x1 == y1 {
			// Four pixels equal to the row above (most of a rendered
			// picture) are twelve zero bytes.
			binary.LittleEndian.PutUint64(o, 0)
			binary.LittleEndian.PutUint32(o[8:], 0)
			i += 4
			continue
		}
		d := ((x0 | hi) - (y0 & lo)) ^ ((x0 ^ ^y0) & hi)
		d = d&0xffffff | (d>>8)&0xffffff000000
		binary.LittleEndian.PutUint64(o, d)
		if d != 0 {
			diff = append(diff, int32(i))
		}
		d = ((x1 | hi) - (y1 & lo)) ^ ((x1 ^ ^y1) & hi)
		d = d&0xffffff | (d>>8)&0xffffff000000
		binary.LittleEndian.PutUint64(o[6:], d)
		if d != 0 {
			diff = append(diff, int32(i+2))
		}
		i += 4
	}
	for ; i+2 <= n; i += 2 {
		a := binary.LittleEndian.Uint64(pix[4*i : 4*i+8])
		b := binary.LittleEndian.Uint64(above[4*i : 4*i+8])
		d := ((a | hi) - (b & lo)) ^ ((a ^ ^b) & hi)
		d = d&0xffffff | (d>>8)&0xffffff000000
		binary.LittleEndian.PutUint64(dst[3*i:3*i+8], d)
		if d != 0 {
			diff = append(diff, int32(i))
		}
	}
	for ; i < n; i++ {
		dst[3*i] = pix[4*i] - above[4*i]
		dst[3*i+1] = pix[4*i+1] - above[4*i+1]
		dst[3*i+2] = pix[4*i+2] - above[4*i+2]
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
	add := func(a, b int) {
		if last := len(spans) - 1; a <= int(spans[last])+8 {
			spans[last] = int32(max(int(spans[last]), b))
			return
		}
		spans = append(spans, int32(a), int32(b))
	}
	for _, j := range diff {
		add(1+bpp*int(j), 1+bpp*min(width, int(j)+3))
	}
	if width%2 == 1 {
		add(1+bpp*(width-1), 1+bpp*width)
	}
	return spans
}
