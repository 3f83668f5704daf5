package render

import (
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
		blendRow(d, s)
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
	slantedBandOver(dst, x0, slope, width, c, nil)
}

// colourPattern fills buf with pixels of opaque colour c and returns it.
func colourPattern(buf *[256]byte, c color.RGBA) []byte {
	p := buf[:]
	p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
	for n := 4; n < len(p); n *= 2 {
		copy(p[n:], p[:n])
	}
	return p
}

// fillSpan fills span with repeats of pattern (whole pixels).
// pattern must be one colour: past its length the span is filled by
// doubling copies of its own start, so a row takes a few memmoves.
func fillSpan(span, pattern []byte) {
	n := copy(span, pattern)
	for n < len(span) {
		n += copy(span[n:], span[:n])
	}
}

// slantedBandOver is slantedBand that first fills each row left of the
// band's interior with the opaque colour under (when not nil): the same
// pixels as filling dst with under and drawing the band, written once.
func slantedBandOver(dst *image.RGBA, x0, slope, width float64, c color.RGBA, under *color.RGBA) {
	r := dst.Rect
	var pat, pbelow [256]byte // 64 pixels of each colour
	pattern := colourPattern(&pat, c)
	var below []byte
	if under != nil {
		below = colourPattern(&pbelow, *under)
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
		if below != nil {
			n := min(max(in0, r.Min.X), r.Max.X) - r.Min.X
			if in1 <= in0 {
				n = r.Dx()
			}
			fillSpan(row[:4*n], below)
		}
		if in1 > in0 {
			fillSpan(row[4*(in0-r.Min.X):4*(in1-r.Min.X)], pattern)
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
