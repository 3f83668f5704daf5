package raster

import (
	"image"
	"image/color"
	"math"
)

// BlitOver composites the premultiplied src (its whole Rect) over dst with
// src's Rect.Min placed at at. Transparent pixels are skipped and opaque
// ones copied, so logos with large flat areas blit quickly.
func BlitOver(dst *image.RGBA, src *image.RGBA, at image.Point) {
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
	SlantedBands(dst, Band{x0, slope, width, c, nil})
}

// band is one slantedBand: when under is not nil, each row left of the
// band's interior is first filled with that opaque colour.
type Band struct {
	X0, Slope, Width float64
	C                color.RGBA
	Under            *color.RGBA
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

// SlantedBands draws the bands in order, row by row: the pixels of
// drawing each over the whole of dst in turn, but a row is finished while
// it is in cache, and what the last band's opaque interior covers is not
// painted by the bands before it (the halves of a split under their
// divider).
func SlantedBands(dst *image.RGBA, bands ...Band) {
	r := dst.Rect
	var pats, belows [2][256]byte // 64 pixels of each colour
	type bandRow struct {
		pattern, below []byte
		foot           float64
		l, rt          float64
		in0, in1       int
	}
	rows := make([]bandRow, len(bands))
	for i, b := range bands {
		br := &rows[i]
		if i < len(pats) {
			br.pattern = colourPattern(&pats[i], b.C)
			if b.Under != nil {
				br.below = colourPattern(&belows[i], *b.Under)
			}
		} else {
			br.pattern = colourPattern(new([256]byte), b.C)
			if b.Under != nil {
				br.below = colourPattern(new([256]byte), *b.Under)
			}
		}
		br.foot = 1 + math.Abs(b.Slope)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for i, b := range bands {
			br := &rows[i]
			foot := br.foot
			br.l = b.X0 + b.Slope*(float64(y)+0.5)
			br.rt = br.l + b.Width
			// Pixels fully inside: centre at least foot/2 from both edges.
			br.in0 = max(r.Min.X, int(math.Ceil(br.l+foot/2-0.5)))
			br.in1 = r.Max.X
			if !math.IsInf(b.Width, 1) {
				br.in1 = min(r.Max.X, int(math.Floor(br.rt-foot/2-0.5))+1)
			}
		}
		// The hole: columns the last band's interior overwrites.
		last := &rows[len(rows)-1]
		h0, h1 := last.in0, last.in1
		for i, b := range bands {
			if i == len(bands)-1 {
				h0, h1 = 0, 0
			}
			br := &rows[i]
			bandRowPaint(row, r, b, br.pattern, br.below, br.foot, br.l, br.rt, br.in0, br.in1, h0, h1)
		}
	}
}

// bandRowPaint paints one row of band b (see SlantedBands for the
// geometry), leaving columns [h0, h1) alone.
func bandRowPaint(row []byte, r image.Rectangle, b Band, pattern, below []byte, foot, l, rt float64, in0, in1, h0, h1 int) {
	fill := func(x0, x1 int, pat []byte) {
		if h0 < h1 && x0 < h1 && h0 < x1 {
			if x0 < h0 {
				fillSpan(row[4*(x0-r.Min.X):4*(h0-r.Min.X)], pat)
			}
			if h1 < x1 {
				fillSpan(row[4*(h1-r.Min.X):4*(x1-r.Min.X)], pat)
			}
			return
		}
		if x0 < x1 {
			fillSpan(row[4*(x0-r.Min.X):4*(x1-r.Min.X)], pat)
		}
	}
	if below != nil {
		n := min(max(in0, r.Min.X), r.Max.X)
		if in1 <= in0 {
			n = r.Max.X
		}
		fill(r.Min.X, n, below)
	}
	if in1 > in0 {
		fill(in0, in1, pattern)
	}
	inf := math.IsInf(b.Width, 1)
	cw := Pixel32(b.C.R, b.C.G, b.C.B, b.C.A)
	edge := func(x0, x1 int) {
		bandEdge(row, r.Min.X, max(x0, r.Min.X), min(x1, r.Max.X), h0, h1, l, rt, foot, inf, cw)
	}
	lo := int(math.Floor(l - foot))
	edge(lo, min(in0, lo+int(2*foot)+3))
	if !inf {
		hi := int(math.Floor(rt - foot))
		edge(max(in1, hi), hi+int(2*foot)+3)
		if in1 <= in0 { // band thinner than the footprint
			edge(lo, hi+int(2*foot)+3)
		}
	}
}

// bandEdge blends colour word c over the pixels x0 <= x < x1 of row
// (whose first pixel is column rx) by their coverage between the band's
// edges l and rt (rt ignored when inf) over footprint foot, leaving
// columns [h0, h1) alone.
func bandEdge(row []byte, rx, x0, x1, h0, h1 int, l, rt, foot float64, inf bool, c uint32) {
	for x := x0; x < x1; x++ {
		if h0 <= x && x < h1 {
			continue
		}
		cx := float64(x) + 0.5
		// min(1, max(0, d/foot+0.5)) for each edge: only cov > 0 is used,
		// so NaN and signed zeros need no care.
		cov := (cx-l)/foot + 0.5
		if cov > 1 {
			cov = 1
		}
		if !inf {
			if v := (rt-cx)/foot + 0.5; v < cov {
				cov = v
			}
		}
		if cov > 0 {
			blendCovWord(row[4*(x-rx):][:4], c, uint32(cov*255+0.5))
		}
	}
}

// BlitClipped composites src over dst (src's top-left at at) through the
// coverage mask m (dst coordinates; nothing outside it).
func BlitClipped(dst, src *image.RGBA, at image.Point, m *image.Alpha) {
	r := src.Rect.Sub(src.Rect.Min).Add(at).Intersect(dst.Rect).Intersect(m.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cov := uint32(m.Pix[m.PixOffset(x, y)])
			if cov == 0 {
				continue
			}
			si := src.PixOffset(src.Rect.Min.X+x-at.X, src.Rect.Min.Y+y-at.Y)
			BlendPix(dst.Pix, dst.PixOffset(x, y), colorRGBA(src.Pix[si:si+4]), cov)
		}
	}
}
