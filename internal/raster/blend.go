package raster

import "encoding/binary"

// Pixel arithmetic on whole pixels. A premultiplied pixel is read as one
// little-endian word (R in the low byte) and its four channels are spread
// into the 16-bit lanes of a uint64, so one multiply scales all four and
// one exact rounding division by 255 (Div255, lane-wise) follows. The
// results are bit for bit those of the per-channel formulas.

// laneMask keeps the low byte of each 16-bit lane.
const laneMask = 0x00ff00ff00ff00ff

// ScalePix returns pixel word d with every channel multiplied by k/255
// (k at most 255), rounded as Div255 rounds.
func ScalePix(d, k uint32) uint32 {
	v := uint64(d)
	x := (v | v<<24) & laneMask // lanes: R, B, G, A
	x *= uint64(k)
	// Div255 in every lane: no lane exceeds 255*255+128+254 < 1<<16.
	x += 0x0080008000800080
	x = (x + (x>>8)&laneMask) >> 8 & laneMask
	return uint32(x) | uint32(x>>24)
}

// OverPix composites premultiplied source word s, whose alpha is a, over
// destination word d (source-over).
func OverPix(s, a, d uint32) uint32 { return s + ScalePix(d, 255-a) }

// Load32 and Store32 read and write the pixel word at the start of p.
func Load32(p []byte) uint32     { return binary.LittleEndian.Uint32(p) }
func Store32(p []byte, v uint32) { binary.LittleEndian.PutUint32(p, v) }

// blendRow composites the premultiplied pixels src over dst (the same
// length, a multiple of 4): transparent source pixels are skipped two at
// a time, opaque ones copied, the rest blended.
func blendRow(dst, src []byte) {
	dst = dst[:len(src)]
	i := 0
	for ; i+8 <= len(src); i += 8 {
		v := binary.LittleEndian.Uint64(src[i:])
		switch v & 0xff000000ff000000 {
		case 0:
			continue
		case 0xff000000ff000000:
			binary.LittleEndian.PutUint64(dst[i:], v)
			continue
		}
		blendPixWord(dst[i:i+4], uint32(v))
		blendPixWord(dst[i+4:i+8], uint32(v>>32))
	}
	if i < len(src) {
		blendPixWord(dst[i:i+4], Load32(src[i:]))
	}
}

// blendPixWord composites premultiplied pixel word s over the pixel at
// the start of d.
func blendPixWord(d []byte, s uint32) {
	switch a := s >> 24; a {
	case 0:
	case 255:
		Store32(d, s)
	default:
		Store32(d, OverPix(s, a, Load32(d)))
	}
}

// blendCovWord composites premultiplied colour word c scaled by coverage
// cov (0-255) over the pixel at the start of d.
func blendCovWord(d []byte, c, cov uint32) {
	s := ScalePix(c, cov)
	if a := s >> 24; a != 0 {
		Store32(d, OverPix(s, a, Load32(d)))
	}
}

// shadePix darkens pixel word d by black of coverage cov (an opaque black
// shadow): every channel scaled by 255-cov, alpha raised by cov.
func shadePix(d, cov uint32) uint32 { return ScalePix(d, 255-cov) + cov<<24 }

// Pixel32 packs a pixel's bytes as a little-endian word.
func Pixel32(r, g, b, a uint8) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}
