package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
)

// blitOver composites the premultiplied src (its whole Rect) over dst with
// src's Rect.Min placed at at. Transparent pixels are skipped and opaque
// ones copied, so logos with large flat areas blit quickly.
func blitOver(dst *image.RGBA, src *image.RGBA, at image.Point) {
	r := src.Rect.Sub(src.Rect.Min).Add(at).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	sx0, sy0 := src.Rect.Min.X+(r.Min.X-at.X), src.Rect.Min.Y+(r.Min.Y-at.Y)
	w := 4 * r.Dx()
	for y := 0; y < r.Dy(); y++ {
		s := src.Pix[src.PixOffset(sx0, sy0+y):][:w]
		d := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:w]
		for i := 0; i < w; i += 4 {
			// Two transparent or two opaque pixels at a time.
			if i+8 <= w {
				v := binary.LittleEndian.Uint64(s[i:])
				switch v & 0xff000000ff000000 {
				case 0:
					i += 4
					continue
				case 0xff000000ff000000:
					binary.LittleEndian.PutUint64(d[i:], v)
					i += 4
					continue
				}
			}
			switch a := s[i+3]; a {
			case 0:
			case 255:
				copy(d[i:i+4], s[i:i+4])
			default:
				ia := 255 - uint32(a)
				p := d[i : i+4 : i+4]
				p[0] = uint8(uint32(s[i]) + div255(uint32(p[0])*ia))
				p[1] = uint8(uint32(s[i+1]) + div255(uint32(p[1])*ia))
				p[2] = uint8(uint32(s[i+2]) + div255(uint32(p[2])*ia))
				p[3] = uint8(uint32(a) + div255(uint32(p[3])*ia))
			}
		}
	}
}

// slantedBand fills, in opaque colour c, the part of dst between two
// parallel near-vertical lines: row y covers x from left(y) to
// left(y)+width, where left(y) = x0 + slope*y and width is measured
// horizontally (use math.Inf(1) for "to the right edge"). Edges are
// anti-aliased by the horizontal distance to each line over the pixel's
// footprint 1+|slope|, and the interior is filled with copies of a colour
// row: much cheaper than rasterising a canvas-sized polygon.
func slantedBand(dst *image.RGBA, x0, slope, width float64, c color.RGBA) {
	r := dst.Rect
	pattern := make([]byte, 4*r.Dx())
	pattern[0], pattern[1], pattern[2], pattern[3] = c.R, c.G, c.B, 255
	for n := 4; n < len(pattern); n *= 2 {
		copy(pattern[n:], pattern[:n])
	}
	foot := 1 + math.Abs(slope)
	cover := func(d float64) float64 { return min(1, max(0, d/foot+0.5)) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		l := x0 + slope*(float64(y)+0.5)
		rt := l + width
		// Pixels fully inside: centre at least foot/2 from both edges.
		in0 := max(r.Min.X, int(math.Ceil(l+foot/2-0.5)))
		in1 := r.Max.X
		if !math.IsInf(width, 1) {
			in1 = min(r.Max.X, int(math.Floor(rt-foot/2-0.5))+1)
		}
		row := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		if in1 > in0 {
			copy(row[4*(in0-r.Min.X):4*(in1-r.Min.X)], pattern)
		}
		edge := func(x0, x1 int) {
			for x := max(x0, r.Min.X); x < min(x1, r.Max.X); x++ {
				cx := float64(x) + 0.5
				cov := cover(cx - l)
				if !math.IsInf(width, 1) {
					cov = min(cov, cover(rt-cx))
				}
				if cov > 0 {
					blendPix(row, 4*(x-r.Min.X), c, uint32(cov*255+0.5))
				}
			}
		}
		lo := int(math.Floor(l - foot))
		edge(lo, min(in0, lo+int(2*foot)+3))
		if !math.IsInf(width, 1) {
			hi := int(math.Floor(rt - foot))
			edge(max(in1, hi), hi+int(2*foot)+3)
			if in1 <= in0 { // band thinner than the footprint
				edge(lo, hi+int(2*foot)+3)
			}
		}
	}
}
